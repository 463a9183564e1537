import type { ReportTipo } from "@valoriza/domain";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { useSession } from "../lib/session.tsx";
import { cn } from "../lib/utils.ts";
import { buttonClasses } from "./ui/button.tsx";

// The dialog (form, motives, call) is its own small chunk, fetched on the first click.
const ReportDialog = lazy(() => import("./report-dialog.tsx").then((m) => ({ default: m.ReportDialog })));

/**
 * 'Reportar' (issue 19): opens a dialog to report a person, a listing or a chat message with a motive
 * and an optional description. Signed out, it opens the sign-in. `variant` 'button' is an outline
 * button; 'link' a small quiet text button (under a chat message).
 */
export function ReportButton({
  tipo,
  objetivoId,
  label = "Reportar",
  what,
  variant = "button",
  className,
}: {
  tipo: ReportTipo;
  objetivoId: string;
  /** The visible text. */
  label?: string;
  /** What is reported, for the accessible name and the dialog's title (e.g. the listing's title). */
  what: string;
  variant?: "button" | "link";
  className?: string;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="report-button"
        data-needs-network=""
        aria-label={`${label}: ${what}`}
        aria-haspopup="dialog"
        onClick={() => (user ? setOpen(true) : openAuthDialog("login"))}
        className={cn(
          variant === "button"
            ? buttonClasses({ variant: "ghost", size: "sm" })
            : "inline-flex min-h-6 items-center gap-1 rounded text-xs text-slate-500 underline-offset-2 hover:text-red-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500",
          variant === "button" && "text-slate-600 hover:text-red-700",
          className,
        )}
      >
        <Flag aria-hidden="true" className={variant === "button" ? "size-4" : "size-3"} />
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog tipo={tipo} objetivoId={objetivoId} what={what} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
