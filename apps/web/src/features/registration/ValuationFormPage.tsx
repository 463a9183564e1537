import {
  ASSET_MSG,
  ASSET_ORIGIN_LABELS,
  ASSET_ORIGINS,
  assetFormDefaults,
  CATEGORY_NAMES,
  creditsLabel,
  formatCOP,
  MAIN_PURPOSE_LABELS,
  MAIN_PURPOSES,
  subcategoriesOf,
} from "@valoriza/domain";
import { Banknote, CircleCheck, Clock, House, Package, Plus, Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router-dom";
import { GoodsCommonFields } from "../../components/goods-fields.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { UploadProgress } from "../../components/ui/upload-progress.tsx";
import { isAuthError } from "../../lib/api.ts";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { newIdempotencyKey } from "../../lib/idempotency.ts";
import { invalidateAfterCreditChange } from "../../lib/query-client.ts";
import { getToken, useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage } from "../../lib/utils.ts";
import { type GoodPayload, type RegistrationResult, registerGood } from "./api.ts";
import { type AssetFormOutput, assetFormSchema, CURRENT_YEAR, resolverFor } from "./forms.ts";
import { imagesProblem } from "./GoodsStep.tsx";
import { ImagePicker } from "./ImagePicker.tsx";
import type { PickedImage } from "./images.ts";
import { ValuationPreview } from "./ValuationPreview.tsx";
import { valuateGoodsView } from "./valuation.ts";

interface AssetFormValues {
  title: string;
  description: string;
  assetType: "bien";
  origin: string;
  category: string;
  subcategory: string;
  condition: string;
  physicalState: string;
  yearOfPurchase: string;
  baseValueCOP: string;
  location: string;
  mainPurpose: string;
}

const resolver = resolverFor<AssetFormValues, AssetFormOutput>(assetFormSchema);

function defaults(): AssetFormValues {
  const d = assetFormDefaults(CURRENT_YEAR);
  return {
    title: "",
    description: "",
    assetType: "bien",
    origin: d.origin,
    category: d.category,
    subcategory: "",
    condition: d.condition,
    physicalState: d.physicalState,
    yearOfPurchase: String(d.yearOfPurchase),
    baseValueCOP: "",
    location: "",
    mainPurpose: d.mainPurpose,
  };
}

/** /valorar and /valorar-activo: the single registration form with a live depreciation preview. */
export function ValuationFormPage() {
  useDocumentTitle("Valorar activo");
  const [result, setResult] = useState<{ registered: RegistrationResult; payload: GoodPayload } | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Valorar activo</h1>
        <p className="mt-1 text-slate-500">
          Descubre cuánto vale hoy tu bien y regístralo para recibir créditos (1 crédito = $1.000 COP).
        </p>
      </header>
      {result ? (
        <SuccessSummary
          result={result.registered}
          payload={result.payload}
          onAnother={() => {
            setResult(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        <ValuationForm key={formKey} onRegistered={(registered, payload) => setResult({ registered, payload })} />
      )}
    </div>
  );
}

function ValuationForm({ onRegistered }: { onRegistered: (r: RegistrationResult, p: GoodPayload) => void }) {
  const { user } = useSession();
  const [images, setImages] = useState<PickedImage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submission = useRef<{ key: string; body: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AssetFormValues, unknown, AssetFormOutput>({ resolver, defaultValues: defaults() });

  const watched = useWatch({ control });
  const subcategories = subcategoriesOf(watched.category ?? "");
  const preview =
    watched.baseValueCOP && watched.category
      ? valuateGoodsView({
          baseValueCOP: Number(watched.baseValueCOP),
          category: watched.category,
          condition: watched.condition as AssetFormOutput["condition"],
          physicalState: watched.physicalState as AssetFormOutput["physicalState"],
          yearOfPurchase: Number(watched.yearOfPurchase),
        })
      : null;

  const submitValid = handleSubmit(async (values) => {
    setFailure(null);
    const problem = imagesProblem(images);
    setPhotoError(problem);
    if (problem) return;
    const payload: GoodPayload = {
      title: values.title,
      description: values.description,
      assetType: "bien",
      origin: values.origin,
      category: values.category,
      ...(values.subcategory ? { subcategory: values.subcategory } : {}),
      condition: values.condition,
      physicalState: values.physicalState,
      yearOfPurchase: values.yearOfPurchase,
      baseValueCOP: values.baseValueCOP,
      ...(values.location ? { location: values.location } : {}),
      mainPurpose: values.mainPurpose,
      privacy: "publico",
      images: images.flatMap((i) => (i.dataUrl ? [i.dataUrl] : [])),
      ...(user ? { userId: user._id } : {}),
    };
    // Same submission retried: same key (credits move once). Anything changed: a new submission.
    const body = JSON.stringify(payload);
    if (submission.current?.body !== body) submission.current = { key: newIdempotencyKey(), body };
    setProgress(null);
    try {
      const registered = await registerGood(
        payload,
        submission.current.key,
        payload.images.length ? setProgress : undefined,
      );
      toast({
        title: "¡Activo registrado!",
        description:
          registered.credits !== null ? `Recibiste ${creditsLabel(registered.credits)} bloqueados.` : undefined,
        variant: "success",
      });
      void invalidateAfterCreditChange();
      onRegistered(registered, payload);
    } catch (error) {
      if (isAuthError(error)) return;
      const message = errorMessage(error, ASSET_MSG.createAssetError);
      setFailure(message);
      toast({ title: ASSET_MSG.registrationFailedToast, description: message, variant: "error" });
    } finally {
      setProgress(null);
    }
  });

  // Calls §5: a login token is required, otherwise 'Inicia sesión primero' and the login modal opens
  // (the form keeps what was typed).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!getToken()) {
      event.preventDefault();
      toast({ title: ASSET_MSG.loginFirst, variant: "error" });
      openAuthDialog("login");
      return;
    }
    void submitValid(event);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Registrar activo"
      className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]"
    >
      <Card className="min-w-0 p-5 sm:p-7">
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">Tipo de activo</legend>
            <div className="mt-1.5 grid grid-cols-3 gap-2">
              <span className="flex items-center justify-center gap-2 rounded-xl border-2 border-emerald-600 bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-800">
                <Package aria-hidden="true" className="size-4" />
                Bien
                <span className="sr-only">(seleccionado)</span>
              </span>
              <Link
                to="/registrar-tiempo"
                className="flex items-center justify-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-600 hover:border-emerald-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              >
                <Clock aria-hidden="true" className="size-4" />
                Tiempo
              </Link>
              <Link
                to="/registrar-dinero"
                className="flex items-center justify-center gap-2 rounded-xl border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-600 hover:border-emerald-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
              >
                <Banknote aria-hidden="true" className="size-4" />
                Dinero
              </Link>
            </div>
          </fieldset>

          <Field id="asset-title" label="Título" error={errors.title?.message} className="sm:col-span-2">
            {(c) => <Input {...c} {...register("title")} placeholder="Ej: Bicicleta de ruta Specialized" />}
          </Field>

          <Field id="asset-category" label="Categoría" error={errors.category?.message}>
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

          <Field id="asset-subcategory" label="Subcategoría" optional error={errors.subcategory?.message}>
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

          <Field id="asset-origin" label="Origen" error={errors.origin?.message}>
            {(c) => (
              <NativeSelect {...c} {...register("origin")}>
                {ASSET_ORIGINS.map((o) => (
                  <option key={o} value={o}>
                    {ASSET_ORIGIN_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>

          <Field id="asset-purpose" label="¿Qué quieres hacer con él?" error={errors.mainPurpose?.message}>
            {(c) => (
              <NativeSelect {...c} {...register("mainPurpose")}>
                {MAIN_PURPOSES.map((p) => (
                  <option key={p} value={p}>
                    {MAIN_PURPOSE_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>

          <GoodsCommonFields
            idPrefix="asset"
            category={watched.category}
            register={register}
            control={control}
            errors={errors}
            text={{
              valueLabel: "Valor base (COP)",
              valueHint: "Lo que pagaste por él, en pesos.",
              valuePlaceholder: "Ej: 2000000",
              description: "Cuéntanos cómo es y en qué estado está.",
              location: "Ej: Laureles, Medellín",
            }}
          />

          <div className="flex flex-col gap-2 sm:col-span-2">
            <p className="text-sm font-medium text-slate-700">
              Fotos <span className="font-normal text-slate-400">(opcional)</span>
            </p>
            <ImagePicker id="asset-images" images={images} onChange={setImages} />
            {photoError ? <Alert>{photoError}</Alert> : null}
          </div>
        </div>
      </Card>

      <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-24">
        <ValuationPreview valuation={preview} emptyText="Escribe el valor base para ver la depreciación estimada." />
        {failure ? <Alert title={ASSET_MSG.createAssetError}>{failure}</Alert> : null}
        {progress !== null ? <UploadProgress progress={progress} /> : null}
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting} loadingText="Registrando…">
          <Upload aria-hidden="true" className="size-5" />
          Registrar activo
        </Button>
        <p className="text-center text-xs text-slate-500">
          Los créditos se emiten bloqueados y se liberan cuando completes una operación.
        </p>
      </div>
    </form>
  );
}

function SuccessSummary({
  result,
  payload,
  onAnother,
}: {
  result: RegistrationResult;
  payload: GoodPayload;
  onAnother: () => void;
}) {
  const valuation = valuateGoodsView({
    baseValueCOP: payload.baseValueCOP,
    category: payload.category,
    condition: payload.condition as AssetFormOutput["condition"],
    physicalState: payload.physicalState as AssetFormOutput["physicalState"],
    yearOfPurchase: payload.yearOfPurchase,
  });
  const credits = result.credits ?? valuation?.credits ?? 0;
  return (
    <Card className="mx-auto w-full max-w-xl p-6 text-center sm:p-8" role="status">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-xl font-bold text-slate-900">¡Tu activo quedó registrado!</h2>
      <p className="mt-1 break-words text-slate-600">{result.title || payload.title}</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 rounded-2xl bg-slate-50 p-4 text-left text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Valor reconocido</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {formatCOP(result.valueCOP ?? valuation?.currentCOP ?? payload.baseValueCOP)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Depreciación</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {valuation ? `${valuation.depreciation} %` : "—"}
          </dd>
        </div>
        <div className={cn("col-span-2 sm:col-span-1")}>
          <dt className="text-xs text-slate-500">Créditos bloqueados</dt>
          <dd className="font-bold text-emerald-700 tabular-nums">{creditsLabel(credits)}</dd>
        </div>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={onAnother}>
          <Plus aria-hidden="true" className="size-4" />
          Registrar otro activo
        </Button>
        <Link to="/mis-activos" className={buttonClasses({ variant: "outline" })}>
          Ver Mis Activos
        </Link>
        <Link to="/" className={buttonClasses({ variant: "ghost" })}>
          <House aria-hidden="true" className="size-4" />
          Ir al inicio
        </Link>
      </div>
    </Card>
  );
}
