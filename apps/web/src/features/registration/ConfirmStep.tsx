import {
  ASSET_MSG,
  type AssetAction,
  CONDITION_LABELS,
  creditsLabel,
  formatCOP,
  MAIN_PURPOSE_LABELS,
  MONEY_CONTRIBUTION_TYPE_LABELS,
  PHYSICAL_STATE_LABELS,
  TIMINGS,
  WIZARD_ASSET_TYPE_LABELS,
  type WizardAssetType,
} from "@valoriza/domain";
import { CircleCheck, Lock, Pencil, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { UploadProgress } from "../../components/ui/upload-progress.tsx";
import { type Coords, UseMyLocation } from "../../components/use-my-location.tsx";
import { isAuthError } from "../../lib/api.ts";
import { invalidateAfterCreditChange } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type RegistrationResult, registerGood, registerMoney, registerTime } from "./api.ts";
import { parseGoods, parseMoney, parseTime } from "./forms.ts";
import type { PickedImage } from "./images.ts";
import { StepShell } from "./StepShell.tsx";
import { type ValuationView, valuateGoodsView, valuateMoneyView, valuateTimeView } from "./valuation.ts";
import type { WizardState } from "./wizard-state.ts";

interface Prepared {
  valuation: ValuationView | null;
  rows: [string, ReactNode][];
  submit: (userId: string, key: string, onProgress: (f: number) => void) => Promise<RegistrationResult>;
  errorTitle: string;
  redirectTo: string;
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

/** Builds the summary, the valuation and the call for the chosen type; null if the data is incomplete. */
function prepare(
  state: WizardState,
  type: WizardAssetType,
  action: AssetAction,
  coords: Coords | null = null,
): Prepared | null {
  const actionRow: [string, ReactNode] = ["Acción", MAIN_PURPOSE_LABELS[action]];
  if (type === "bienes") {
    const goods = parseGoods(state.goods);
    if (!goods) return null;
    const images = state.images.filter((i): i is PickedImage & { dataUrl: string } => i.dataUrl !== null);
    return {
      valuation: valuateGoodsView(goods),
      rows: [
        ["Título", goods.title],
        ["Categoría", [goods.category, goods.subcategory, goods.especializacion].filter(Boolean).join(" · ")],
        ["Condición", CONDITION_LABELS[goods.condition]],
        ["Estado físico", PHYSICAL_STATE_LABELS[goods.physicalState]],
        ["Año de compra", goods.yearOfPurchase],
        actionRow,
        ...(goods.location ? ([["Ubicación", goods.location]] as [string, ReactNode][]) : []),
        ["Fotos", images.length === 0 ? "Sin fotos" : `${images.length} ${images.length === 1 ? "foto" : "fotos"}`],
      ],
      submit: (userId, key, onProgress) =>
        registerGood(
          {
            title: goods.title,
            description: goods.description,
            assetType: "bien",
            origin: "personal",
            category: goods.category,
            subcategory: optional(goods.subcategory ?? ""),
            especializacion: optional(goods.especializacion ?? ""),
            condition: goods.condition,
            physicalState: goods.physicalState,
            yearOfPurchase: goods.yearOfPurchase,
            baseValueCOP: goods.baseValueCOP,
            location: optional(goods.location ?? ""),
            ...(coords ? { coordenadas: coords } : {}),
            mainPurpose: action,
            privacy: "publico",
            images: images.map((i) => i.dataUrl),
            userId,
          },
          key,
          images.length > 0 ? onProgress : undefined,
        ),
      errorTitle: ASSET_MSG.wizardCreateAssetError,
      redirectTo: "/mis-activos",
    };
  }
  if (type === "tiempo") {
    const time = parseTime(state.time);
    if (!time) return null;
    return {
      valuation: valuateTimeView(time),
      rows: [
        ["Tipo de servicio", time.tipo],
        ["Horas", time.horas],
        ["Especializado", time.especializado ? "Sí" : "No"],
        actionRow,
      ],
      submit: (userId, key) =>
        registerTime(
          {
            tipo: time.tipo,
            horas: time.horas,
            especializado: time.especializado,
            descripcion: time.descripcion,
            mainPurpose: action,
            userId,
          },
          key,
        ),
      errorTitle: ASSET_MSG.registerTimeError,
      redirectTo: "/mis-activos",
    };
  }
  const money = parseMoney(state.money);
  if (!money) return null;
  return {
    valuation: valuateMoneyView(money),
    rows: [
      ["Monto", formatCOP(money.monto)],
      ["Tipo de aporte", MONEY_CONTRIBUTION_TYPE_LABELS[money.tipo]],
      actionRow,
    ],
    submit: (userId, key) =>
      registerMoney(
        { monto: money.monto, tipo: money.tipo, descripcion: money.descripcion, mainPurpose: action, userId },
        key,
      ),
    errorTitle: ASSET_MSG.registerMoneyError,
    // Spec overview §2: after a money contribution the wizard goes home.
    redirectTo: "/",
  };
}

/** A server answer about the photos ('La imagen 2 …', 'Error al procesar imágenes'). */
function isImageError(error: unknown): boolean {
  return error instanceof Error && /imagen|imágenes/i.test(error.message);
}

/** Step 4: the valuation and the data, 'Editar' (back, nothing lost) and 'Confirmar y Registrar'. */
const CONFIRM_TEXT: Record<keyof typeof WIZARD_ASSET_TYPE_LABELS, string> = {
  bienes: "Revisa la valoración de tu bien antes de registrarlo.",
  tiempo: "Revisa la valoración de tu tiempo antes de registrarlo.",
  dinero: "Revisa tu aporte en dinero antes de registrarlo.",
};

export function ConfirmStep({
  state,
  type,
  action,
  submissionKey,
  onEdit,
}: {
  state: WizardState;
  type: WizardAssetType;
  action: AssetAction;
  submissionKey: string;
  onEdit: () => void;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<"idle" | "submitting" | "done">("idle");
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [result, setResult] = useState<RegistrationResult | null>(null);
  const [coords, setCoords] = useState<Coords | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const prepared = prepare(state, type, action, coords);
  if (!prepared) {
    return (
      <StepShell title="Revisa los datos">
        <Alert title="Faltan datos">Vuelve a editar y completa la información del activo.</Alert>
        <Button variant="outline" className="mt-4" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Editar
        </Button>
      </StepShell>
    );
  }

  const submit = async () => {
    if (!user) return;
    setPhase("submitting");
    setFailure(null);
    setProgress(null);
    try {
      const registered = await prepared.submit(user._id, submissionKey, setProgress);
      setResult(registered);
      setPhase("done");
      const credits = registered.credits ?? prepared.valuation?.credits ?? null;
      toast({
        title: "¡Activo registrado!",
        description:
          credits !== null
            ? `Recibiste ${creditsLabel(credits)} bloqueados. Se liberan cuando completes una operación.`
            : "Tu activo quedó registrado.",
        variant: "success",
      });
      void invalidateAfterCreditChange();
      redirectTimer.current = setTimeout(() => navigate(prepared.redirectTo), TIMINGS.redirectAfterRegistration);
    } catch (error) {
      setPhase("idle");
      // 401/403: the session was cleared, 'Sesión expirada' shown and the login reopened.
      if (isAuthError(error)) return;
      const title = type === "bienes" && isImageError(error) ? ASSET_MSG.processImagesError : prepared.errorTitle;
      const message = errorMessage(error, title);
      setFailure({ title, message });
      toast({ title: ASSET_MSG.registrationFailedToast, description: message, variant: "error" });
    }
  };

  const valuation = prepared.valuation;
  const thumbs = type === "bienes" ? state.images.filter((i) => i.status === "ready") : [];

  return (
    <StepShell
      title={phase === "done" ? "¡Registro exitoso!" : "Confirma tu registro"}
      description={
        phase === "done"
          ? prepared.redirectTo === "/"
            ? "Te llevamos al inicio…"
            : "Te llevamos a Mis Activos…"
          : CONFIRM_TEXT[type]
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_1.1fr]">
        <section
          aria-labelledby="valoracion-title"
          className="overflow-hidden rounded-2xl border border-emerald-200"
          data-testid="confirm-valuation"
        >
          <div className="bg-gradient-to-br from-emerald-600 to-teal-600 px-5 py-5 text-white">
            <h3 id="valoracion-title" className="text-sm font-medium text-emerald-50/90">
              Créditos que se emitirán
            </h3>
            <p className="mt-1 flex items-center gap-2 text-3xl font-extrabold tabular-nums">
              <Lock aria-hidden="true" className="size-6 shrink-0" />
              <span data-testid="confirm-credits">{valuation ? creditsLabel(valuation.credits) : "—"}</span>
            </p>
            <p className="mt-1 text-xs font-semibold tracking-wide text-emerald-50 uppercase">Bloqueados</p>
          </div>
          {valuation ? (
            <dl className="grid grid-cols-2 gap-4 bg-white p-5 text-sm">
              <div>
                <dt className="text-xs text-slate-500">{type === "bienes" ? "Valor base" : "Valor"}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{formatCOP(valuation.baseCOP)}</dd>
              </div>
              {valuation.depreciation !== null ? (
                <>
                  <div>
                    <dt className="text-xs text-slate-500">Depreciación</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">{valuation.depreciation} %</dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="text-xs text-slate-500">Valor actual</dt>
                    <dd className="text-lg font-bold text-slate-900 tabular-nums">{formatCOP(valuation.currentCOP)}</dd>
                  </div>
                </>
              ) : null}
              <div className="col-span-2 border-t border-slate-100 pt-3">
                <dt className="sr-only">Cálculo</dt>
                {valuation.breakdown.map((line) => (
                  <dd key={line} className="text-xs text-slate-500">
                    {line}
                  </dd>
                ))}
              </div>
            </dl>
          ) : null}
        </section>

        <section aria-labelledby="resumen-title" className="min-w-0">
          <h3 id="resumen-title" className="text-sm font-semibold text-slate-900">
            Resumen
          </h3>
          <dl className="mt-2 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4 text-sm">
            <Row label="Tipo">{WIZARD_ASSET_TYPE_LABELS[type]}</Row>
            {prepared.rows.map(([label, value]) => (
              <Row key={label} label={label}>
                {value}
              </Row>
            ))}
          </dl>
          {thumbs.length > 0 ? (
            // Focusable, so the strip scrolls from the keyboard too (axe scrollable-region-focusable).
            <ul
              className="mt-3 flex gap-2 overflow-x-auto rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              aria-label="Fotos"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
              tabIndex={0}
            >
              {thumbs.map((image, i) => (
                <li key={image.id} className="size-14 shrink-0 overflow-hidden rounded-lg bg-slate-100">
                  <img src={image.preview} alt={`Foto ${i + 1}`} className="size-full object-cover" />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      <p className="mt-5 flex items-start gap-2 text-xs text-slate-500">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
        El valor final lo calcula el servidor al registrar. Los créditos quedan bloqueados hasta que completes una
        operación con este activo.
      </p>

      {phase === "submitting" && progress !== null ? (
        <UploadProgress progress={progress} className="mt-5" animated />
      ) : null}

      {failure ? (
        <Alert title={failure.title} className="mt-5">
          {failure.message}
        </Alert>
      ) : null}

      {type === "bienes" && phase !== "done" ? (
        <div className="mt-5">
          <UseMyLocation value={coords} onChange={setCoords} />
        </div>
      ) : null}

      {phase === "done" ? (
        <Alert variant="success" title="¡Listo!" className="mt-5">
          {result?.title ? `"${result.title}" quedó registrado.` : "Tu activo quedó registrado."}
        </Alert>
      ) : (
        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onEdit} disabled={phase === "submitting"}>
            <Pencil aria-hidden="true" className="size-4" />
            Editar
          </Button>
          <Button loading={phase === "submitting"} loadingText="Registrando…" onClick={() => void submit()}>
            <CircleCheck aria-hidden="true" className="size-4" />
            Confirmar y Registrar
          </Button>
        </div>
      )}
    </StepShell>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}
