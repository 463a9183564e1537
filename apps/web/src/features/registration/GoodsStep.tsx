import { ArrowLeft, Calculator } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { GoodsCommonFields } from "../../components/goods-fields.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { FALLBACK_CATEGORIES, useCategories } from "./api.ts";
import { type GoodsOutput, goodsResolver } from "./forms.ts";
import { ImagePicker, type ImagesUpdater } from "./ImagePicker.tsx";
import type { PickedImage } from "./images.ts";
import { StepShell } from "./StepShell.tsx";
import { ValuationPreview } from "./ValuationPreview.tsx";
import { valuateGoodsView } from "./valuation.ts";
import type { GoodsValues } from "./wizard-state.ts";

const PHOTOS_WAIT = "Estamos procesando tus fotos: seguiremos en cuanto terminen.";

/** Problem with the photos that blocks 'Calcular Valor', or null. */
export function imagesProblem(images: PickedImage[]): string | null {
  if (images.some((i) => i.status === "processing")) return "Espera a que terminen de procesarse las fotos.";
  if (images.some((i) => i.status === "error")) return "Quita las fotos que no se pudieron procesar.";
  return null;
}

/** Step 3 for goods: the good's data, photos and a live estimate; 'Calcular Valor' validates. */
export function GoodsStep({
  values,
  images,
  onImages,
  onBack,
  onSave,
}: {
  values: GoodsValues;
  images: PickedImage[];
  onImages: ImagesUpdater;
  onBack: (values: GoodsValues) => void;
  onSave: (values: GoodsValues) => void;
}) {
  const categories = useCategories();
  const catalog = categories.data ?? FALLBACK_CATEGORIES;
  const [photoError, setPhotoError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<GoodsValues, unknown, GoodsOutput>({ resolver: goodsResolver, defaultValues: values });

  const watched = useWatch({ control });
  const category = catalog.categorias.find((c) => c.nombre === watched.category);
  const subcategory = category?.subcategorias.find((s) => s.nombre === watched.subcategory);
  const preview =
    watched.baseValueCOP && watched.category && watched.condition && watched.physicalState
      ? valuateGoodsView({
          baseValueCOP: Number(watched.baseValueCOP),
          category: watched.category,
          condition: watched.condition,
          physicalState: watched.physicalState,
          yearOfPurchase: Number(watched.yearOfPurchase),
        })
      : null;

  // 'Calcular Valor' while photos are still being processed: say so, and go on by itself once they are.
  const [waitingForPhotos, setWaitingForPhotos] = useState(false);
  const onSubmit = handleSubmit(
    () => {
      const problem = imagesProblem(images);
      const processing = images.some((i) => i.status === "processing");
      setWaitingForPhotos(processing);
      setPhotoError(processing ? PHOTOS_WAIT : problem);
      if (!problem) onSave(getValues());
    },
    () => {
      setWaitingForPhotos(false);
      setPhotoError(imagesProblem(images));
    },
  );
  const stillProcessing = images.some((i) => i.status === "processing");
  useEffect(() => {
    if (!waitingForPhotos || stillProcessing) return;
    setWaitingForPhotos(false);
    void onSubmit();
  }, [waitingForPhotos, stillProcessing, onSubmit]);

  return (
    <StepShell
      title="Cuéntanos sobre tu bien"
      description="Con estos datos estimamos su valor actual y los créditos que recibirás."
    >
      <form noValidate onSubmit={onSubmit} aria-label="Datos del bien" className="flex flex-col gap-6">
        <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            <Field id="goods-title" label="Título" error={errors.title?.message} className="sm:col-span-2">
              {(control) => <Input {...control} {...register("title")} placeholder="Ej: Portátil Lenovo ThinkPad" />}
            </Field>

            <Field
              id="goods-category"
              label="Categoría"
              error={errors.category?.message}
              hint={
                categories.isError
                  ? "No pudimos cargar las categorías del servidor; usamos las de Valoriza."
                  : undefined
              }
            >
              {(control) => (
                <NativeSelect
                  {...control}
                  {...register("category", {
                    onChange: () => {
                      setValue("subcategory", "");
                      setValue("especializacion", "");
                    },
                  })}
                >
                  <option value="">{categories.isPending ? "Cargando categorías…" : "Selecciona una categoría"}</option>
                  {catalog.categorias.map((c) => (
                    <option key={c.id || c.nombre} value={c.nombre}>
                      {c.nombre}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>

            <Field id="goods-subcategory" label="Subcategoría" optional error={errors.subcategory?.message}>
              {(control) => (
                <NativeSelect
                  {...control}
                  {...register("subcategory", { onChange: () => setValue("especializacion", "") })}
                  disabled={!category}
                >
                  <option value="">{category ? "Selecciona una subcategoría" : "Elige primero la categoría"}</option>
                  {category?.subcategorias.map((s) => (
                    <option key={s.id || s.nombre} value={s.nombre}>
                      {s.nombre}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>

            <Field id="goods-especializacion" label="Especialización" optional error={errors.especializacion?.message}>
              {(control) => (
                <NativeSelect
                  {...control}
                  {...register("especializacion")}
                  disabled={!subcategory || subcategory.especializaciones.length === 0}
                >
                  <option value="">
                    {subcategory ? "Selecciona una especialización" : "Elige primero la subcategoría"}
                  </option>
                  {subcategory?.especializaciones.map((e) => (
                    <option key={e} value={e}>
                      {e}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>

            <GoodsCommonFields
              idPrefix="goods"
              category={watched.category}
              register={register}
              control={control}
              errors={errors}
              text={{
                valueLabel: "Valor del bien (COP)",
                valueHint: "Lo que pagaste o lo que vale hoy, en pesos.",
                valuePlaceholder: "Ej: 1500000",
                description: "Marca, modelo, estado, accesorios incluidos…",
                location: "Ej: Chapinero, Bogotá",
              }}
            />
          </div>

          <ValuationPreview valuation={preview} className="h-fit lg:sticky lg:top-24" />
        </div>

        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium text-slate-700">
            Fotos <span className="font-normal text-slate-400">(opcional)</span>
          </p>
          <ImagePicker id="goods-images" images={images} onChange={onImages} />
          {photoError ? <Alert variant={photoError === PHOTOS_WAIT ? "info" : "error"}>{photoError}</Alert> : null}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={() => onBack(getValues())}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Atrás
          </Button>
          <Button type="submit">
            <Calculator aria-hidden="true" className="size-4" />
            Calcular Valor
          </Button>
        </div>
      </form>
    </StepShell>
  );
}
