import { type CreateRentalData, colombiaToday, createRentalSchema, RENTAL_MSG } from "@valoriza/domain";
import { Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { z } from "zod";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { isAuthError } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { zodResolver } from "../../lib/forms.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useCreateRental, useMyRentalAssets, useRentals } from "./api.ts";

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

/**
 * My assets published for renting (as chips) and 'Nuevo alquiler': the form to publish dates and a
 * price per day for one of them that has none yet.
 */
export function CreateRentalSection() {
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
