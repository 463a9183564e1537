import { DEALS_MSG, formatCOP, formatNumber } from "@valoriza/domain";
import { RefreshCw } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router-dom";
import { PersonLink } from "../../components/person-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { type CustodyView, useCancelCustody, useMyCustodies } from "./api.ts";
import { CustodyDisputeLine } from "./DisputeDialog.tsx";
import { STATE_META, TYPE_LABELS } from "./labels.ts";

/** Mis Custodias: every custody I give or receive, with its state, amount, code and cancel. */
export function CustodyList() {
  const custodies = useMyCustodies();
  const list = custodies.data ?? [];
  return (
    <section aria-labelledby="mis-custodias-title" className="flex flex-col gap-4">
      <h2 id="mis-custodias-title" className="text-lg font-semibold text-slate-900">
        Mis Custodias
      </h2>
      {custodies.isPending && custodies.fetchStatus !== "idle" ? (
        <div role="status" aria-label="Cargando tus custodias" className="grid gap-3">
          <Skeleton className="h-28 rounded-2xl" />
          <Skeleton className="h-28 rounded-2xl" />
        </div>
      ) : custodies.isError ? (
        <Alert title="No pudimos cargar tus custodias">
          <p>{errorMessage(custodies.error, "Intenta de nuevo en unos momentos.")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void custodies.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Reintentar
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          Aún no tienes custodias.
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((c) => (
            <li key={c.id}>
              <CustodyCard custody={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CustodyCard({ custody }: { custody: CustodyView }) {
  const cancel = useCancelCustody();
  const key = useRef<string | null>(null);
  const state = STATE_META[custody.estado] ?? { label: custody.estado || "—", tone: "neutral" as BadgeTone };
  const pending = custody.estado === "pendiente";
  const iOffer = custody.miRol === "oferente";
  // What this card's reader has at stake: a cash sale's price; while pending, the credits blocked for
  // them (the offerer: what confirming pays them; the buyer: their own payment); nothing once closed.
  const blocked = iOffer ? custody.creditosBloqueados : custody.pagoCreditos;
  const amount =
    custody.modoPago === "dinero"
      ? { label: "Precio en dinero", value: formatCOP(custody.montoCOP) }
      : pending && blocked > 0
        ? { label: "Créditos bloqueados", value: formatNumber(blocked) }
        : custody.modoPago === "creditos"
          ? { label: "Pago", value: `${formatNumber(custody.pagoCreditos)} créditos` }
          : null;

  const runCancel = async () => {
    key.current ??= newIdempotencyKey();
    try {
      const result = await cancel.mutateAsync({ id: custody.id, idempotencyKey: key.current });
      key.current = null;
      toast({ title: DEALS_MSG.custodyCancelled, description: result.message, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      key.current = null;
      toast({ title: DEALS_MSG.custodyCancelFailed, description: errorMessage(e, ""), variant: "error" });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="custody-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={assetPath(custody.assetId)}
            className="font-semibold break-words text-slate-900 hover:text-emerald-700 hover:underline"
          >
            {custody.assetTitle}
          </Link>
          <p className="text-sm text-slate-600">
            {TYPE_LABELS[custody.tipoTransaccion] ?? custody.tipoTransaccion}
            {custody.modoPago === "dinero"
              ? " · pago en dinero"
              : custody.modoPago === "creditos"
                ? " · pago en créditos"
                : ""}
            {custody.fechaIngreso ? ` · ${formatDate(custody.fechaIngreso)}` : ""}
          </p>
        </div>
        <Badge tone={state.tone} data-testid="custody-state">
          {state.label}
        </Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <Party label="Entrega" id={custody.oferente.id} name={custody.oferente.name} mine={iOffer} />
        <Party
          label="Recibe"
          id={custody.receptor.id}
          name={custody.receptor.name}
          mine={custody.miRol === "receptor"}
        />
        {amount ? (
          <div data-testid="custody-amount">
            <dt className="text-xs text-slate-600">{amount.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{amount.value}</dd>
          </div>
        ) : null}
      </dl>
      {custody.notas ? <p className="text-sm break-words text-slate-700">{custody.notas}</p> : null}
      {pending && iOffer && custody.codigoConfirmacion ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 px-3.5 py-3">
          <p className="text-sm text-amber-900">
            Código para quien recibe:{" "}
            <strong className="font-mono text-lg tracking-widest" data-testid="custody-code">
              {custody.codigoConfirmacion}
            </strong>
          </p>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:border-red-300 hover:bg-red-50"
            loading={cancel.isPending}
            loadingText="Cancelando…"
            onClick={() => void runCancel()}
          >
            Cancelar custodia
            {/* The visible words begin the accessible name (axe label-content-name-mismatch). */}
            <span className="sr-only"> de {custody.assetTitle}</span>
          </Button>
        </div>
      ) : pending && iOffer ? (
        <div className="flex justify-end">
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:border-red-300 hover:bg-red-50"
            loading={cancel.isPending}
            loadingText="Cancelando…"
            onClick={() => void runCancel()}
          >
            Cancelar custodia
            {/* The visible words begin the accessible name (axe label-content-name-mismatch). */}
            <span className="sr-only"> de {custody.assetTitle}</span>
          </Button>
        </div>
      ) : pending ? (
        <p className="text-sm text-slate-600">
          Cuando recibas el activo, escribe arriba el código que te dé {custody.oferente.name || "quien lo entrega"}.
        </p>
      ) : null}
      <CustodyDisputeLine custody={custody} />
    </Card>
  );
}

function Party({ label, id, name, mine }: { label: string; id: string; name: string; mine: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1.5 font-medium break-words text-slate-900">
        <PersonLink id={id} name={name} />
        {mine ? (
          <Badge tone="info" data-testid="my-role">
            Tú
          </Badge>
        ) : null}
      </dd>
    </div>
  );
}
