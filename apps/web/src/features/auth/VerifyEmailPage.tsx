import { ACCOUNT_MSG } from "@valoriza/domain";
import { Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useResendVerificationMutation, useVerifyEmailMutation } from "./account-api.ts";
import { LinkCard, linkOutcome } from "./LinkStatus.tsx";

/** 'Reenviar enlace' when signed in, 'Iniciar sesión' (then the banner's button) otherwise. */
function AskAgain() {
  const { isAuthenticated } = useSession();
  const resend = useResendVerificationMutation();
  if (!isAuthenticated) {
    return (
      <>
        <p>Inicia sesión para pedir un nuevo enlace de verificación.</p>
        <Button type="button" className="w-full" onClick={() => openAuthDialog("login")}>
          Iniciar sesión
        </Button>
      </>
    );
  }
  return (
    <Button
      type="button"
      className="w-full"
      loading={resend.isPending}
      loadingText="Enviando…"
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (message) => toast({ title: message, variant: "success" }),
          onError: (error) => toast({ title: errorMessage(error, ACCOUNT_MSG.linkInvalid), variant: "error" }),
        })
      }
    >
      <Mail aria-hidden="true" className="size-5" />
      {ACCOUNT_MSG.resend}
    </Button>
  );
}

const home = buttonClasses({ variant: "outline", className: "w-full" });

/** /verificar-email?token=…: checks the mailed link once and says how it went. */
export function VerifyEmailPage() {
  useDocumentTitle("Verificar correo");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const verify = useVerifyEmailMutation();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // Once per token (a link works once: a second call would read 'ya se usó').
    if (!token || sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify]);

  if (!token) {
    return (
      <LinkCard state="invalid" title="Falta el enlace de verificación">
        <p>{ACCOUNT_MSG.linkInvalid}</p>
        <AskAgain />
      </LinkCard>
    );
  }
  if (verify.isSuccess) {
    return (
      <LinkCard state="success" title={ACCOUNT_MSG.emailVerified}>
        <p>Gracias por confirmar tu correo. Ya puedes usar Valoriza con tu cuenta verificada.</p>
        <Link to="/" className={buttonClasses({ className: "w-full" })}>
          Ir al inicio
        </Link>
      </LinkCard>
    );
  }
  if (verify.isError) {
    const outcome = linkOutcome(verify.error);
    if (outcome === "expired") {
      return (
        <LinkCard state="expired" title="El enlace expiró">
          <p>Los enlaces de verificación vencen a las 48 horas. Pide uno nuevo y úsalo pronto.</p>
          <AskAgain />
        </LinkCard>
      );
    }
    if (outcome === "used") {
      return (
        <LinkCard state="used" title={ACCOUNT_MSG.linkUsed}>
          <p>Si ya verificaste tu correo, no necesitas hacer nada más.</p>
          <Link to="/" className={home}>
            Ir al inicio
          </Link>
        </LinkCard>
      );
    }
    return (
      <LinkCard state={outcome} title="No pudimos verificar tu correo">
        <p>{errorMessage(verify.error, ACCOUNT_MSG.linkInvalid)}</p>
        {outcome === "error" ? (
          <Button type="button" variant="outline" className="w-full" onClick={() => verify.mutate(token)}>
            Reintentar
          </Button>
        ) : (
          <AskAgain />
        )}
      </LinkCard>
    );
  }
  return (
    <LinkCard state="form" title="Verificando tu correo…">
      <div role="status" className="flex items-center gap-3">
        <Spinner className="size-5" />
        <span>Estamos confirmando tu enlace. Esto toma unos segundos.</span>
      </div>
    </LinkCard>
  );
}
