import {
  type AdminWithdrawal,
  formatCOP,
  formatCredits,
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATE_LABELS,
} from "@valoriza/domain";
import { useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useAdminWithdrawals, useResolveWithdrawal } from "./api.ts";
import { FilterBar, failed } from "./shared.tsx";

const WITHDRAWAL_TONES: Record<string, BadgeTone> = { pendiente: "warning", aprobado: "brand", rechazado: "danger" };

/** Withdrawals to pay (approve with the payment reference) or refuse, by state and method. */
export function WithdrawalsSection() {
  const [estado, setEstado] = useState("pendiente");
  const [metodo, setMetodo] = useState("");
  const withdrawals = useAdminWithdrawals(estado, metodo);
  const c = withdrawals.data?.counts ?? {};
  return (
    <section aria-labelledby="retiros-admin-title" className="mt-4 grid gap-3">
      <h2 id="retiros-admin-title" className="text-lg font-semibold text-slate-900">
        Retiros
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <FilterBar
          label="Filtrar retiros por estado"
          value={estado}
          onChange={setEstado}
          options={[
            { value: "pendiente", label: "Pendientes", count: c.pendiente },
            { value: "aprobado", label: "Aprobados", count: c.aprobado },
            { value: "rechazado", label: "Rechazados", count: c.rechazado },
            { value: "", label: "Todos", count: c.todos },
          ]}
        />
        <Field id="retiros-metodo" label="Método">
          {(a) => (
            <NativeSelect {...a} value={metodo} onChange={(e) => setMetodo(e.target.value)}>
              <option value="">Todos los métodos</option>
              {WITHDRAWAL_METHODS.map((m) => (
                <option key={m} value={m}>
                  {WITHDRAWAL_METHOD_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {withdrawals.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : withdrawals.isError ? (
        <Alert>{errorMessage(withdrawals.error, "Error al cargar los retiros")}</Alert>
      ) : (withdrawals.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No hay retiros en este estado.</p>
      ) : (
        <ul aria-label="Retiros" className="grid gap-3">
          {(withdrawals.data?.data ?? []).map((w) => (
            <li key={w._id}>
              <WithdrawalRow withdrawal={w} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const resolve = useResolveWithdrawal();
  const [key] = useState(newIdempotencyKey);
  const [referencia, setReferencia] = useState("");
  const [motivo, setMotivo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const d = w.destinoCompleto;
  const act = (estado: "aprobado" | "rechazado") => {
    setError(null);
    if (estado === "aprobado" && !referencia.trim()) {
      setError("Para aprobar un retiro ingresa la referencia del pago");
      return;
    }
    void resolve
      .mutateAsync({
        id: w._id,
        estado,
        referencia: referencia.trim(),
        motivo: motivo.trim(),
        idempotencyKey: `${key}-${estado}-${referencia.trim()}`,
      })
      .then((msg) => toast({ title: msg, variant: "success" }), failed("No se pudo actualizar el retiro"));
  };
  const who = `${w.usuario.name} ${w.usuario.apellido}`.trim();
  return (
    <Card className="grid gap-3 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {formatCredits(w.monto)} créditos · {formatCOP(w.valorCOP)}{" "}
            <Badge tone={WITHDRAWAL_TONES[w.estado] ?? "neutral"}>{WITHDRAWAL_STATE_LABELS[w.estado]}</Badge>
          </p>
          <p className="text-sm text-slate-600">
            {who} ({w.usuario.email}) · {WITHDRAWAL_METHOD_LABELS[w.metodo]} · {formatDate(w.createdAt)}
          </p>
          <p className="text-sm text-slate-600">
            Destino:{" "}
            {d
              ? d.celular
                ? `Celular ${d.celular}`
                : `${d.banco ?? ""} · ${d.tipoCuenta ?? ""} ${d.numeroCuenta ?? ""} · ${d.titular ?? ""} (${d.tipoDocumento ?? ""} ${d.numeroDocumento ?? ""})`
              : w.destino}
          </p>
          {w.referencia ? <p className="text-sm text-slate-600">Referencia: {w.referencia}</p> : null}
          {w.motivo ? <p className="text-sm text-slate-600">Motivo: {w.motivo}</p> : null}
        </div>
      </div>
      {w.estado === "pendiente" ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
          <Field id={`ref-${w._id}`} label="Referencia del pago">
            {(a) => <Input {...a} value={referencia} onChange={(e) => setReferencia(e.target.value)} />}
          </Field>
          <Field id={`motivo-${w._id}`} label="Motivo del rechazo" optional>
            {(a) => <Input {...a} value={motivo} onChange={(e) => setMotivo(e.target.value)} />}
          </Field>
          <Button
            onClick={() => act("aprobado")}
            loading={resolve.isPending}
            aria-label={`Aprobar el retiro de ${formatCredits(w.monto)} créditos de ${w.usuario.email}`}
          >
            Aprobar
          </Button>
          <Button
            variant="danger"
            onClick={() => act("rechazado")}
            disabled={resolve.isPending}
            aria-label={`Rechazar el retiro de ${formatCredits(w.monto)} créditos de ${w.usuario.email}`}
          >
            Rechazar
          </Button>
        </div>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
    </Card>
  );
}
