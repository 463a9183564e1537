import { EXCHANGE_MSG, type ExchangeProposal } from "@valoriza/domain";
import { ArrowLeftRight, Check, Clock, X } from "lucide-react";
import { Link } from "react-router-dom";
import { PersonLink } from "../../components/person-link.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { assetPath } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useProposals, useSetProposalStatus } from "./api.ts";
import { fmt } from "./format.ts";

const STATUS_META: Record<string, { label: string; tone: BadgeTone }> = {
  pendiente: { label: "Pendiente", tone: "warning" },
  aceptada: { label: "Aceptada", tone: "brand" },
  rechazada: { label: "Rechazada", tone: "danger" },
  cancelada: { label: "Cancelada", tone: "neutral" },
  expirada: { label: "Expirada", tone: "neutral" },
  cerrada: { label: "Cerrada", tone: "neutral" },
};

/** "hace 3 horas" from an ISO date. */
function age(iso: string): string {
  const ms = Date.now() - Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  const min = Math.max(0, Math.round(ms / 60_000));
  if (min < 1) return "hace un momento";
  if (min < 60) return `hace ${min} ${min === 1 ? "minuto" : "minutos"}`;
  const h = Math.round(min / 60);
  if (h < 24) return `hace ${h} ${h === 1 ? "hora" : "horas"}`;
  const d = Math.round(h / 24);
  return `hace ${d} ${d === 1 ? "día" : "días"}`;
}

/** 'Recibidas' or 'Enviadas': the proposals with their state and, while pending, the answers each side has. */
export function ProposalList({ side, highlight }: { side: "received" | "sent"; highlight: string | null }) {
  const q = useProposals(side);
  if (q.isLoading) return <Skeleton className="h-32 w-full" />;
  if (q.isError) {
    return (
      <ErrorState
        title={
          side === "received"
            ? "No pudimos cargar las propuestas recibidas"
            : "No pudimos cargar las propuestas enviadas"
        }
        message={errorMessage(q.error, "Intenta de nuevo en unos momentos.")}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  }
  const items = q.data ?? [];
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {side === "received" ? "Aún no has recibido propuestas." : "Aún no has enviado propuestas."}
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col gap-3"
      aria-label={side === "received" ? "Propuestas recibidas" : "Propuestas enviadas"}
    >
      {items.map((p) => (
        <li key={p._id}>
          <ProposalCard p={p} side={side} highlighted={p._id === highlight} />
        </li>
      ))}
    </ul>
  );
}

function ProposalCard({
  p,
  side,
  highlighted,
}: {
  p: ExchangeProposal;
  side: "received" | "sent";
  highlighted: boolean;
}) {
  const setStatus = useSetProposalStatus();
  const meta = STATUS_META[p.status] ?? { label: p.status, tone: "neutral" as BadgeTone };
  const other = side === "received" ? p.proposingUserId : p.targetUserId;
  const act = async (status: "aceptada" | "rechazada" | "cancelada") => {
    try {
      await setStatus.mutateAsync({ id: p._id, status, idempotencyKey: newIdempotencyKey() });
      toast({
        title: EXCHANGE_MSG.statusUpdated,
        variant: "success",
        description: `Propuesta ${STATUS_META[status]?.label.toLowerCase()}.`,
      });
    } catch (err) {
      toast({
        title: EXCHANGE_MSG.statusFailed,
        description: errorMessage(err, EXCHANGE_MSG.statusFailed),
        variant: "error",
      });
    }
  };
  return (
    <Card className={`flex flex-col gap-3 p-4 ${highlighted ? "ring-2 ring-emerald-500" : ""}`} data-testid="proposal">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          {side === "received" ? "De" : "Para"}{" "}
          <strong className="text-slate-900">
            <PersonLink id={other._id} name={other.name} />
          </strong>{" "}
          · <span title={formatDate(p.createdAt)}>{age(p.createdAt)}</span>
          {p.tipo === "local" ? " · local" : ""}
        </p>
        <Badge tone={meta.tone}>{meta.label}</Badge>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-slate-900">
        <Link className="font-semibold hover:underline" to={assetPath(p.offeredAssetId._id)}>
          {p.offeredAssetId.title}
        </Link>
        <ArrowLeftRight aria-label="por" className="size-4 text-emerald-700" />
        <Link className="font-semibold hover:underline" to={assetPath(p.requestedAssetId._id)}>
          {p.requestedAssetId.title}
        </Link>
        {p.creditosAdicionales > 0 ? <Badge tone="info">+ {fmt(p.creditosAdicionales)} créditos</Badge> : null}
      </div>
      {p.message ? <p className="text-sm text-slate-700">“{p.message}”</p> : null}
      {p.status === "pendiente" ? (
        <div className="flex flex-wrap items-center gap-2">
          {side === "received" ? (
            <>
              <Button size="sm" disabled={setStatus.isPending} onClick={() => act("aceptada")}>
                <Check aria-hidden="true" />
                Aceptar
              </Button>
              <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => act("rechazada")}>
                <X aria-hidden="true" />
                Rechazar
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" disabled={setStatus.isPending} onClick={() => act("cancelada")}>
              <X aria-hidden="true" />
              Cancelar
            </Button>
          )}
          {p.expiresAt ? (
            <span className="flex items-center gap-1 text-xs text-slate-500">
              <Clock aria-hidden="true" className="size-3.5" />
              Vence {formatDate(p.expiresAt)}
            </span>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
