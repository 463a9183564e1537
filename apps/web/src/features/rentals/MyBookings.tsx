import { creditsLabel, RENTAL_MSG } from "@valoriza/domain";
import { useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { EmptyList, ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { PersonLink } from "../../components/person-link.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type BookingAction, type BookingView, useBookingAction, useMyBookings } from "./api.ts";
import { formatPeriod } from "./dates.ts";

const BOOKING_META: Record<string, { label: string; tone: BadgeTone }> = {
  reservada: { label: "Reservada", tone: "info" },
  finalizada: { label: "Finalizada", tone: "brand" },
  cancelada: { label: "Cancelada", tone: "neutral" },
};

/** 'Mis reservas' of /alquilar: as renter and as owner, with the actions each side may take. */
export function MyBookings() {
  const bookings = useMyBookings();
  const list = bookings.data ?? [];
  const asRenter = list.filter((b) => b.miRol === "arrendatario");
  const asOwner = list.filter((b) => b.miRol === "arrendador");
  return (
    <section aria-labelledby="mis-reservas" className="flex flex-col gap-3">
      <h2 id="mis-reservas" className="text-lg font-semibold text-slate-900">
        Mis reservas
      </h2>
      <ListStates
        query={bookings}
        isEmpty={list.length === 0}
        loading={
          <ListSkeleton
            label="Cargando reservas"
            count={2}
            className="grid gap-3 md:grid-cols-2"
            itemClassName="h-40 rounded-2xl"
          />
        }
        errorTitle="No pudimos cargar tus reservas"
        empty={
          <EmptyList compact>
            Aún no tienes reservas. Elige un alquiler de la lista y reserva tus fechas desde la página del activo.
          </EmptyList>
        }
      >
        <div className="grid gap-5">
          <BookingGroup title="Como arrendatario" list={asRenter} empty="No has reservado alquileres." />
          <BookingGroup title="Como arrendador" list={asOwner} empty="Nadie ha reservado tus alquileres todavía." />
        </div>
      </ListStates>
    </section>
  );
}

function BookingGroup({ title, list, empty }: { title: string; list: BookingView[]; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold text-slate-700">
        {title} ({list.length})
      </h3>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {list.map((b) => (
            <li key={b.id}>
              <BookingCard booking={b} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const ACTION_TEXT: Record<BookingAction, { label: string; confirm: (b: BookingView) => string; done: string }> = {
  cancelar: {
    label: "Cancelar reserva",
    confirm: (b) =>
      b.total <= 0
        ? "Se cancelará la reserva (era gratis: no hay créditos que devolver)."
        : b.miRol === "arrendatario"
          ? `Se cancelará la reserva y te devolveremos ${creditsLabel(b.total)}.`
          : `Se cancelará la reserva y se devolverán ${creditsLabel(b.total)} a ${b.renter.name || "quien reservó"}.`,
    done: RENTAL_MSG.cancelled,
  },
  finalizar: {
    label: "Finalizar operación",
    confirm: (b) =>
      b.total > 0
        ? `Se dará por terminado el alquiler y recibirás ${creditsLabel(b.total)} de la custodia.`
        : "Se dará por terminado el alquiler (era gratis: no hay pago que recibir).",
    done: RENTAL_MSG.finished,
  },
};

function BookingCard({ booking: b }: { booking: BookingView }) {
  const action = useBookingAction();
  const keys = useRef<Partial<Record<BookingAction, string>>>({});
  const [confirming, setConfirming] = useState<BookingAction | null>(null);
  const meta = BOOKING_META[b.estado] ?? { label: b.estado, tone: "neutral" as BadgeTone };
  const counterparty = b.miRol === "arrendatario" ? b.owner : b.renter;
  const actions: BookingAction[] = [
    ...(b.puedeCancelar ? (["cancelar"] as const) : []),
    ...(b.miRol === "arrendador" && b.puedeFinalizar ? (["finalizar"] as const) : []),
  ];
  const run = async (a: BookingAction) => {
    keys.current[a] ??= newIdempotencyKey();
    try {
      const result = await action.mutateAsync({ id: b.id, action: a, idempotencyKey: keys.current[a] ?? "" });
      delete keys.current[a];
      setConfirming(null);
      toast({ title: result.message || ACTION_TEXT[a].done, description: `"${b.assetTitle}"`, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      setConfirming(null);
      toast({ title: "Error", description: errorMessage(e, "No se pudo actualizar la reserva."), variant: "error" });
    }
  };
  const note =
    b.estado !== "reservada"
      ? null
      : b.miRol === "arrendador"
        ? b.puedeFinalizar
          ? null
          : "Podrás finalizarlo desde su primer día; antes, cualquiera de los dos puede cancelarlo."
        : b.puedeCancelar
          ? "Puedes cancelarla hasta el día anterior al inicio y te devolvemos el pago."
          : "El alquiler ya comenzó: el dueño lo finalizará al terminar y entonces recibirá el pago.";

  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="booking-card">
      <div className="flex items-start justify-between gap-3">
        <h4 className="min-w-0 font-semibold break-words text-slate-900">
          <Link to={assetPath(b.assetId)} className="hover:underline">
            {b.assetTitle}
          </Link>
        </h4>
        <Badge tone={meta.tone} data-testid="booking-state">
          {meta.label}
        </Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{b.miRol === "arrendatario" ? "Dueño" : "Arrendatario"}</dt>
        <dd className="font-medium break-words text-slate-800">
          <PersonLink id={counterparty.id} name={counterparty.name} />
        </dd>
        <dt className="text-slate-500">Fechas</dt>
        <dd className="font-medium text-slate-800">{formatPeriod(b.startDate, b.endDate)}</dd>
        <dt className="text-slate-500">Días</dt>
        <dd className="font-medium text-slate-800" data-testid="booking-days">
          {b.dias}
        </dd>
        <dt className="text-slate-500">Total</dt>
        <dd className="font-semibold text-slate-900" data-testid="booking-total">
          {creditsLabel(b.total)}
          <span className="font-normal text-slate-500"> ({creditsLabel(b.pricePerDay)} por día)</span>
        </dd>
      </dl>
      {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      {confirming ? (
        <div
          data-testid="booking-confirm"
          className="mt-auto flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p>{ACTION_TEXT[confirming].confirm(b)}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant={confirming === "cancelar" ? "danger" : "primary"}
              loading={action.isPending}
              loadingText="Procesando…"
              onClick={() => void run(confirming)}
            >
              Sí, {confirming === "cancelar" ? "cancelar" : "finalizar"}
            </Button>
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => setConfirming(null)}>
              No, volver
            </Button>
          </div>
        </div>
      ) : actions.length > 0 ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === "cancelar" ? "outline" : "primary"}
              onClick={() => setConfirming(a)}
            >
              {ACTION_TEXT[a].label}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
