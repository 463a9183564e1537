import { creditsLabel, RENTAL_MSG } from "@valoriza/domain";
import { CalendarRange } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type RentalView, useCloseRental, useRentals } from "./api.ts";
import { formatPeriod } from "./dates.ts";

/** overview §4: rental status 'active' shown green, else orange. */
const STATUS_LABEL: Record<RentalView["status"], string> = {
  active: "Activo",
  closed: "Cerrado",
  finished: "Finalizado",
};
const statusLabel = (status: RentalView["status"]) => STATUS_LABEL[status];

/** The public grid of /alquilar: every published rental, with its owner's 'Cerrar' on one's own. */
export function ActiveRentals() {
  const rentals = useRentals();
  const list = rentals.data ?? [];
  return (
    <section aria-labelledby="alquileres-activos" className="flex flex-col gap-3">
      <h2 id="alquileres-activos" className="text-lg font-semibold text-slate-900">
        Alquileres Activos
      </h2>
      <ListStates
        query={rentals}
        isEmpty={list.length === 0}
        loading={
          <ListSkeleton
            label="Cargando alquileres"
            count={3}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
            itemClassName="h-48 rounded-2xl"
          />
        }
        errorTitle="No pudimos cargar los alquileres"
        empty="No hay alquileres publicados en este momento."
      >
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((r) => (
            <li key={r.id}>
              <RentalCard rental={r} />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}

function RentalCard({ rental: r }: { rental: RentalView }) {
  const { user } = useSession();
  const mine = Boolean(user && r.ownerId === user._id);
  const close = useCloseRental();
  const [confirming, setConfirming] = useState(false);
  const active = r.status === "active";

  const doClose = async () => {
    try {
      const result = await close.mutateAsync({ id: r.id });
      setConfirming(false);
      toast({ title: result.message || RENTAL_MSG.closedOk, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      setConfirming(false);
      toast({ title: "Error", description: errorMessage(e, "No se pudo cerrar la publicación."), variant: "error" });
    }
  };

  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="rental-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">
          <Link to={assetPath(r.assetId)} className="hover:underline">
            {r.assetTitle}
          </Link>
        </h3>
        <Badge tone={active ? "brand" : "warning"} data-testid="rental-status">
          {statusLabel(r.status)}
        </Badge>
      </div>
      <p className="text-2xl font-extrabold text-emerald-700 tabular-nums" data-testid="rental-price">
        {creditsLabel(r.pricePerDay)}
        <span className="text-sm font-medium text-slate-500"> por día</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <CalendarRange aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span data-testid="rental-period">{formatPeriod(r.startDate, r.endDate)}</span>
      </p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-600">{r.terms}</p>
      <p className="text-xs text-slate-500">
        {mine ? "Tu publicación" : `Publicado por ${r.ownerName || "Usuario de Valoriza"}`}
      </p>
      <div className="mt-auto flex flex-col gap-2">
        {mine && active ? (
          confirming ? (
            <div
              data-testid="rental-close-confirm"
              className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <p>No recibirá nuevas reservas; las reservas hechas siguen en pie.</p>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="danger" loading={close.isPending} onClick={() => void doClose()}>
                  Sí, cerrar
                </Button>
                <Button size="sm" variant="outline" disabled={close.isPending} onClick={() => setConfirming(false)}>
                  No, volver
                </Button>
              </div>
            </div>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Cerrar publicación
            </Button>
          )
        ) : !mine && active ? (
          <Link to={assetPath(r.assetId)} className={buttonClasses({ size: "sm" })}>
            Reservar fechas
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
