import { ASSET_MSG } from "@valoriza/domain";
import { House, LockKeyhole, LogIn, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { getSessionEndReason } from "../../lib/session.tsx";

/**
 * Registration without a session (overview §2): 'Autenticación requerida', the login form opens
 * first (unless the user just signed out on purpose), and a button goes home.
 */
export function AuthRequired({ message }: { message: string }) {
  useEffect(() => {
    if (getSessionEndReason() === "none") openAuthDialog("login");
  }, []);
  return (
    <section
      aria-labelledby="auth-required-title"
      className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h1 id="auth-required-title" className="mt-5 text-xl font-bold text-slate-900">
        {ASSET_MSG.authRequired}
      </h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => openAuthDialog("login")}>
          <LogIn aria-hidden="true" className="size-4" />
          Iniciar Sesión
        </Button>
        <Button variant="outline" onClick={() => openAuthDialog("register")}>
          <UserPlus aria-hidden="true" className="size-4" />
          Registrarse
        </Button>
      </div>
      <Link to="/" className={buttonClasses({ variant: "ghost", className: "mt-4" })}>
        <House aria-hidden="true" className="size-4" />
        Ir al inicio
      </Link>
    </section>
  );
}
