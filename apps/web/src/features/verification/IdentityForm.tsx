import {
  CONSENTIMIENTO_BIOMETRICO_TEXTO,
  identitySubmitSchema,
  TIPO_DOCUMENTO_LABELS,
  TIPOS_DOCUMENTO,
  type TipoDocumento,
} from "@valoriza/domain";
import { Camera, Send } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage } from "../../lib/utils.ts";
import { useSubmitIdentity } from "./api.ts";
import { PhotoError, photoToDataUrl } from "./photo.ts";

type FieldName = "tipoDocumento" | "numeroDocumento" | "fotoDocumento" | "selfie" | "consentimiento";
const CONSENT_REQUIRED = "Para enviar tus documentos debes autorizar el tratamiento de tus datos biométricos";

interface Photo {
  dataUrl: string | null;
  processing: boolean;
  error: string | null;
}
const EMPTY_PHOTO: Photo = { dataUrl: null, processing: false, error: null };

/** The identity documents form: type and number, the document photo, the selfie and the consent. */
export function IdentityForm({ resubmission }: { resubmission: boolean }) {
  const id = useId();
  const [tipo, setTipo] = useState<TipoDocumento>("CC");
  const [numero, setNumero] = useState("");
  const [documento, setDocumento] = useState<Photo>(EMPTY_PHOTO);
  const [selfie, setSelfie] = useState<Photo>(EMPTY_PHOTO);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [progress, setProgress] = useState(0);
  const submit = useSubmitIdentity(setProgress);
  const fieldId = (name: FieldName) => `${id}-${name}`;
  /** A field's error goes away as soon as the person changes it. */
  const changed = (name: FieldName) => setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (documento.processing || selfie.processing) return;
    const input = {
      tipoDocumento: tipo,
      numeroDocumento: numero,
      fotoDocumento: documento.dataUrl ?? "",
      selfie: selfie.dataUrl ?? "",
    };
    const found: Partial<Record<FieldName, string>> = {};
    const parsed = identitySubmitSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
    }
    if (!consent) found.consentimiento = CONSENT_REQUIRED;
    setErrors(found);
    const first = (["tipoDocumento", "numeroDocumento", "fotoDocumento", "selfie", "consentimiento"] as const).find(
      (n) => found[n],
    );
    if (first) {
      // A photo's visible control is its button (the file input itself is hidden).
      (document.getElementById(`${fieldId(first)}-boton`) ?? document.getElementById(fieldId(first)))?.focus();
      return;
    }
    setProgress(0);
    submit.mutate(input, {
      onSuccess: ({ message }) => toast({ title: "Documentos enviados", description: message, variant: "success" }),
    });
  };

  return (
    <Card className="p-5 sm:p-6">
      <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-5">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
            {resubmission ? "Envía tus documentos de nuevo" : "Envía tus documentos"}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Solo el equipo de administración de Valoriza verá estas fotos. Nunca se publican.
          </p>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fieldId("tipoDocumento")} label="Tipo de documento" error={errors.tipoDocumento}>
            {(control) => (
              <NativeSelect
                {...control}
                value={tipo}
                onChange={(e) => {
                  setTipo(e.target.value as TipoDocumento);
                  changed("tipoDocumento");
                  changed("numeroDocumento");
                }}
              >
                {TIPOS_DOCUMENTO.map((t) => (
                  <option key={t} value={t}>
                    {TIPO_DOCUMENTO_LABELS[t]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            id={fieldId("numeroDocumento")}
            label="Número de documento"
            error={errors.numeroDocumento}
            hint="Como aparece en el documento; puedes escribirlo con o sin puntos."
          >
            {(control) => (
              <Input
                {...control}
                value={numero}
                onChange={(e) => {
                  setNumero(e.target.value);
                  changed("numeroDocumento");
                }}
                inputMode={tipo === "CC" ? "numeric" : "text"}
                autoComplete="off"
                maxLength={40}
              />
            )}
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <PhotoField
            id={fieldId("fotoDocumento")}
            label="Foto de tu documento"
            hint="Por el frente, completo, sin reflejos y con los datos legibles."
            capture="environment"
            photo={documento}
            onChange={(p) => {
              setDocumento(p);
              changed("fotoDocumento");
            }}
            error={errors.fotoDocumento}
          />
          <PhotoField
            id={fieldId("selfie")}
            label="Selfie"
            hint="Tu cara de frente, con buena luz, sin gafas de sol ni gorra."
            capture="user"
            photo={selfie}
            onChange={(p) => {
              setSelfie(p);
              changed("selfie");
            }}
            error={errors.selfie}
          />
        </div>

        <div>
          <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3.5">
            <input
              id={fieldId("consentimiento")}
              type="checkbox"
              checked={consent}
              onChange={(e) => {
                setConsent(e.target.checked);
                changed("consentimiento");
              }}
              aria-invalid={errors.consentimiento ? true : undefined}
              aria-describedby={errors.consentimiento ? `${fieldId("consentimiento")}-error` : undefined}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            />
            <label htmlFor={fieldId("consentimiento")} className="text-sm text-slate-700">
              {CONSENTIMIENTO_BIOMETRICO_TEXTO}{" "}
              <a
                href="/privacidad"
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-emerald-700 underline"
              >
                Política de tratamiento de datos personales
              </a>
            </label>
          </div>
          {errors.consentimiento ? (
            <p
              id={`${fieldId("consentimiento")}-error`}
              role="alert"
              className="mt-1 pl-1 text-sm font-medium text-red-700"
            >
              {errors.consentimiento}
            </p>
          ) : null}
        </div>

        {submit.isError ? (
          <Alert title="No pudimos enviar tus documentos">{errorMessage(submit.error, "Intenta de nuevo.")}</Alert>
        ) : null}

        <Button
          type="submit"
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          loading={submit.isPending}
          loadingText={progress > 0 && progress < 1 ? `Enviando… ${Math.round(progress * 100)} %` : "Enviando…"}
          disabled={documento.processing || selfie.processing}
        >
          <Send aria-hidden="true" className="size-5" />
          Enviar para revisión
        </Button>
      </form>
    </Card>
  );
}

function PhotoField({
  id,
  label,
  hint,
  capture,
  photo,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  capture: "user" | "environment";
  photo: Photo;
  onChange: (p: Photo) => void;
  error?: string | undefined;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The preview is an object URL of the chosen file: freed when replaced or when the form goes away.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    onChange({ dataUrl: null, processing: true, error: null });
    try {
      onChange({ dataUrl: await photoToDataUrl(file), processing: false, error: null });
    } catch (e) {
      setPreview(null);
      onChange({
        dataUrl: null,
        processing: false,
        error: e instanceof PhotoError ? e.message : "No pudimos procesar la foto. Prueba con otra.",
      });
    }
  };

  const shown = error ?? photo.error ?? undefined;
  return (
    <Field id={id} label={label} error={shown} hint={hint}>
      {(control) => (
        <div className="flex flex-col gap-3">
          <div
            className={cn(
              "relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-slate-50",
              shown ? "border-red-300" : "border-slate-300",
            )}
          >
            {preview ? (
              <img src={preview} alt={`Vista previa: ${label.toLowerCase()}`} className="size-full object-contain" />
            ) : (
              <span className="flex flex-col items-center gap-1 text-sm text-slate-500">
                <Camera aria-hidden="true" className="size-7" />
                Sin foto
              </span>
            )}
            {photo.processing ? (
              <span className="absolute inset-0 flex items-center justify-center bg-white/70">
                <Spinner className="size-7 text-emerald-600" label="Procesando la foto…" />
              </span>
            ) : null}
          </div>
          {/* On phones `capture` opens the camera (the back one for the document, the front one for the
              selfie). The input is hidden: its button says what it does in Spanish, whatever the browser's language. */}
          <input
            {...control}
            ref={input}
            type="file"
            tabIndex={-1}
            accept="image/jpeg,image/png,image/webp,image/gif"
            capture={capture}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = "";
            }}
            className="sr-only"
          />
          <Button
            id={`${id}-boton`}
            variant="outline"
            aria-label={`${preview ? "Cambiar la foto" : "Tomar o elegir una foto"} (${label.toLowerCase()})`}
            aria-describedby={control["aria-describedby"]}
            disabled={photo.processing}
            onClick={() => input.current?.click()}
          >
            <Camera aria-hidden="true" className="size-4" />
            {preview ? "Cambiar la foto" : "Tomar o elegir una foto"}
          </Button>
        </div>
      )}
    </Field>
  );
}
