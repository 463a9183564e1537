import { ACCOUNT_MSG } from "@valoriza/domain";
import { MailWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { Button } from "../../components/ui/button.tsx";
import { useProfileQuery } from "../../lib/account.ts";
import { updateSessionUser, useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { resendVerification } from "./account-api.ts";

/**
 * For a signed-in person whose email is not verified: what to do, and 'Reenviar enlace'. Shown with
 * the page's first paint when the session already says the email is unverified (what sign-in and
 * the last profile answered), so it does not push the page down when the profile arrives; the
 * profile stays the truth and is remembered in the session for the next visit.
 */
export function VerifyEmailBanner() {
  const { isAuthenticated, user } = useSession();
  const { pathname } = useLocation();
  const profile = useProfileQuery();
  const [sending, setSending] = useState(false);
  const verified = profile.data?.emailVerificado ?? user?.emailVerificado;

  useEffect(() => {
    const now = profile.data?.emailVerificado;
    if (now !== undefined && now !== user?.emailVerificado) updateSessionUser({ emailVerificado: now });
  }, [profile.data?.emailVerificado, user?.emailVerificado]);

  if (!isAuthenticated || verified !== false) return null;
  if (pathname === "/verificar-email") return null;
  const resend = async () => {
    setSending(true);
    try {
      toast({ title: await resendVerification(), variant: "success" });
    } catch (error) {
      toast({ title: errorMessage(error, ACCOUNT_MSG.linkInvalid), variant: "error" });
    } finally {
      setSending(false);
    }
  };
  return (
    <section
      aria-label="Verificación del correo"
      className="border-b border-amber-200 bg-amber-50 text-amber-900"
      data-testid="verify-email-banner"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-start gap-2">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {ACCOUNT_MSG.banner} <span className="font-semibold">({profile.data?.email ?? user?.email})</span>
          </span>
        </p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start bg-white sm:self-auto"
          loading={sending}
          loadingText="Enviando…"
          onClick={() => void resend()}
        >
          {ACCOUNT_MSG.resend}
        </Button>
      </div>
    </section>
  );
}
