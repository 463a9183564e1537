import {
  CONSENTIMIENTO_BIOMETRICO_TEXTO,
  ESTADO_IDENTIDAD_LABELS,
  type IdentityStatus,
  identitySubmitSchema,
  TIPO_DOCUMENTO_LABELS,
  TIPOS_DOCUMENTO,
  type TipoDocumento,
} from "@valoriza/domain";
import { BadgeCheck, Camera, Clock, IdCard, MailWarning, RefreshCw, Send, ShieldCheck, ShieldX } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { LoadingState, Spinner } from "../../components/ui/spinner.tsx";
import { type Profile, useProfileQuery } from "../../lib/account.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { toast } from "../../lib/toast.ts";
import { cn, errorMessage, formatDate } from "../../lib/utils.ts";
import { useIdentityStatus, useSubmitIdentity } from "./api.ts";
import { PhotoError, photoToDataUrl } from "./photo.ts";

/** /verificacion: the person's identity verification (issue 17 item 1): its state and the form. */
export function VerificationPage() {
  useDocumentTitle("Verificación de identidad");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Verifica tu identidad</h1>
        <p className="mt-1 text-slate-600">
          Con tu identidad verificada puedes liberar los créditos de lo que registras, y las demás personas saben que
          tratan con alguien real.
        </p>
      </header>
      <RequireSession message="Inicia sesión para verificar tu identidad.">
        <VerificationContent />
      </RequireSession>
    </div>
  );
}

function VerificationContent() {
  const status = useIdentityStatus();
  const profile = useProfileQuery();

  if (status.isError || profile.isError) {
    return (
      <Alert title="No pudimos cargar tu verificación">
        <p>{errorMessage(status.error ?? profile.error, "Intenta de nuevo en unos momentos.")}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => {
            void status.refetch();
            void profile.refetch();
          }}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Reintentar
        </Button>
      </Alert>
    );
  }
  if (!status.data || !profile.data) return <LoadingState label="Cargando tu verificación…" />;

  const canSend = status.data.estado === "ninguna" || status.data.estado === "rechazada";
  return (
    <>
      <StatusCard status={status.data} />
      {canSend ? (
        profile.data.emailVerificado ? (
          <IdentityForm resubmission={status.data.estado === "rechazada"} />
        ) : (
          <EmailFirst profile={profile.data} />
        )
      ) : null}
    </>
  );
}

const TONES: Record<IdentityStatus["estado"], BadgeTone> = {
  ninguna: "neutral",
  pendiente: "warning",
  aprobada: "brand",
  rechazada: "danger",
};

function StatusCard({ status }: { status: IdentityStatus }) {
  const sent = formatDate(status.enviadaEn);
  const content: Record<IdentityStatus["estado"], { icon: ReactNode; title: string; text: ReactNode }> = {
    ninguna: {
      icon: <IdCard aria-hidden="true" className="size-6 text-slate-600" />,
      title: "Aún no has verificado tu identidad",
      text: "Envía una foto de tu documento y una selfie. Un administrador las revisa y te avisamos por correo y aquí.",
    },
    pendiente: {
      icon: <Clock aria-hidden="true" className="size-6 text-amber-600" />,
      title: "Tus documentos están en revisión",
      text: `${sent ? `Los recibimos el ${sent}. ` : ""}Un administrador los revisará pronto; te avisaremos por correo y en la aplicación.`,
    },
    aprobada: {
      icon: <ShieldCheck aria-hidden="true" className="size-6 text-emerald-600" />,
      title: "Tu identidad está verificada",
      text: (
        <>
          Tu cuenta muestra la insignia de cuenta verificada.{" "}
          <Link to="/perfil" className="font-semibold text-emerald-700 underline">
            Ver mi cuenta
          </Link>
        </>
      ),
    },
    rechazada: {
      icon: <ShieldX aria-hidden="true" className="size-6 text-red-600" />,
      title: "No pudimos verificar tu identidad",
      text: "Corrige lo que se indica y envía tus documentos de nuevo.",
    },
  };
  const c = content[status.estado];
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="identity-status-title">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-slate-50">{c.icon}</span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="identity-status-title" className="text-lg font-bold text-slate-900">
              {c.title}
            </h2>
            <Badge tone={TONES[status.estado]} data-testid="estado-identidad">
              {status.estado === "aprobada" ? <BadgeCheck aria-hidden="true" /> : null}
              {ESTADO_IDENTIDAD_LABELS[status.estado]}
            </Badge>
          </div>
          {status.estado === "rechazada" && status.motivo ? (
            <p className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <span className="font-semibold">Motivo: </span>
              {status.motivo}
            </p>
          ) : null}
          <p className="text-sm text-slate-600">{c.text}</p>
        </div>
      </div>
    </Card>
  );
}

function EmailFirst({ profile }: { profile: Profile }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <MailWarning aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
        <div className="min-w-0 space-y-2">
          <h2 className="text-lg font-bold text-slate-900">Primero verifica tu correo</h2>
          <p className="text-sm text-slate-600">
            Para enviar tus documentos necesitas tu correo verificado. Abre el enlace que enviamos a{" "}
            <span className="font-semibold break-all text-slate-800">{profile.email}</span>; si no lo encuentras, pide
            otro con «Reenviar enlace» en el aviso de la parte superior.
          </p>
        </div>
      </div>
    </Card>
  );
}

type FieldName = "tipoDocumento" | "numeroDocumento" | "fotoDocumento" | "selfie" | "consentimiento";
const CONSENT_REQUIRED = "Para enviar tus documentos debes autorizar el tratamiento de tus datos biométricos";

interface Photo {
  dataUrl: string | null;
  processing: boolean;
  error: string | null;
}
const EMPTY_PHOTO: Photo = { dataUrl: null, processing: false, error: null };

function IdentityForm({ resubmission }: { resubmission: boolean }) {
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
