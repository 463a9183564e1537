import { creditsLabel, DEALS_MSG, EXCHANGE_MSG, type ExchangeProposal } from "@valoriza/domain";
import { ArrowLeftRight, PackagePlus, RefreshCw, Scale, Send } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { CreditsHowTo, isInsufficientCreditsText } from "../../components/credits-help.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useCredits } from "../../lib/account.ts";
import { ApiError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useMyExchangeableAssets, useProposeExchange } from "./api.ts";
import { OfferOption, ValueBox } from "./ProposalParts.tsx";

/** The server's cap on creditosAdicionales (createExchangeSchema). */
const MAX_EXTRA = 1_000_000_000;

/** creditosAdicionales from the field: empty is 0; null when it is not a whole number >= 0. */
function parseExtra(text: string): number | null {
  const t = text.trim();
  if (t === "") return 0;
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) && n <= MAX_EXTRA ? n : null;
}

/**
 * The exchange proposal panel of the asset page: one of my `intercambiar` assets (activo/disponible)
 * for `asset`, both values side by side with their difference, optional credits to balance it (whole
 * credits, up to my available credits; escrowed by the server until the proposal ends) and a message.
 */
export function ProposeExchangePanel({
  asset,
  onClose,
  onSent,
}: {
  asset: Asset;
  onClose: () => void;
  onSent: (proposal: ExchangeProposal) => void;
}) {
  const id = useId();
  const mine = useMyExchangeableAssets();
  const { credits } = useCredits();
  const propose = useProposeExchange();
  const options = (mine.data ?? []).filter((a) => a.mainPurpose === "intercambiar" && a.id !== asset.id);
  const [offeredId, setOfferedId] = useState("");
  const [extraText, setExtraText] = useState("");
  const [message, setMessage] = useState("");
  const [pickError, setPickError] = useState("");
  const [extraError, setExtraError] = useState("");
  const [serverError, setServerError] = useState("");
  // One key per proposal: a retry of the same body (e.g. after a lost answer) is sent once.
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    document.getElementById(`${id}-title`)?.focus();
  }, [id]);

  const offered = options.find((a) => a.id === offeredId) ?? (options.length === 1 ? options[0] : undefined);
  const requestedCredits = asset.credits ?? 0;
  const offeredCredits = offered?.credits ?? 0;
  const diff = requestedCredits - offeredCredits;
  const disponibles = credits?.disponibles ?? null;
  const extra = parseExtra(extraText);
  const remaining = extra === null ? null : diff - extra;

  const validateExtra = (value: number | null): string => {
    if (value === null) return EXCHANGE_MSG.creditsInvalid;
    if (value > 0 && disponibles !== null && value > disponibles) return DEALS_MSG.insufficientCredits;
    return "";
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError("");
    const pick = offered ? "" : EXCHANGE_MSG.assetsRequired;
    const extraProblem = validateExtra(extra);
    setPickError(pick);
    setExtraError(extraProblem);
    if (pick) {
      document.getElementById(`${id}-options`)?.querySelector("input")?.focus();
      return;
    }
    if (extraProblem) {
      document.getElementById(`${id}-extra`)?.focus();
      return;
    }
    if (!offered || extra === null) return;
    const body = {
      offeredAssetId: offered.id,
      requestedAssetId: asset.id,
      targetUserId: asset.ownerId,
      message: message.trim(),
      creditosAdicionales: extra,
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const proposal = await propose.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({
        title: EXCHANGE_MSG.proposalSent,
        description:
          extra > 0
            ? `Propusiste «${offered.title}» más ${creditsLabel(extra)} por «${asset.title}».`
            : `Propusiste «${offered.title}» por «${asset.title}».`,
        variant: "success",
      });
      onSent(proposal);
    } catch (error) {
      // Session expired: the login is already open and says so.
      if (error instanceof ApiError && error.status === 401) return;
      const text = errorMessage(error, EXCHANGE_MSG.sendFailed);
      setServerError(text);
      toast({ title: EXCHANGE_MSG.sendFailed, description: text, variant: "error" });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !propose.isPending) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Card className="p-4 sm:p-5" role="group" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
      <div className="flex flex-col gap-4">
        <div>
          <h2 id={`${id}-title`} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            Proponer intercambio
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Ofrece uno de tus activos por «{asset.title}». {asset.owner?.name || "Su dueño"} recibe la propuesta y
            decide.
          </p>
        </div>

        {mine.isLoading ? (
          <div role="status" aria-label="Cargando tus activos" className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full rounded-xl" />
            <Skeleton className="h-14 w-full rounded-xl" />
          </div>
        ) : mine.isError ? (
          <Alert title="No pudimos cargar tus activos">
            <p>{errorMessage(mine.error, "Intenta de nuevo en unos momentos.")}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void mine.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
          </Alert>
        ) : options.length === 0 ? (
          <div className="flex flex-col gap-3">
            <Alert variant="info" title={EXCHANGE_MSG.noAssetsAvailable}>
              <p>
                Para proponer un intercambio necesitas un activo propio con propósito «Intercambiar», activo o
                disponible.
              </p>
            </Alert>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link to="/registrar-activo" className={buttonClasses({ className: "sm:flex-1" })}>
                <PackagePlus aria-hidden="true" className="size-4" />
                Registrar un activo
              </Link>
              <Button variant="outline" className="sm:flex-1" onClick={onClose}>
                Cerrar
              </Button>
            </div>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(e) => void submit(e)}
            className="flex flex-col gap-4"
            aria-label="Proponer intercambio"
          >
            <fieldset
              aria-describedby={pickError ? `${id}-pick-error` : undefined}
              aria-invalid={pickError ? true : undefined}
            >
              <legend className="text-sm font-medium text-slate-700">Activo que ofreces</legend>
              <div id={`${id}-options`} className="mt-2 flex max-h-64 flex-col gap-2 overflow-y-auto p-0.5">
                {options.map((a) => (
                  <OfferOption
                    key={a.id}
                    name={`${id}-offered`}
                    asset={a}
                    checked={offered?.id === a.id}
                    onSelect={() => {
                      setOfferedId(a.id);
                      setPickError("");
                    }}
                  />
                ))}
              </div>
              {pickError ? (
                <p id={`${id}-pick-error`} role="alert" className="mt-1.5 text-sm text-red-600">
                  {pickError}
                </p>
              ) : null}
            </fieldset>

            <section aria-label="Comparación de valores" className="flex flex-col gap-2">
              <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-stretch gap-2">
                <ValueBox
                  label="Ofreces"
                  title={offered?.title ?? "Elige uno de tus activos"}
                  credits={offered ? offeredCredits : null}
                  cop={offered?.valueCOP ?? null}
                  testId="exchange-offered-value"
                />
                <span className="flex items-center text-emerald-700">
                  <ArrowLeftRight aria-label="por" className="size-5" />
                </span>
                <ValueBox
                  label="Solicitas"
                  title={asset.title}
                  credits={requestedCredits}
                  cop={asset.valueCOP}
                  testId="exchange-requested-value"
                />
              </div>
              <p
                data-testid="exchange-difference"
                aria-live="polite"
                className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700"
              >
                <Scale aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <span>
                  {!offered
                    ? "Elige el activo que ofreces para ver la diferencia de valor."
                    : diff > 0
                      ? `Diferencia: ${creditsLabel(diff)} a favor del activo que solicitas.`
                      : diff < 0
                        ? `Diferencia: tu activo vale ${creditsLabel(-diff)} más que el solicitado.`
                        : "Los dos activos valen lo mismo."}
                  {offered && extra !== null && extra > 0 && remaining !== null
                    ? remaining === 0
                      ? " Con tus créditos adicionales quedan equilibrados."
                      : remaining > 0
                        ? ` Con tus créditos adicionales faltan ${creditsLabel(remaining)}.`
                        : ` Con tus créditos adicionales ofreces ${creditsLabel(-remaining)} más.`
                    : ""}
                </span>
              </p>
            </section>

            <Field
              id={`${id}-extra`}
              label="Créditos adicionales"
              optional
              error={extraError || undefined}
              hint={
                <>
                  {disponibles !== null ? `Tienes ${creditsLabel(disponibles)} disponibles. ` : ""}
                  Quedan en custodia hasta que respondan y se devuelven si la propuesta no se acepta.
                </>
              }
            >
              {(control) => (
                <div className="flex gap-2">
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    {...(disponibles !== null ? { max: disponibles } : {})}
                    placeholder="0"
                    value={extraText}
                    onChange={(e) => {
                      setExtraText(e.target.value);
                      if (extraError) setExtraError(validateExtra(parseExtra(e.target.value)));
                    }}
                    onBlur={() => setExtraError(validateExtra(extra))}
                  />
                  {offered && diff > 0 && (disponibles === null || disponibles > 0) ? (
                    <Button
                      variant="secondary"
                      className="h-11 shrink-0"
                      onClick={() => {
                        const fill = disponibles === null ? diff : Math.min(diff, disponibles);
                        setExtraText(String(fill));
                        setExtraError("");
                      }}
                    >
                      Compensar
                    </Button>
                  ) : null}
                </div>
              )}
            </Field>

            {extraError && isInsufficientCreditsText(extraError) ? <CreditsHowTo className="text-slate-600" /> : null}

            <Field id={`${id}-message`} label="Mensaje" optional>
              {(control) => (
                <Textarea
                  {...control}
                  className="min-h-20"
                  rows={3}
                  maxLength={500}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              )}
            </Field>

            {serverError ? (
              <Alert title={EXCHANGE_MSG.sendFailed}>
                {serverError}
                {isInsufficientCreditsText(serverError) ? <CreditsHowTo className="mt-1" /> : null}
              </Alert>
            ) : null}

            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" className="sm:flex-1" loading={propose.isPending} loadingText="Enviando…">
                <Send aria-hidden="true" className="size-4" />
                Enviar propuesta
              </Button>
              <Button variant="outline" className="sm:flex-1" disabled={propose.isPending} onClick={onClose}>
                Cancelar
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
