import {
  formatCredits,
  GUARANTEE_TYPE_LABELS,
  GUARANTEE_TYPES,
  LOAN_DEFAULTS,
  LOAN_MSG,
  loanInterestCredits,
} from "@valoriza/domain";
import { type FormEvent, useRef, useState } from "react";
import { type Person, PersonByEmailPicker } from "../../components/person-picker.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { fetchLenderAssets, useCreateLoan, useMyListedAssets } from "./api.ts";

/**
 * 'Solicitar Préstamo': the lender found by email, one of their assets, the term, the interest (with its
 * credits before sending) and the guarantee (blocked credits, one of my assets, or none).
 */
export function RequestLoanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const create = useCreateLoan();
  const [email, setEmail] = useState("");
  const [lender, setLender] = useState<Person | null>(null);
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [activoId, setActivoId] = useState("");
  const [garantiaTipo, setGarantiaTipo] = useState<string>(LOAN_DEFAULTS.garantiaTipo);
  const [garantiaValor, setGarantiaValor] = useState("");
  const [garantiaActivoId, setGarantiaActivoId] = useState("");
  const isCollateral = garantiaTipo === "activo_colateral";
  const myAssets = useMyListedAssets(open && isCollateral);
  const collateralOptions = myAssets.data ?? [];
  const collateral = collateralOptions.find((a) => a.id === garantiaActivoId) ?? null;
  const [plazoDias, setPlazoDias] = useState(String(LOAN_DEFAULTS.plazoDias));
  const [interes, setInteres] = useState(String(LOAN_DEFAULTS.interes));
  const [notas, setNotas] = useState("");
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // The interest in credits before sending (issue 15 item 12): a percent of the asset's credits,
  // charged to the borrower when the lender approves.
  const chosen = (assets ?? []).find((a) => a.id === activoId) ?? null;
  const interestPct = Number(interes);
  const interestCredits =
    chosen?.credits != null && Number.isFinite(interestPct) && interestPct >= 0 && interestPct <= 100
      ? loanInterestCredits(chosen.credits, interestPct)
      : null;

  const reset = () => {
    setEmail("");
    setLender(null);
    setAssets(null);
    setActivoId("");
    setGarantiaTipo(LOAN_DEFAULTS.garantiaTipo);
    setGarantiaValor("");
    setGarantiaActivoId("");
    setPlazoDias(String(LOAN_DEFAULTS.plazoDias));
    setInteres(String(LOAN_DEFAULTS.interes));
    setNotas("");
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!activoId || !lender) {
      setError(LOAN_MSG.required);
      return;
    }
    const valor = Number(garantiaValor);
    if (garantiaTipo === "creditos_bloqueados" && (!garantiaValor.trim() || !(valor > 0))) {
      setError(LOAN_MSG.guaranteeRequired);
      return;
    }
    if (isCollateral && !collateral) {
      setError(LOAN_MSG.collateralRequired);
      return;
    }
    const body = {
      activoId,
      prestamistaId: lender.id,
      garantiaTipo,
      // An asset guarantee is worth the asset's credits (the server sets it).
      garantiaValor: collateral
        ? (collateral.credits ?? 0)
        : garantiaTipo === "ninguna"
          ? 0
          : Number.isFinite(valor)
            ? Math.round(valor)
            : 0,
      plazoDias: Number(plazoDias) || LOAN_DEFAULTS.plazoDias,
      interes: Number(interes) || 0,
      notas: notas.trim(),
      ...(collateral ? { garantiaActivoId: collateral.id } : {}),
    };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await create.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({ title: LOAN_MSG.created, description: result.message || LOAN_MSG.created, variant: "success" });
      reset();
      onOpenChange(false);
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      toast({ title: "Error", description: errorMessage(e, LOAN_MSG.createFailed), variant: "error" });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        if (!v) reset();
        onOpenChange(v);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogTitle>Solicitar Préstamo</DialogTitle>
        <DialogDescription>
          Busca al prestamista por su correo y elige uno de sus activos para prestar.
        </DialogDescription>
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-4">
          <PersonByEmailPicker
            id="loan-lender-email"
            label="Email del prestamista"
            email={email}
            onEmailChange={setEmail}
            person={lender}
            onPersonChange={(found) => {
              setLender(found);
              if (!found) {
                setAssets(null);
                setActivoId("");
              }
            }}
            messages={{
              empty: LOAN_MSG.required,
              self: "No puedes pedirte un préstamo a ti mismo",
              notFound: "Prestamista no encontrado",
              failed: LOAN_MSG.lenderLookupFailed,
            }}
            onProblem={setError}
            onLookupError={(message) => {
              toast({ title: "Error", description: message || LOAN_MSG.lenderLookupFailed, variant: "error" });
              return /no encontr/i.test(message) ? LOAN_MSG.lenderNotFound : message;
            }}
            beforeSelect={async (found) => setAssets(await fetchLenderAssets(found.id))}
            testId="loan-lender"
          />
          <Field
            id="loan-asset"
            label="Activo"
            hint={
              assets && assets.length === 0 ? "Este prestamista no tiene activos disponibles para prestar." : undefined
            }
          >
            {(c) => (
              <NativeSelect {...c} value={activoId} disabled={!assets} onChange={(e) => setActivoId(e.target.value)}>
                <option value="">{assets ? "Selecciona un activo" : "Primero busca al prestamista"}</option>
                {(assets ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="loan-term" label="Plazo (días)">
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={1}
                  step={1}
                  value={plazoDias}
                  onChange={(e) => setPlazoDias(e.target.value)}
                />
              )}
            </Field>
            <Field id="loan-interest" label="Interés (%)">
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={interes}
                  onChange={(e) => setInteres(e.target.value)}
                />
              )}
            </Field>
            <Field id="loan-guarantee-type" label="Tipo de garantía">
              {(c) => (
                <NativeSelect {...c} value={garantiaTipo} onChange={(e) => setGarantiaTipo(e.target.value)}>
                  {GUARANTEE_TYPES.map((g) => (
                    <option key={g} value={g}>
                      {GUARANTEE_TYPE_LABELS[g]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="loan-guarantee-value"
              label="Valor de la garantía (créditos)"
              optional={garantiaTipo !== "creditos_bloqueados"}
              hint={isCollateral ? "Son los créditos del activo que dejas en garantía." : undefined}
            >
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={0}
                  step={1}
                  disabled={garantiaTipo === "ninguna" || isCollateral}
                  value={
                    garantiaTipo === "ninguna"
                      ? ""
                      : isCollateral
                        ? collateral?.credits != null
                          ? String(collateral.credits)
                          : ""
                        : garantiaValor
                  }
                  onChange={(e) => setGarantiaValor(e.target.value)}
                />
              )}
            </Field>
          </div>
          {isCollateral ? (
            <Field
              id="loan-collateral"
              label="Activo en garantía"
              hint={
                myAssets.isError
                  ? errorMessage(myAssets.error, "No pudimos cargar tus activos.")
                  : myAssets.isSuccess && collateralOptions.length === 0
                    ? "No tienes activos publicados y libres para dejar en garantía."
                    : "Uno de tus activos publicados: queda reservado mientras dure el préstamo y, si vence, pasa al prestamista."
              }
            >
              {(c) => (
                <NativeSelect
                  {...c}
                  value={garantiaActivoId}
                  disabled={!myAssets.isSuccess || collateralOptions.length === 0}
                  onChange={(e) => setGarantiaActivoId(e.target.value)}
                >
                  <option value="">
                    {myAssets.isSuccess ? "Selecciona uno de tus activos" : "Cargando tus activos…"}
                  </option>
                  {collateralOptions.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.title}
                      {a.credits != null ? ` (${formatCredits(a.credits)} créditos)` : ""}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          ) : null}
          {chosen ? (
            <p
              className="rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700"
              data-testid="loan-interest-credits"
            >
              {interestCredits === null
                ? "El interés es un porcentaje entre 0 y 100 de los créditos del activo."
                : interestCredits > 0
                  ? `Interés: ${formatCredits(interestCredits)} ${interestCredits === 1 ? "crédito" : "créditos"} (${interestPct} % de los ${formatCredits(chosen.credits ?? 0)} créditos del activo), se descuentan de tus créditos disponibles cuando el prestamista aprueba.`
                  : "Sin interés: no se descuentan créditos por interés."}
            </p>
          ) : null}
          <Field id="loan-notes" label="Notas" optional>
            {(c) => (
              <Textarea {...c} rows={3} maxLength={1000} value={notas} onChange={(e) => setNotas(e.target.value)} />
            )}
          </Field>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" loading={create.isPending} loadingText="Enviando…">
            Solicitar Préstamo
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
