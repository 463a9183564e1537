import { ESTADO_IDENTIDAD_LABELS, type IdentityStatus } from "@valoriza/domain";
import { BadgeCheck, Clock, IdCard, MailWarning, RefreshCw, ShieldCheck, ShieldX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { RequireSession } from "../../components/require-session.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { LoadingState } from "../../components/ui/spinner.tsx";
import { type Profile, useProfileQuery } from "../../lib/account.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { errorMessage, formatDate } from "../../lib/utils.ts";
import { useIdentityStatus } from "./api.ts";
import { IdentityForm } from "./IdentityForm.tsx";

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
