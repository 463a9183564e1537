import {
  type BANK_ACCOUNT_TYPES,
  DOCUMENT_TYPES,
  formatCOP,
  formatCredits,
  isWalletMethod,
  LOW_AMOUNT_WALLET_CAP,
  type RequestWithdrawalInput,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATE_LABELS,
  WITHDRAWAL_TYPES,
  WITHDRAWALS_MSG,
  type WithdrawalMethod,
  type WithdrawalType,
} from "@valoriza/domain";
import { Banknote, History } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { RequireAdmin } from "../../components/require-admin.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useMyWithdrawals, useRequestWithdrawal } from "./api.ts";

const TYPE_LABELS: Record<WithdrawalType, string> = { dinero: "Dinero", bienes: "Bienes", tiempo: "Tiempo" };
export const WITHDRAWAL_TONES: Record<string, BadgeTone> = {
  pendiente: "warning",
  aprobado: "brand",
  rechazado: "danger",
};

/** /retiros (overview §2 Withdrawals; admin only): the request form and my withdrawals. */
export function WithdrawalsPage() {
  useDocumentTitle("Retiros");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Retiros</h1>
        <p className="mt-1 text-slate-600">Convierte tus créditos disponibles en dinero (1 crédito = 1.000 COP).</p>
      </header>
      <RequireAdmin message="Inicia sesión para solicitar retiros.">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <RequestForm />
          <History_ />
        </div>
      </RequireAdmin>
    </div>
  );
}

