import { useEffect } from "react";

/** Sets the tab title as "{title} · Valoriza" while the page is shown. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Valoriza` : "Valoriza";
  }, [title]);
}
