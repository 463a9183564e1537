import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "../components/ui/button.tsx";

/** A new version of the app is ready: 'Recargar' activates it and reloads the page (ADR 023). */
export function UpdateNotice({ onReload }: { onReload: () => void }) {
  const [reloading, setReloading] = useState(false);
  return (
    <section
      aria-label="Actualización"
      data-state="open"
      className="vz-pop fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-2xl border border-emerald-200 bg-white p-3 pl-4 shadow-xl shadow-slate-900/15 sm:right-4 sm:left-auto"
    >
      <p role="status" className="flex-1 text-sm font-medium text-slate-800">
        Nueva versión disponible
      </p>
      <Button
        size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          onReload();
        }}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        Recargar
      </Button>
    </section>
  );
}
