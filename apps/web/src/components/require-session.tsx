import { LockKeyhole } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router-dom";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { getSessionEndReason, useSession } from "../lib/session.tsx";
import { Button } from "./ui/button.tsx";

/**
 * Screens that need a session (spec §2): without one they show a sign-in prompt and open the
 * login form, unless the user has just signed out on purpose.
 */
export function RequireSession({ children, message }: { children: ReactNode; message: string }) {
  const { isAuthenticated } = useSession();

  useEffect(() => {
    if (!isAuthenticated && getSessionEndReason() === "none") openAuthDialog("login");
  }, [isAuthenticated]);

  if (isAuthenticated) return <>{children}</>;

  return (
    <section
      aria-labelledby="login-required-title"
      className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h1 id="login-required-title" className="mt-5 text-xl font-bold text-slate-900">
        Inicia sesión para continuar
      </h1>
      <p className="mt-2 text-sm text-slate-600">{message}</p>
      <div className="mt-6 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={() => openAuthDialog("login")}>Iniciar Sesión</Button>
        <Button variant="outline" onClick={() => openAuthDialog("register")}>
          Registrarse
        </Button>
      </div>
      <Link to="/" className="mt-5 text-sm font-medium text-emerald-700 hover:underline">
        Volver al inicio
      </Link>
    </section>
  );
}
