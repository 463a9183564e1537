import {
  ASSET_MSG,
  CATEGORY_NAMES,
  creditsLabel,
  currentYearInColombia,
  formatCOP,
  makeSellFormSchema,
  type SellFormData,
  subcategoriesOf,
  tryValuateGood,
} from "@valoriza/domain";
import { Tag } from "lucide-react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import {
  CategoryValueBound,
  ConditionField,
  LocationField,
  PhysicalStateField,
  PurchaseYearField,
} from "../../components/goods-fields.tsx";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect, Textarea } from "../../components/ui/input.tsx";
import { UploadProgress } from "../../components/ui/upload-progress.tsx";
import { type Coords, UseMyLocation } from "../../components/use-my-location.tsx";
import { isAuthError } from "../../lib/api.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { zodResolver } from "../../lib/forms.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { invalidateAfterCreditChange } from "../../lib/query-client.ts";
import { toast } from "../../lib/toast.ts";
import { publishForSale, type SellResult, serverMessage } from "./api.ts";
import { SellResultCard } from "./SellResultCard.tsx";

const CURRENT_YEAR = currentYearInColombia();
const sellSchema = makeSellFormSchema(CURRENT_YEAR);
const resolver = zodResolver(sellSchema as never) as unknown as Resolver<SellValues, unknown, SellFormData>;

interface SellValues {
  title: string;
  description: string;
  category: string;
  subcategory: string;
  condition: string;
  physicalState: string;
  baseValueCOP: string;
  yearOfPurchase: string;
  location: string;
}

function defaults(): SellValues {
  return {
    title: "",
    description: "",
    category: CATEGORY_NAMES[0],
    subcategory: "",
    condition: "usado",
    physicalState: "bueno",
    baseValueCOP: "",
    yearOfPurchase: String(CURRENT_YEAR),
    location: "",
  };
}

/** What the photo picker (composed in by the app) reports: ready data URLs, or why they are not ready. */
export interface SellPhotos {
  dataUrls: string[];
  problem: string | null;
}

export interface SellPhotosSlotProps {
  id: string;
  onChange: (photos: SellPhotos) => void;
}

/**
 * /vender (overview §2 Sell): a goods form whose purpose is always vender and privacy publico, then
 * a result card. `renderPhotos` is the shared image picker (up to 10 photos), composed in by the app.
 */
export function SellPage({ renderPhotos }: { renderPhotos: (props: SellPhotosSlotProps) => ReactNode }) {
  useDocumentTitle("Vender");
  const [result, setResult] = useState<{ sold: SellResult; sent: SellFormData } | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Vender un activo</h1>
        <p className="mt-1 text-slate-600">
          Publica tu bien a la venta: recibes créditos bloqueados por su valor y otra persona puede comprarlo con
          créditos o dinero.
        </p>
      </header>
      <RequireSession message="Inicia sesión para publicar un activo a la venta.">
        {result ? (
          <SellResultCard
            result={result.sold}
            sent={result.sent}
            onAnother={() => {
              setResult(null);
              setFormKey((k) => k + 1);
            }}
          />
        ) : (
          <SellForm key={formKey} renderPhotos={renderPhotos} onPublished={(sold, sent) => setResult({ sold, sent })} />
        )}
      </RequireSession>
    </div>
  );
}

