import { ACCOUNT_MSG } from "@valoriza/domain";
import { MailWarning } from "lucide-react";
import { useLocation } from "react-router-dom";
import { Button } from "../../components/ui/button.tsx";
import { useProfileQuery } from "../../lib/account.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/utils.ts";
import { useResendVerificationMutation } from "./account-api.ts";

/** For a signed-in person whose email is not verified: what to do, and 'Reenviar enlace'. */
export function VerifyEmailBanner() {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  const profile = useProfileQuery();
  const resend = useResendVerificationMutation();
  if (!isAuthenticated || !profile.data || profile.data.emailVerificado) return null;
  if (pathname === "/verificar-email") return null;
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
            {ACCOUNT_MSG.banner} <span className="font-semibold">({profile.data.email})</span>
          </span>
        </p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start bg-white sm:self-auto"
          loading={resend.isPending}
          loadingText="Enviando…"
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (message) => toast({ title: message, variant: "success" }),
              onError: (error) => toast({ title: errorMessage(error, ACCOUNT_MSG.linkInvalid), variant: "error" }),
            })
          }
        >
          {ACCOUNT_MSG.resend}
        </Button>
      </div>
    </section>
  );
}
