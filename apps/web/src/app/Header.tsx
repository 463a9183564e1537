import { formatCredits } from "@valoriza/domain";
import { CircleCheck, Lock, LogIn, LogOut, Package } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LogoMark } from "../components/ui/logo.tsx";
import { NotificationsBell } from "../features/notifications/NotificationsBell.tsx";
import { useCredits } from "../lib/account.ts";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { type SessionUser, useSession } from "../lib/session.tsx";
import { cn } from "../lib/utils.ts";
import { preloadAuthDialog } from "./LazyHosts.tsx";
import { SearchBox } from "./SearchBox.tsx";

export function Header() {
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
        >
          <LogoMark className="size-9" />
          <span className="text-xl font-extrabold tracking-tight text-slate-900 max-[359px]:sr-only">
            Valor<span className="text-emerald-600">iza</span>
          </span>
        </Link>
        <SearchBox className="hidden max-w-md flex-1 lg:block" />
        <nav aria-label="Cuenta" className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {user ? <SignedInActions user={user} /> : <SignedOutActions />}
        </nav>
      </div>
      {user ? <MobileAccountBar /> : null}
    </header>
  );
}

function SignedOutActions() {
  // Start downloading the modal as soon as the pointer or focus gets near it.
  const preload = () => void preloadAuthDialog();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => openAuthDialog("login")}
        onPointerEnter={preload}
        onFocus={preload}
        title="Iniciar Sesión"
        className="px-2.5 sm:px-3"
      >
        {/* Narrow phones: the icon, with the words for screen readers. */}
        <LogIn aria-hidden="true" className="size-5 min-[420px]:hidden" />
        <span className="max-[419px]:sr-only">Iniciar Sesión</span>
      </Button>
      <Button
        size="sm"
        onClick={() => openAuthDialog("register")}
        onPointerEnter={preload}
        onFocus={preload}
        className="px-3"
      >
        Registrarse
      </Button>
    </>
  );
}

function CreditsSummary({ className }: { className?: string }) {
  const { credits, isLoading } = useCredits();
  const value = (n: number | undefined) => (credits && n !== undefined ? formatCredits(n) : isLoading ? "…" : "—");
  return (
    <ul aria-label="Tus créditos" className={cn("flex min-w-0 items-center gap-1.5", className)}>
      <li
        title="Créditos disponibles"
        className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-semibold text-emerald-800 tabular-nums ring-1 ring-emerald-600/15"
      >
        <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        <span className="sr-only">Créditos disponibles:</span>
        <span data-testid="creditos-disponibles">{value(credits?.disponibles)}</span>
      </li>
      <li
        title="Créditos bloqueados"
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-sm font-semibold text-amber-800 tabular-nums ring-1 ring-amber-600/15"
      >
        <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
        <span className="sr-only">Créditos bloqueados:</span>
        <span data-testid="creditos-bloqueados">{value(credits?.bloqueados)}</span>
      </li>
    </ul>
  );
}

function initials(user: SessionUser): string {
  const letters = [user.name, user.apellido].map((part) => part.trim().charAt(0)).join("");
  return (letters || user.email.charAt(0) || "?").toUpperCase();
}

function SignedInActions({ user }: { user: SessionUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  return (
    <>
      <CreditsSummary className="max-sm:hidden" />
      <Link
        to="/mis-activos"
        className={buttonClasses({ variant: "secondary", size: "sm", className: "max-sm:hidden" })}
      >
        <Package aria-hidden="true" className="size-4" />
        <span className="max-md:sr-only">Mis Activos</span>
      </Link>
      <NotificationsBell />
      <Link
        to="/perfil"
        aria-label="Mi Cuenta"
        title={`Mi Cuenta (${[user.name, user.apellido].filter(Boolean).join(" ")})`}
        className="flex size-10 shrink-0 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
      >
        <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-emerald-500 to-teal-600 text-sm font-bold text-white shadow-sm hover:from-emerald-600 hover:to-teal-700">
          {initials(user)}
        </span>
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className="px-2.5"
        onClick={() => {
          logout();
          navigate("/");
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        Salir
      </Button>
    </>
  );
}

/** Phones: credits and 'Mis Activos' get their own row under the header. */
function MobileAccountBar() {
  return (
    <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-4 py-2 sm:hidden">
      <CreditsSummary />
      <Link to="/mis-activos" className={buttonClasses({ variant: "secondary", size: "sm" })}>
        <Package aria-hidden="true" className="size-4" />
        Mis Activos
      </Link>
    </div>
  );
}
