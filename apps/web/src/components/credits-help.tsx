import { DEALS_MSG } from "@valoriza/domain";
import { Link } from "react-router-dom";
import { useCredits } from "../lib/account.ts";
import { cn } from "../lib/utils.ts";

/**
 * How a newcomer gets spendable credits (issue 15 item 17): registering something issues its
 * credits blocked; a completed deal with it releases them; or someone sends credits.
 */
export const HOW_TO_GET_CREDITS =
  "Para tener créditos disponibles: registra algo que tengas (un bien, tu tiempo o dinero), completa una operación con él para liberar sus créditos, o recibe créditos de otra persona.";

/** Where a newcomer starts: registering an asset. */
export const GET_CREDITS_LINK = { to: "/registrar-activo", label: "Registrar un activo" } as const;

/** Whether a refusal shown to the user is the 'not enough available credits' one. */
export function isInsufficientCreditsText(...texts: (string | undefined | null)[]): boolean {
  return texts.some((t) => typeof t === "string" && t.includes(DEALS_MSG.insufficientCredits));
}

/** The explanation and its link, placed under the refusal. */
export function CreditsHowTo({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  return (
    <span className={cn("block text-sm", className)} data-testid="credits-how-to">
      {HOW_TO_GET_CREDITS}{" "}
      <Link
        to={GET_CREDITS_LINK.to}
        onClick={onNavigate}
        className="font-semibold text-emerald-700 underline underline-offset-2 hover:text-emerald-800"
      >
        {GET_CREDITS_LINK.label}
      </Link>
    </span>
  );
}

/** The header's note for a newcomer with 0 available credits (issue 15 item 17); loaded when opened. */
export function NoCreditsNote({ onNavigate }: { onNavigate: () => void }) {
  const { credits } = useCredits();
  if (!credits || credits.disponibles > 0) return null;
  return (
    <span className="mt-2 block border-t border-slate-100 pt-2">
      <strong className="block font-semibold text-slate-900">¿Sin créditos disponibles?</strong>
      <CreditsHowTo onNavigate={onNavigate} />
    </span>
  );
}