function SellForm({
  renderPhotos,
  onPublished,
}: {
  renderPhotos: (props: SellPhotosSlotProps) => ReactNode;
  onPublished: (result: SellResult, sent: SellFormData) => void;
}) {
  const photos = useRef<SellPhotos>({ dataUrls: [], problem: null });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const [coords, setCoords] = useState<Coords | null>(null);
  const onPhotos = useCallback((next: SellPhotos) => {
    photos.current = next;
    if (!next.problem) setPhotoError(null);
  }, []);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<SellValues, unknown, SellFormData>({ resolver, defaultValues: defaults() });
  const category = useWatch({ control, name: "category" });
  const price = useWatch({ control, name: "baseValueCOP" });
  const [condition, physicalState, year] = useWatch({
    control,
    name: ["condition", "physicalState", "yearOfPurchase"],
  });
  // The credits this price gives, before publishing (issue 15 item 9): the same valuation the server runs.
  const preview =
    price !== "" && Number.isSafeInteger(Number(price)) && Number(price) % 1000 === 0
      ? tryValuateGood({
          baseValueCOP: Number(price),
          category: category ?? "",
          condition: condition as SellFormData["condition"],
          physicalState: physicalState as SellFormData["physicalState"],
          yearOfPurchase: Number(year),
          currentYear: CURRENT_YEAR,
        })
      : null;
  const subcategories = subcategoriesOf(category ?? "");

  const missing = ASSET_MSG.sellMissingFields;
  const isMissing = [errors.title, errors.description, errors.baseValueCOP].some((e) => e?.message === missing);
  // The spec's one message covers the three required fields; other problems stay on their field.
  const fieldError = (message: string | undefined) => (message && message !== missing ? message : undefined);
  const invalid = (message: string | undefined) => (message ? { "aria-invalid": true as const } : {});

  const submit = handleSubmit(async (values) => {
    const problem = photos.current.problem;
    setPhotoError(problem);
    if (problem) return;
    const payload: SellFormData = {
      ...values,
      images: photos.current.dataUrls,
      ...(coords ? { coordenadas: coords } : {}),
    };
    const body = JSON.stringify(payload);
    if (submission.current?.body !== body) submission.current = { key: newIdempotencyKey(), body };
    setProgress(null);
    try {
      const sold = await publishForSale(
        payload,
        submission.current.key,
        payload.images.length ? setProgress : undefined,
      );
      void invalidateAfterCreditChange();
      toast({ title: "¡Activo publicado!", description: `"${payload.title}" ya está a la venta.`, variant: "success" });
      onPublished(sold, payload);
    } catch (error) {
      if (isAuthError(error)) return;
      toast({
        title: ASSET_MSG.sellPublishErrorToast,
        description: serverMessage(error) ?? ASSET_MSG.sellPublishErrorFallback,
        variant: "error",
      });
    } finally {
      setProgress(null);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label="Vender un activo">
      <Card className="grid gap-4 p-5 sm:grid-cols-2 sm:p-7">
        {isMissing ? <Alert className="sm:col-span-2">{missing}</Alert> : null}
        <Field id="sell-title" label="Título" error={fieldError(errors.title?.message)} className="sm:col-span-2">
          {(c) => (
            <Input
              {...c}
              {...invalid(errors.title?.message)}
              {...register("title")}
              placeholder="Ej: Bicicleta de ruta"
            />
          )}
        </Field>
        <Field
          id="sell-description"
          label="Descripción"
          error={fieldError(errors.description?.message)}
          className="sm:col-span-2"
        >
          {(c) => (
            <Textarea
              {...c}
              {...invalid(errors.description?.message)}
              {...register("description")}
              rows={4}
              placeholder="Cuenta cómo es, qué incluye y en qué estado está."
            />
          )}
        </Field>
        <Field id="sell-category" label="Categoría" error={errors.category?.message}>
          {(c) => (
            <NativeSelect {...c} {...register("category", { onChange: () => setValue("subcategory", "") })}>
              {CATEGORY_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field id="sell-subcategory" label="Subcategoría" optional error={errors.subcategory?.message}>
          {(c) => (
            <NativeSelect {...c} {...register("subcategory")}>
              <option value="">Sin subcategoría</option>
              {subcategories.map((s) => (
                <option key={s.id} value={s.nombre}>
                  {s.nombre}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <ConditionField id="sell-condition" registration={register("condition")} error={errors.condition?.message} />
        <PhysicalStateField
          id="sell-physical-state"
          registration={register("physicalState")}
          error={errors.physicalState?.message}
        />
        <Field
          id="sell-price"
          label="Precio de venta (COP)"
          error={fieldError(errors.baseValueCOP?.message)}
          hint={
            <>
              {price && Number(price) >= 0 ? formatCOP(Number(price)) : "En pesos, de mil en mil."}
              <CategoryValueBound category={category} value={price} />
            </>
          }
        >
          {(c) => (
            <Input
              {...c}
              {...invalid(errors.baseValueCOP?.message)}
              {...register("baseValueCOP")}
              type="number"
              inputMode="numeric"
              min={0}
              step={1000}
              placeholder="Ej: 850000"
            />
          )}
        </Field>
        <p
          className="rounded-xl bg-emerald-50 px-3.5 py-2.5 text-sm text-emerald-900 sm:col-span-2"
          aria-live="polite"
          data-testid="sell-credits-preview"
        >
          {preview
            ? `Con este precio recibes ${creditsLabel(preview.creditosAsignados)} bloqueados (valor actual ${formatCOP(
                preview.valorActualCOP,
              )}). Quien compre paga ${formatCOP(Number(price))} en dinero o ${creditsLabel(
                preview.creditosAsignados,
              )}.`
            : "Escribe el precio para ver cuántos créditos recibes al publicar."}
        </p>
        <PurchaseYearField
          id="sell-year"
          registration={register("yearOfPurchase")}
          error={errors.yearOfPurchase?.message}
        />
        <LocationField
          id="sell-location"
          registration={register("location")}
          error={errors.location?.message}
          placeholder="Ej: Chapinero, Bogotá"
        />
        <div className="sm:col-span-2">
          <UseMyLocation value={coords} onChange={setCoords} />
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <p className="text-sm font-medium text-slate-700">
            Fotos <span className="font-normal text-slate-500">(opcional, hasta 10)</span>
          </p>
          {renderPhotos({ id: "sell-images", onChange: onPhotos })}
          {photoError ? <Alert>{photoError}</Alert> : null}
        </div>
        {progress !== null ? <UploadProgress progress={progress} className="sm:col-span-2" /> : null}
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Publicando…">
            <Tag aria-hidden="true" className="size-5" />
            Publicar a la venta
          </Button>
        </div>
      </Card>
    </form>
  );
}
