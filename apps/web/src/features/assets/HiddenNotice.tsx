import { MODERATION_MSG } from "@valoriza/domain";
import { EyeOff } from "lucide-react";
import type { Asset } from "../../lib/assets.ts";

/**
 * What the owner (or an admin) of a listing hidden by moderation reads on it (issue 19): why, and
 * that nobody else sees it. Only the owner's answers carry `oculto`.
 */
export function HiddenNotice({ oculto }: { oculto: NonNullable<Asset["oculto"]> }) {
  return (
    <div
      role="status"
      data-testid="hidden-notice"
      className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold break-words">{MODERATION_MSG.hiddenBanner(oculto.motivo)}</p>
        <p className="mt-1">
          {oculto.porSuspension
            ? "Mientras la cuenta esté suspendida, nadie más puede verla."
            : "Nadie más puede verla en el inicio, la búsqueda ni su enlace. Si crees que es un error, escríbenos a soporte."}
        </p>
      </div>
    </div>
  );
}

/** The mark on the owner's card in 'Mis activos': hidden, and why. */
export function HiddenMark({ oculto }: { oculto: NonNullable<Asset["oculto"]> }) {
  return (
    <p
      data-testid="hidden-mark"
      className="flex w-full items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-1.5 text-xs font-medium break-words text-amber-900"
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {MODERATION_MSG.hiddenBanner(oculto.motivo)}
    </p>
  );
}
