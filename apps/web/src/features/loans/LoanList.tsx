import { formatNumber, GUARANTEE_TYPE_LABELS } from "@valoriza/domain";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { type LoanAction, type LoanView, useLoanAction, type useLoans } from "./api.ts";

/** overview §4 Loan estado: badge colours yellow, blue, green, red, grey. */
const STATE_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  activo: { label: "Activo", tone: "info" },
  devuelto: { label: "Devuelto", tone: "brand" },
  vencido: { label: "Vencido", tone: "danger" },
  cancelado: { label: "Cancelado", tone: "neutral" },
};

const fmt = (n: number) => formatNumber(n);

/** One tab of /prestar: my loans as borrower or as lender, with their loading, error and empty states. */
export function LoanList({
  query,
  as: role,
  empty,
}: {
  query: ReturnType<typeof useLoans>;
  as: "prestatario" | "prestamista";
  empty: string;
}) {
  const list = query.data ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={list.length === 0}
      loading={
        <ListSkeleton label="Cargando préstamos" count={2} className="grid gap-3" itemClassName="h-32 rounded-2xl" />
      }
      errorTitle="No pudimos cargar los préstamos"
      empty={empty}
    >
      <ul className="grid gap-3 md:grid-cols-2">
        {list.map((l) => (
          <li key={l.id}>
            <LoanCard loan={l} role={role} />
          </li>
        ))}
      </ul>
    </ListStates>
  );
}

const ACTION_TEXT: Record<LoanAction, { label: string; done: string }> = {
  approve: { label: "Aprobar", done: "Préstamo aprobado" },
  "confirm-return": { label: "Confirmar devolución", done: "Devolución confirmada" },
  default: { label: "Marcar como vencido", done: "Préstamo marcado como vencido" },
  cancel: { label: "Cancelar solicitud", done: "Solicitud cancelada" },
  reject: { label: "Rechazar", done: "Solicitud rechazada" },
};

function LoanCard({ loan, role }: { loan: LoanView; role: "prestatario" | "prestamista" }) {
  const action = useLoanAction();
  const keys = useRef<Partial<Record<LoanAction, string>>>({});
  const meta = STATE_META[loan.estado] ?? { label: loan.estado, tone: "neutral" as BadgeTone };
  const counterparty = role === "prestatario" ? loan.lender : loan.borrower;
  const run = async (a: LoanAction) => {
    keys.current[a] ??= newIdempotencyKey();
    try {
      await action.mutateAsync({ id: loan.id, action: a, idempotencyKey: keys.current[a] ?? "" });
      delete keys.current[a];
      toast({ title: ACTION_TEXT[a].done, description: `"${loan.assetTitle}"`, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      delete keys.current[a];
      toast({ title: "Error", description: errorMessage(e, "No se pudo actualizar el préstamo."), variant: "error" });
    }
  };
  const actions: LoanAction[] =
    role === "prestamista"
      ? loan.estado === "pendiente"
        ? ["approve", "reject"]
        : loan.estado === "activo"
          ? ["confirm-return", ...(loan.puedeMarcarVencido ? (["default"] as const) : [])]
          : []
      : loan.estado === "pendiente"
        ? ["cancel"]
        : [];
  const garantia = GUARANTEE_TYPE_LABELS[loan.garantiaTipo as keyof typeof GUARANTEE_TYPE_LABELS] ?? loan.garantiaTipo;
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="loan-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            <Link to={assetPath(loan.assetId)} className="hover:underline">
              {loan.assetTitle}
            </Link>
          </h3>
          {loan.assetCategory ? <p className="text-sm text-slate-600">{loan.assetCategory}</p> : null}
        </div>
        <Badge tone={meta.tone} data-testid="loan-state">
          {meta.label}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{role === "prestatario" ? "Prestamista" : "Prestatario"}</dt>
        <dd className="font-medium break-words text-slate-800">
          <PersonLink id={counterparty.id} name={counterparty.name} />
        </dd>
        <dt className="text-slate-500">Plazo</dt>
        <dd className="font-medium text-slate-800">
          {loan.plazoDias} {loan.plazoDias === 1 ? "día" : "días"}
        </dd>
        <dt className="text-slate-500">Garantía</dt>
        <dd className="font-medium text-slate-800">
          {garantia}
          {loan.garantiaValor > 0 ? ` · ${fmt(loan.garantiaValor)} créditos` : ""}
        </dd>
        {loan.collateral ? (
          <>
            <dt className="text-slate-500">Activo en garantía</dt>
            <dd className="font-medium break-words text-slate-800" data-testid="loan-collateral">
              {loan.collateral.title}
            </dd>
          </>
        ) : null}
        {loan.interes > 0 ? (
          <>
            <dt className="text-slate-500">Interés</dt>
            <dd className="font-medium text-slate-800">
              {loan.interes}%{loan.interesCreditos > 0 ? ` · ${fmt(loan.interesCreditos)} créditos` : ""}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">Devolución esperada</dt>
        <dd className="font-medium text-slate-800">
          {loan.fechaDevolucionEsperada ? formatDate(loan.fechaDevolucionEsperada) : "Al aprobarse"}
        </dd>
      </dl>
      {loan.notas ? <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700">{loan.notas}</p> : null}
      {actions.length > 0 ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === "default" || a === "reject" || a === "cancel" ? "outline" : "primary"}
              loading={action.isPending && action.variables?.action === a}
              onClick={() => void run(a)}
            >
              {ACTION_TEXT[a].label}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
