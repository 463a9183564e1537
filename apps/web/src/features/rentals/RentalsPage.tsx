import { type CreateRentalData, colombiaToday, createRentalSchema, creditsLabel, RENTAL_MSG } from "@valoriza/domain";
import { CalendarRange, KeyRound, LogIn, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";
import { DealScreenHeader } from "../../components/deal-screen-header.tsx";
import { EmptyList, ListSkeleton, ListStates } from "../../components/list-states.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { zodResolver } from "../../lib/forms.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import {
  type BookingAction,
  type BookingView,
  type RentalView,
  useBookingAction,
  useCloseRental,
  useCreateRental,
  useMyBookings,
  useMyRentalAssets,
  useRentals,
} from "./api.ts";
import { formatPeriod } from "./dates.ts";

/** overview §4: rental status 'active' shown green, else orange; missing shows pendiente. */
const STATUS_LABEL: Record<string, string> = { active: "Activo", closed: "Cerrado", finished: "Finalizado" };
const statusLabel = (status: string) => (status ? (STATUS_LABEL[status] ?? status) : "pendiente");

const BOOKING_META: Record<string, { label: string; tone: BadgeTone }> = {
  reservada: { label: "Reservada", tone: "info" },
  finalizada: { label: "Finalizada", tone: "brand" },
  cancelada: { label: "Cancelada", tone: "neutral" },
};

/** /alquilar (overview §2 Rentals). The grid is public; creating and booking need a session. */
export function RentalsPage() {
  useDocumentTitle("Alquilar");
  const { isAuthenticated } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <DealScreenHeader
        title="Alquilar"
        icon={<KeyRound aria-hidden="true" className="size-7 text-emerald-700" />}
        description="Publica las fechas en que alquilas tus activos y cobra créditos por día, o reserva los de otras personas: el pago queda en custodia hasta que termina el alquiler."
      />
      {isAuthenticated ? (
        <>
          <CreateRentalSection />
          <MyBookings />
        </>
      ) : (
        <SignInCallout />
      )}
      <ActiveRentals />
    </div>
  );
}

function SignInCallout() {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2 text-slate-700">
        <LogIn aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
        <span>{RENTAL_MSG.loginRequired}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => openAuthDialog("login")}>Iniciar Sesión</Button>
        <Button variant="outline" onClick={() => openAuthDialog("register")}>
          Registrarse
        </Button>
      </div>
    </Card>
  );
}

// ---------- create ----------

interface RentalFormValues {
  assetId: string;
  pricePerDay: string;
  startDate: string;
  endDate: string;
  terms: string;
}

const emptyForm = (): RentalFormValues => ({ assetId: "", pricePerDay: "", startDate: "", endDate: "", terms: "" });

/**
 * calls §5 Rentals: every field required (one message for the missing ones), then the contract's
 * createRentalSchema, plus "start not before today" (Colombian calendar day, as the server checks it).
 */
const rentalFormSchema = z
  .object({
    assetId: z.string().trim().min(1, RENTAL_MSG.required),
    pricePerDay: z
      .string()
      .trim()
      .min(1, RENTAL_MSG.required)
      .transform((s) => Number(s)),
    startDate: z.string().trim().min(1, RENTAL_MSG.required),
    endDate: z.string().trim().min(1, RENTAL_MSG.required),
    terms: z.string().trim().min(1, RENTAL_MSG.required),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.startDate < colombiaToday(new Date())) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: RENTAL_MSG.startBeforeToday });
    }
    if (v.startDate && v.endDate && v.endDate < v.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: RENTAL_MSG.endBeforeStart });
    }
  })
  .pipe(createRentalSchema);
const resolver = zodResolver(rentalFormSchema as never) as unknown as Resolver<
  RentalFormValues,
  unknown,
  CreateRentalData
>;