function RequestForm() {
  const request = useRequestWithdrawal();
  const [tipo, setTipo] = useState<WithdrawalType>("dinero");
  const [monto, setMonto] = useState("");
  const [metodo, setMetodo] = useState<WithdrawalMethod>("nequi");
  const [celular, setCelular] = useState("");
  const [banco, setBanco] = useState("");
  const [tipoCuenta, setTipoCuenta] = useState<(typeof BANK_ACCOUNT_TYPES)[number]>("ahorros");
  const [numeroCuenta, setNumeroCuenta] = useState("");
  const [titular, setTitular] = useState("");
  const [tipoDocumento, setTipoDocumento] = useState<(typeof DOCUMENT_TYPES)[number]>("CC");
  const [numeroDocumento, setNumeroDocumento] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const wallet = isWalletMethod(metodo);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const amount = Number(monto);
    if (!monto.trim() || !Number.isInteger(amount) || amount < 1) {
      setError(WITHDRAWALS_MSG.amountRequired);
      return;
    }
    const body: RequestWithdrawalInput = wallet
      ? { tipo, monto: amount, metodo, celular }
      : { tipo, monto: amount, metodo, banco, tipoCuenta, numeroCuenta, titular, tipoDocumento, numeroDocumento };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const r = await request.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setMonto("");
      const text = `${r.message || WITHDRAWALS_MSG.requested}. Créditos restantes: ${formatCredits(r.creditosRestantes)}.`;
      setDone(text);
      toast({ title: "Retiro solicitado", description: text, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      attempt.current = null;
      const message = errorMessage(e, WITHDRAWALS_MSG.errorFallback);
      setError(message);
      toast({ title: WITHDRAWALS_MSG.errorToast, description: message, variant: "error" });
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="retiro-title" className="grid gap-4">
        <h2 id="retiro-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Banknote aria-hidden="true" className="size-5 text-emerald-700" />
          Solicitar retiro
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="retiro-tipo" label="Tipo">
            {(c) => (
              <NativeSelect {...c} value={tipo} onChange={(e) => setTipo(e.target.value as WithdrawalType)}>
                {WITHDRAWAL_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id="retiro-monto" label="Monto en créditos">
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={monto}
                onChange={(e) => setMonto(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field
          id="retiro-metodo"
          label="Método"
          hint={
            wallet
              ? `Tope mensual por número: ${String(LOW_AMOUNT_WALLET_CAP.uvt).replace(".", ",")} UVT (${formatCOP(LOW_AMOUNT_WALLET_CAP.monthlyCOP)} en ${LOW_AMOUNT_WALLET_CAP.year}).`
              : "Transferencia a una cuenta bancaria."
          }
        >
          {(c) => (
            <NativeSelect {...c} value={metodo} onChange={(e) => setMetodo(e.target.value as WithdrawalMethod)}>
              {WITHDRAWAL_METHODS.map((m) => (
                <option key={m} value={m}>
                  {WITHDRAWAL_METHOD_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        {wallet ? (
          <Field id="retiro-celular" label={`Número celular ${WITHDRAWAL_METHOD_LABELS[metodo]}`}>
            {(c) => (
              <Input
                {...c}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="3001234567"
                value={celular}
                onChange={(e) => setCelular(e.target.value)}
              />
            )}
          </Field>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="retiro-banco" label="Banco">
              {(c) => <Input {...c} value={banco} onChange={(e) => setBanco(e.target.value)} />}
            </Field>
            <Field id="retiro-tipo-cuenta" label="Tipo de cuenta">
              {(c) => (
                <NativeSelect
                  {...c}
                  value={tipoCuenta}
                  onChange={(e) => setTipoCuenta(e.target.value as (typeof BANK_ACCOUNT_TYPES)[number])}
                >
                  <option value="ahorros">Ahorros</option>
                  <option value="corriente">Corriente</option>
                </NativeSelect>
              )}
            </Field>
            <Field id="retiro-cuenta" label="Número de cuenta">
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  value={numeroCuenta}
                  onChange={(e) => setNumeroCuenta(e.target.value)}
                />
              )}
            </Field>
            <Field id="retiro-titular" label="Titular de la cuenta">
              {(c) => <Input {...c} autoComplete="name" value={titular} onChange={(e) => setTitular(e.target.value)} />}
            </Field>
            <Field id="retiro-tipo-doc" label="Tipo de documento">
              {(c) => (
                <NativeSelect
                  {...c}
                  value={tipoDocumento}
                  onChange={(e) => setTipoDocumento(e.target.value as (typeof DOCUMENT_TYPES)[number])}
                >
                  {DOCUMENT_TYPES.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id="retiro-doc" label="Número de documento">
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  value={numeroDocumento}
                  onChange={(e) => setNumeroDocumento(e.target.value)}
                />
              )}
            </Field>
          </div>
        )}
        {error ? <Alert title={WITHDRAWALS_MSG.errorToast}>{error}</Alert> : null}
        {done ? <Alert variant="success">{done}</Alert> : null}
        <Button type="submit" loading={request.isPending} loadingText="Enviando…">
          Solicitar retiro
        </Button>
      </form>
    </Card>
  );
}

function History_() {
  const list = useMyWithdrawals();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-emerald-700" />
        Mis retiros
      </h2>
      {list.isPending ? (
        <Skeleton className="mt-4 h-24 w-full" />
      ) : list.isError ? (
        <Alert className="mt-4" title={WITHDRAWALS_MSG.loadError}>
          {errorMessage(list.error, "")}
        </Alert>
      ) : (list.data ?? []).length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Aún no has solicitado retiros.</p>
      ) : (
        <ul aria-label="Mis retiros" className="mt-4 divide-y divide-slate-100">
          {(list.data ?? []).map((w) => (
            <li key={w._id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {formatCredits(w.monto)} créditos{" "}
                  <span className="font-normal text-slate-500">({formatCOP(w.valorCOP)})</span>
                </p>
                <p className="text-sm text-slate-600">
                  {/* The masked destination already names its method ("Nequi ••••4567"): say it once. */}
                  {w.destino.startsWith(WITHDRAWAL_METHOD_LABELS[w.metodo])
                    ? w.destino
                    : `${WITHDRAWAL_METHOD_LABELS[w.metodo]} · ${w.destino}`}{" "}
                  · {TYPE_LABELS[w.tipo]}
                </p>
                <p className="text-xs text-slate-500">
                  {formatDate(w.createdAt)}
                  {w.referencia ? ` · Referencia ${w.referencia}` : ""}
                  {w.motivo ? ` · ${w.motivo}` : ""}
                </p>
              </div>
              <Badge tone={WITHDRAWAL_TONES[w.estado] ?? "neutral"}>{WITHDRAWAL_STATE_LABELS[w.estado]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
