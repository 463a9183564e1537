import { formatCredits, PURCHASE_STATE_LABELS, type Purchase } from "@valoriza/domain";
import { useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useAdminPurchases, useResolvePurchase } from "./api.ts";
import { FilterBar, failed } from "./shared.tsx";

const PURCHASE_TONES: Record<string, BadgeTone> = { pendiente: "warning", entregado: "brand", cancelado: "neutral" };

/** Marketplace purchases to deliver (or cancel and refund), filtered by state. */
export function PurchasesSection() {
  const [estado, setEstado] = useState("pendiente");
  const purchases = useAdminPurchases(estado);
  const c = purchases.data?.counts ?? {};
  return (
    <section aria-labelledby="compras-title" className="mt-4 grid gap-3">
      <h2 id="compras-title" className="text-lg font-semibold text-slate-900">
        Compras
      </h2>
      <FilterBar
        label="Filtrar compras por estado"
        value={estado}
        onChange={setEstado}
        options={[
          { value: "pendiente", label: "Pendientes", count: c.pendiente },
          { value: "entregado", label: "Entregadas", count: c.entregado },
          { value: "cancelado", label: "Canceladas", count: c.cancelado },
          { value: "", label: "Todas", count: c.todas },
        ]}
      />
      {purchases.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : purchases.isError ? (
        <Alert>{errorMessage(purchases.error, "Error al cargar las compras")}</Alert>
      ) : (purchases.data?.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No hay compras en este estado.</p>
      ) : (
        <ul aria-label="Compras" className="grid gap-3">
          {(purchases.data?.data ?? []).map((p) => (
            <li key={p._id}>
              <PurchaseRow purchase={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PurchaseRow({ purchase: p }: { purchase: Purchase }) {
  const resolve = useResolvePurchase();
  const [key] = useState(newIdempotencyKey);
  const act = (estado: "entregado" | "cancelado") =>
    resolve
      .mutateAsync({ id: p._id, estado, idempotencyKey: `${key}-${estado}` })
      .then((msg) => toast({ title: msg, variant: "success" }), failed("No se pudo actualizar la compra"));
  return (
    <Card className="flex flex-wrap items-center gap-3 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          {p.productoId.nombre}{" "}
          <Badge tone={PURCHASE_TONES[p.estado] ?? "neutral"}>{PURCHASE_STATE_LABELS[p.estado]}</Badge>
        </p>
        <p className="text-sm text-slate-600">
          {p.compradorId.name} {p.compradorId.apellido} ({p.compradorId.email}) · {formatCredits(p.creditos)} créditos ·{" "}
          {formatDate(p.createdAt)}
        </p>
      </div>
      {p.estado === "pendiente" ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => void act("entregado")}
            loading={resolve.isPending}
            aria-label={`Marcar entregada la compra de ${p.productoId.nombre} de ${p.compradorId.email}`}
          >
            Marcar entregado
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => void act("cancelado")}
            disabled={resolve.isPending}
            aria-label={`Cancelar y reembolsar la compra de ${p.productoId.nombre} de ${p.compradorId.email}`}
          >
            Cancelar y reembolsar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
