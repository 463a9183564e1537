import { ASSET_MSG, creditsLabel, RENTAL_MSG, rangesOverlap, rentalDays } from "@valoriza/domain";
import { CalendarRange, KeyRound, RefreshCw } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { type AssetRentalView, type RentalView, useAssetRental, useBookRental } from "./asset-rental.ts";
import { formatPeriod, laterDay } from "./dates.ts";
import { RentPanelSkeleton } from "./rent-panel-skeleton.tsx";

/**
 * The asset page's 'Alquilar' panel for an `alquilar` asset: the owner's publication (price per day,
 * period, terms, the days already taken), the renter's dates with the days and total shown live, then
 * a confirmation panel and POST /rentals/{id}/reservar (the payment goes into escrow). The owner is
 * sent to /alquilar to publish or manage it.
 */
export function RentAssetAction({ asset }: { asset: Asset }) {
  const { user } = useSession();
  const query = useAssetRental(asset.id);
  const isOwner = Boolean(user && asset.ownerId && user._id === asset.ownerId);

  if (query.isPending) {
    // A visitor gets the booking panel's shape; the owner a note (OwnerNote), shorter.
    return isOwner ? (
      <Card className="grid gap-3 p-5" role="status" aria-label="Cargando el alquiler">
        <Skeleton className="h-6 w-40 rounded-lg" />
        <Skeleton className="h-8 w-56 rounded-lg" />
        <Skeleton className="h-11 w-full rounded-xl" />
      </Card>
    ) : (
      <RentPanelSkeleton label="Cargando el alquiler" />
    );
  }
  if (query.isError) {
    return (
      <Alert title="No pudimos cargar el alquiler">
        <p>{errorMessage(query.error, "Intenta de nuevo en unos momentos.")}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
      </Alert>
    );
  }
  const view = query.data;
  const rental = view.rental?.status === "active" ? view.rental : null;
  if (isOwner) return <OwnerNote rental={rental} view={view} />;
  if (!rental) {
    return (
      <Card className="flex flex-col gap-2 p-5" data-testid="rent-panel">
        <h2 className="flex items-center gap-2 font-semibold text-slate-900">
          <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
          Alquilar
        </h2>
        <p className="text-sm text-slate-600">
          {view.rental ? RENTAL_MSG.closed : RENTAL_MSG.notForRent}: su dueño aún no ha publicado fechas para
          alquilarlo. Vuelve más tarde o mira otros{" "}
          <Link to="/alquilar" className="font-medium text-emerald-700 hover:underline">
            alquileres activos
          </Link>
          .
        </p>
      </Card>
    );
  }
  return <BookingPanel asset={asset} rental={rental} view={view} />;
}

