import { formatCredits } from "@valoriza/domain";
import { Link } from "react-router-dom";
import { useCredits } from "../lib/account.ts";
import { useMyLimits } from "../lib/limits.ts";

/** One line on blocked credits (overview §1: issued blocked, released when an operation finishes). */
export const BLOCKED_CREDITS_HINT = "Se liberan cuando completas una operación con el activo.";
/** With credits in review too: those already completed their operation (ADR 015). */
export const BLOCKED_CREDITS_HINT_MIXED = "Los de activos sin operación completada se liberan cuando la completas.";

/**
 * Why credits are blocked, inside the header's blocked-credits explanation (loaded when opened): the
 * operation still to complete, and the credits 'en revisión' of operations already completed, why,
 * until when, and the way to verify one's identity when that is what they wait for (ADR 015).
 */
export function BlockedNote({ onNavigate }: { onNavigate: () => void }) {
  const { data } = useMyLimits();
  const { credits } = useCredits();
  const review = data?.creditosEnRevision ?? 0;
  if (!data || review <= 0) return BLOCKED_CREDITS_HINT;
  const reasons = [...new Set(data.revisiones.map((r) => r.motivoTexto))];
  return (
    <>
      {(credits?.bloqueados ?? 0) > review ? BLOCKED_CREDITS_HINT_MIXED : null}
      <span className="mt-2 block" data-testid="header-en-revision">
        <strong className="font-semibold text-slate-900">
          En revisión: {formatCredits(review)} créditos de operaciones ya completadas.{" "}
        </strong>
        {reasons.join(" ")}
        {data.verificacionRequerida ? (
          <Link
            to="/verificacion"
            onClick={onNavigate}
            className="mt-1 block font-semibold text-emerald-700 underline underline-offset-2"
          >
            Verificar mi identidad
          </Link>
        ) : null}
      </span>
    </>
  );
}