function CreateRentalSection() {
  const { user } = useSession();
  const me = user?._id ?? "";
  const assets = useMyRentalAssets();
  const rentals = useRentals();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const list = assets.data ?? [];
  // An asset with an open publication cannot get a second one (RENTAL_MSG.alreadyPublished); while
  // booked it is in `operacion`, so it is listed from the publications too.
  const mine = (rentals.data ?? []).filter((r) => r.ownerId === me && r.status === "active");
  const published = new Set(mine.map((r) => r.assetId));
  const free = list.filter((a) => !published.has(a.id));
  const chips = [
    ...list.map((a) => ({ id: a.id, title: a.title, published: published.has(a.id) })),
    ...mine
      .filter((r) => !list.some((a) => a.id === r.assetId))
      .map((r) => ({ id: r.assetId, title: r.assetTitle, published: true })),
  ];
  const loading = (assets.isPending && assets.fetchStatus !== "idle") || rentals.isPending;
  const registerLink = (
    <Link to="/registrar-activo" className="font-semibold underline">
      Registrar un activo
    </Link>
  );

  return (
    <section aria-labelledby="mis-activos-alquilar" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="mis-activos-alquilar" className="text-sm font-semibold text-slate-700">
            Tus activos publicados para alquilar
          </h2>
          {loading ? (
            <Skeleton className="mt-2 h-8 w-64 max-w-full rounded-xl" />
          ) : assets.isError ? (
            <p className="mt-1 text-sm text-red-700">
              {errorMessage(assets.error, "No pudimos cargar tus activos.")}{" "}
              <button type="button" className="font-medium underline" onClick={() => void assets.refetch()}>
                Reintentar
              </button>
            </p>
          ) : chips.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="rental-assets-empty">
              No tienes activos publicados para alquilar. Registra un bien o tu tiempo y elige la acción «Alquilar».{" "}
              <Link to="/registrar-activo" className="font-medium text-emerald-700 hover:underline">
                Registrar un activo
              </Link>
            </p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {chips.map((a) => (
                <li key={a.id}>
                  <Link
                    to={assetPath(a.id)}
                    className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium break-words text-emerald-800 ring-1 ring-emerald-600/20 hover:bg-emerald-100"
                  >
                    {a.title}
                    {a.published ? <span className="text-xs font-normal text-emerald-700">· con fechas</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Button
          variant={open ? "outline" : "primary"}
          className="w-full sm:w-auto"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((v) => !v)}
        >
          <Plus aria-hidden="true" className="size-4" />
          Nuevo alquiler
        </Button>
      </div>
      {open ? (
        <div id={formId}>
          {loading ? (
            <Skeleton className="h-64 rounded-2xl" />
          ) : chips.length === 0 ? (
            <Alert variant="info" title="Primero necesitas un activo para alquilar">
              <p>
                Registra un bien o tu tiempo con la acción «Alquilar»; después publica aquí las fechas y el precio por
                día. {registerLink}
              </p>
            </Alert>
          ) : free.length === 0 ? (
            <Alert variant="info" title="Tus activos para alquilar ya tienen fechas publicadas">
              <p>
                Cierra una publicación para publicar otras fechas, o registra otro activo con la acción «Alquilar».{" "}
                {registerLink}
              </p>
            </Alert>
          ) : (
            <CreateRentalForm
              assets={free.map((a) => ({ id: a.id, title: a.title }))}
              onCreated={() => setOpen(false)}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}

function CreateRentalForm({ assets, onCreated }: { assets: { id: string; title: string }[]; onCreated: () => void }) {
  const { user } = useSession();
  const create = useCreateRental();
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const today = colombiaToday(new Date());
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RentalFormValues, unknown, CreateRentalData>({ resolver, defaultValues: emptyForm() });
  const start = useWatch({ control, name: "startDate" });

  const required = RENTAL_MSG.required;
  const isMissing = Object.values(errors).some((e) => e?.message === required);
  const fieldError = (message: string | undefined) => (message && message !== required ? message : undefined);
  const invalid = (message: string | undefined) => (message ? { "aria-invalid": true as const } : {});

  const submit = handleSubmit(async (values) => {
    const body: CreateRentalData = { ...values, ownerId: user?._id ?? "" };
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { key: newIdempotencyKey(), body: serialized };
    try {
      const result = await create.mutateAsync({ ...body, idempotencyKey: attempt.current.key });
      attempt.current = null;
      toast({ title: result.message || RENTAL_MSG.created, variant: "success" });
      reset(emptyForm());
      onCreated();
    } catch (e) {
      if (isAuthError(e)) return;
      toast({ title: "Error", description: errorMessage(e, RENTAL_MSG.createFailed), variant: "error" });
    }
  });

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="rental-form-title" className="grid gap-4">
        <h2 id="rental-form-title" className="text-lg font-semibold text-slate-900">
          Publicar un alquiler
        </h2>
        <Field id="rental-asset" label="Activo" error={fieldError(errors.assetId?.message)}>
          {(c) => (
            <NativeSelect {...c} {...invalid(errors.assetId?.message)} {...register("assetId")}>
              <option value="">Selecciona uno de tus activos</option>
              {assets.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="rental-price" label="Precio por día (créditos)" error={fieldError(errors.pricePerDay?.message)}>
            {(c) => (
              <Input
                {...c}
                {...invalid(errors.pricePerDay?.message)}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...register("pricePerDay")}
              />
            )}
          </Field>
          <Field id="rental-start" label="Fecha de inicio" error={fieldError(errors.startDate?.message)}>
            {(c) => (
              <Input
                {...c}
                {...invalid(errors.startDate?.message)}
                type="date"
                min={today}
                {...register("startDate")}
              />
            )}
          </Field>
          <Field id="rental-end" label="Fecha de fin" error={fieldError(errors.endDate?.message)}>
            {(c) => (
              <Input
                {...c}
                {...invalid(errors.endDate?.message)}
                type="date"
                min={start && start > today ? start : today}
                {...register("endDate")}
              />
            )}
          </Field>
        </div>
        <Field id="rental-terms" label="Términos" error={fieldError(errors.terms?.message)}>
          {(c) => (
            <Textarea
              {...c}
              {...invalid(errors.terms?.message)}
              rows={3}
              maxLength={2000}
              placeholder="Ej: se entrega limpio y con el tanque lleno; depósito al recoger."
              {...register("terms")}
            />
          )}
        </Field>
        {isMissing ? <Alert>{required}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={isSubmitting} loadingText="Publicando…">
            Crear alquiler
          </Button>
        </div>
      </form>
    </Card>
  );
}

// ---------- my bookings ----------

function MyBookings() {
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
        <dd className="font-medium break-words text-slate-800">{counterparty.name || "Usuario de Valoriza"}</dd>
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

// ---------- the public grid ----------

function ActiveRentals() {
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