function PublicationSummary({ rental, view }: { rental: RentalView; view: AssetRentalView }) {
  return (
    <>
      <p className="text-2xl font-extrabold text-emerald-700 tabular-nums" data-testid="rent-price">
        {creditsLabel(rental.pricePerDay)}
        <span className="text-sm font-medium text-slate-500"> por día</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <CalendarRange aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <span>
          Disponible: <span data-testid="rent-period">{formatPeriod(rental.startDate, rental.endDate)}</span>
        </span>
      </p>
      {rental.terms ? (
        <div className="text-sm">
          <p className="font-medium text-slate-700">Términos</p>
          <p className="break-words whitespace-pre-line text-slate-600">{rental.terms}</p>
        </div>
      ) : null}
      <div className="text-sm">
        <p className="font-medium text-slate-700">Fechas ya reservadas</p>
        {view.reservas.length === 0 ? (
          <p className="text-slate-600">Ninguna: todo el periodo está libre.</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="rent-booked">
            {view.reservas.map((r) => (
              <li
                key={`${r.startDate}-${r.endDate}`}
                className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20"
              >
                {formatPeriod(r.startDate, r.endDate)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function OwnerNote({ rental, view }: { rental: RentalView | null; view: AssetRentalView }) {
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="rent-panel">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
        Tu alquiler
      </h2>
      {rental ? (
        <>
          <PublicationSummary rental={rental} view={view} />
          <Link to="/alquilar" className={buttonClasses({ variant: "outline" })}>
            Gestionar en Alquilar
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Aún no has publicado fechas para alquilar este activo: publica el periodo, el precio por día y los términos
            para que otras personas puedan reservarlo.
          </p>
          <Link to="/alquilar" className={buttonClasses()}>
            Publicar fechas en Alquilar
          </Link>
        </>
      )}
    </Card>
  );
}

function BookingPanel({ asset, rental, view }: { asset: Asset; rental: RentalView; view: AssetRentalView }) {
  const { isAuthenticated } = useSession();
  const book = useBookRental();
  const ids = useId();
  const today = view.today || rental.startDate;
  const minStart = laterDay(today, rental.startDate);
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [booked, setBooked] = useState<{ start: string; end: string; total: number } | null>(null);
  const attempt = useRef<{ key: string; body: string } | null>(null);

  const over = minStart > rental.endDate;
  const datesValid = Boolean(start && end && start <= end);
  const days = datesValid ? rentalDays(start, end) : 0;
  const total = days * rental.pricePerDay;

  /** The problem with the chosen dates, checked as the server will (the server has the last word). */
  const problem = (): string | null => {
    if (!start || !end) return "Elige la fecha de inicio y la fecha de fin.";
    if (start < today) return RENTAL_MSG.startBeforeToday;
    if (end < start) return RENTAL_MSG.endBeforeStart;
    if (start < rental.startDate || end > rental.endDate) return RENTAL_MSG.outsidePeriod;
    if (view.reservas.some((r) => rangesOverlap(r, { startDate: start, endDate: end }))) return RENTAL_MSG.overlap;
    return null;
  };

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!isAuthenticated) {
      toast({ title: ASSET_MSG.loginFirst, variant: "error" });
      openAuthDialog("login");
      return;
    }
    const p = problem();
    setError(p);
    if (!p) {
      setBooked(null);
      setConfirming(true);
    }
  };

  const confirm = async () => {
    const body = JSON.stringify({ rentalId: rental.id, startDate: start, endDate: end });
    // One key per booking attempt: a retry of the same dates reuses it, so the payment is taken once.
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const result = await book.mutateAsync({
        rentalId: rental.id,
        startDate: start,
        endDate: end,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      setConfirming(false);
      setBooked({ start, end, total: result.booking?.total ?? total });
      setStart("");
      setEnd("");
      const paid = (result.booking?.total ?? total) > 0;
      toast({ title: paid ? RENTAL_MSG.booked : RENTAL_MSG.bookedFree, variant: "success" });
    } catch (e) {
      if (isAuthError(e)) return;
      const message = errorMessage(e, RENTAL_MSG.bookFailed);
      setConfirming(false);
      setError(message);
      toast({ title: "Error", description: message, variant: "error" });
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="rent-panel">
      <h2 id={`${ids}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-5 text-emerald-700" />
        Alquilar
      </h2>
      <PublicationSummary rental={rental} view={view} />
      {booked ? (
        <Alert variant="success" title="Reserva confirmada">
          <p>
            {formatPeriod(booked.start, booked.end)} ·{" "}
            {booked.total > 0
              ? `${creditsLabel(booked.total)} en custodia hasta que termine el alquiler.`
              : "Gratis: no se descontaron créditos."}{" "}
            Síguela en{" "}
            <Link to="/alquilar" className="font-semibold underline">
              Mis reservas
            </Link>
            .
          </p>
        </Alert>
      ) : null}
      {over ? (
        <p className="text-sm text-slate-600">{RENTAL_MSG.closed}: su periodo ya terminó.</p>
      ) : confirming ? (
        <section
          aria-labelledby={`${ids}-confirm`}
          className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
          data-testid="rent-confirm"
        >
          <h3 id={`${ids}-confirm`} className="font-semibold">
            Confirmar alquiler
          </h3>
          <p>
            Vas a reservar «{asset.title}» del {formatPeriod(start, end)} ({days} {days === 1 ? "día" : "días"}).
          </p>
          {total > 0 ? (
            <p>
              Se descontarán <strong>{creditsLabel(total)}</strong> de tus créditos disponibles; quedan en custodia y el
              dueño los recibe cuando termine el alquiler. Puedes cancelar antes del primer día y te los devolvemos.
            </p>
          ) : (
            <p>Es gratis: no se descuentan créditos. Puedes cancelar antes del primer día.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button loading={book.isPending} loadingText="Reservando…" onClick={() => void confirm()}>
              Confirmar alquiler
            </Button>
            <Button variant="outline" disabled={book.isPending} onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
          </div>
        </section>
      ) : (
        <form noValidate onSubmit={ask} aria-labelledby={`${ids}-title`} className="grid gap-3">
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${ids}-start`} label="Desde">
              {(c) => (
                <Input
                  {...c}
                  type="date"
                  min={minStart}
                  max={rental.endDate}
                  value={start}
                  onChange={(e) => {
                    setError(null);
                    setStart(e.target.value);
                    if (end && e.target.value && end < e.target.value) setEnd("");
                  }}
                />
              )}
            </Field>
            <Field id={`${ids}-end`} label="Hasta">
              {(c) => (
                <Input
                  {...c}
                  type="date"
                  min={start || minStart}
                  max={rental.endDate}
                  value={end}
                  onChange={(e) => {
                    setError(null);
                    setEnd(e.target.value);
                  }}
                />
              )}
            </Field>
          </div>
          <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
            {datesValid ? (
              <>
                {days} {days === 1 ? "día" : "días"} × {creditsLabel(rental.pricePerDay)} ={" "}
                <strong className="text-slate-900" data-testid="rent-total">
                  {creditsLabel(total)}
                </strong>
              </>
            ) : (
              "Elige las fechas para ver el total."
            )}
          </p>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" size="lg" className="w-full">
            <KeyRound aria-hidden="true" className="size-4" />
            Alquilar
          </Button>
        </form>
      )}
    </Card>
  );
}
