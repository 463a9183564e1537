import { formatCredits } from "@valoriza/domain";
import { CircleCheck, Info, Lock, LogIn, LogOut, Menu, MessageCircle, Package } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LogoMark } from "../components/ui/logo.tsx";
import { useChatUnreadCount } from "../features/chat/unread.ts";
import { useCredits } from "../lib/account.ts";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { FOCUS_FALLBACK_ATTR } from "../lib/focus.ts";
import { useMyLimits } from "../lib/limits.ts";
import { type SessionUser, useSession } from "../lib/session.tsx";
import { cn } from "../lib/utils.ts";
import { chatBadge } from "./badges.ts";
import { preloadAuthDialog } from "./LazyHosts.tsx";
import { SearchBox } from "./SearchBox.tsx";

const preloadNavigation = () => import("./NavigationSheet.tsx");
// Only newcomers who open the credits' explanation need it: kept out of the first page load.
const preloadCreditsHelp = () => import("../components/credits-help.tsx");
const NoCreditsNote = lazy(() => preloadCreditsHelp().then((m) => ({ default: m.NoCreditsNote })));
const NavigationSheet = lazy(() => preloadNavigation().then((m) => ({ default: m.NavigationSheet })));
// Signed-in people only: the bell and its panel stay out of a visitor's first page load (home budget).
const NotificationsBell = lazy(() =>
  import("../features/notifications/NotificationsBell.tsx").then((m) => ({ default: m.NotificationsBell })),
);

/** One line on blocked credits (overview §1); with credits in review the lazy BlockedNote says more (ADR 015). */
export const BLOCKED_CREDITS_HINT = "Se liberan cuando completas una operación con el activo.";
const BlockedNote = lazy(() => import("./BlockedNote.tsx").then((m) => ({ default: m.BlockedNote })));

/**
 * Asks for the person's limits every 10 s while they are signed in: the check at read time that
 * releases what the queue allows (ADR 015), so the chips follow without opening the wallet.
 */
function LimitsPoll() {
  useMyLimits();
  return null;
}

export function Header() {
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-5 lg:px-8">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
        >
          <LogoMark className="size-9" />
          {/* Narrow phones keep the mark only, so the header's buttons keep their words. */}
          <span className="text-xl font-extrabold tracking-tight text-slate-900 max-[419px]:sr-only">
            Valor<span className="text-emerald-600">iza</span>
          </span>
        </Link>
        <SearchBox className="hidden max-w-md min-w-40 flex-1 lg:block" />
        <nav aria-label="Cuenta" className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {user ? <SignedInActions user={user} /> : <SignedOutActions />}
        </nav>
      </div>
      {user ? <MobileAccountBar /> : null}
    </header>
  );
}

/** 'Menú' opens the site menu (every page of the app); the sheet's code loads on first use. */
function MenuButton({ onLogout }: { onLogout?: () => void }) {
  const [open, setOpen] = useState(false);
  const [needed, setNeeded] = useState(false);
  const preload = () => void preloadNavigation();
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setNeeded(true);
          setOpen(true);
        }}
        // After signing in the login button is gone: the modal hands focus to this button instead.
        {...{ [FOCUS_FALLBACK_ATTR]: "" }}
        className={cn("px-2.5 sm:px-3", NARROW)}
      >
        <Menu aria-hidden="true" className="size-4" />
        Menú
      </Button>
      {needed ? (
        <Suspense fallback={null}>
          <NavigationSheet open={open} onOpenChange={setOpen} onLogout={onLogout ?? (() => undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Narrow phones: tighter buttons so every one keeps its words. */
const NARROW = "max-[419px]:px-2 max-[419px]:text-[0.8125rem]";

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
        className={cn("px-2.5 sm:px-3", NARROW)}
      >
        <LogIn aria-hidden="true" className="size-4 max-[419px]:hidden" />
        Iniciar Sesión
      </Button>
      <Button
        size="sm"
        onClick={() => openAuthDialog("register")}
        onPointerEnter={preload}
        onFocus={preload}
        className={cn("px-3", NARROW)}
      >
        Registrarse
      </Button>
      <MenuButton />
    </>
  );
}

/**
 * The two balances, labelled where there is room (phones' second row and wide screens); the blocked
 * one has a one-line explanation behind its info button.
 */
function CreditsSummary({ className, labelClass }: { className?: string; labelClass: string }) {
  const { credits, isLoading } = useCredits();
  const value = (n: number | undefined) => (credits && n !== undefined ? formatCredits(n) : isLoading ? "…" : "—");
  return (
    <ul aria-label="Tus créditos" className={cn("flex min-w-0 items-center gap-1.5", className)}>
      <li
        title="Créditos disponibles"
        className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-sm font-semibold text-emerald-800 tabular-nums ring-1 ring-emerald-600/15"
      >
        <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        <span data-testid="creditos-disponibles">{value(credits?.disponibles)}</span>
        <span className={cn("font-medium", labelClass)}>disponibles</span>
      </li>
      <li
        title="Créditos bloqueados"
        className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 py-1 pr-1 pl-2.5 sm:relative text-sm font-semibold text-amber-900 tabular-nums ring-1 ring-amber-600/20"
      >
        <Lock aria-hidden="true" className="size-4 shrink-0 text-amber-700" />
        <span data-testid="creditos-bloqueados">{value(credits?.bloqueados)}</span>
        <span className={cn("font-medium", labelClass)}>bloqueados</span>
        <BlockedInfo />
        <LimitsPoll />
      </li>
    </ul>
  );
}

/** A small disclosure: the info button shows the explanation under the chip; Esc or a click away hides it. */
function BlockedInfo() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);
  return (
    <span ref={rootRef} className="inline-flex">
      <button
        ref={buttonRef}
        type="button"
        aria-label="¿Qué son los créditos bloqueados?"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={() => void preloadCreditsHelp()}
        onFocus={() => void preloadCreditsHelp()}
        className="flex size-6 items-center justify-center rounded-full text-amber-800 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-600"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        id={id}
        role="note"
        hidden={!open}
        className="vz-pop absolute top-full right-0 z-50 mt-2 w-64 max-sm:right-4 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 text-sm font-normal text-slate-700 shadow-lg shadow-slate-900/10"
        data-state={open ? "open" : "closed"}
      >
        <strong className="font-semibold text-slate-900">Créditos bloqueados: </strong>
        {open ? (
          <Suspense fallback={BLOCKED_CREDITS_HINT}>
            <BlockedNote onNavigate={() => setOpen(false)} />
            <NoCreditsNote onNavigate={() => setOpen(false)} />
          </Suspense>
        ) : (
          BLOCKED_CREDITS_HINT
        )}
      </span>
    </span>
  );
}

/** 'Mensajes' with the unread chat messages' badge (issue 15 item 14). */
function MessagesLink() {
  const unread = useChatUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Mensajes (${chatBadge(count)} sin leer)` : "Mensajes";
  return (
    <Link
      to="/mensajes"
      title={label}
      data-testid="messages-link"
      className={buttonClasses({ variant: "ghost", size: "icon", className: "relative" })}
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      <span className="sr-only">{label}</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="chats-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-emerald-600 px-1 text-[0.7rem] leading-none font-bold text-white tabular-nums ring-2 ring-white"
        >
          {chatBadge(count)}
        </span>
      ) : null}
    </Link>
  );
}

function initials(user: SessionUser): string {
  const letters = [user.name, user.apellido].map((part) => part.trim().charAt(0)).join("");
  return (letters || user.email.charAt(0) || "?").toUpperCase();
}

function SignedInActions({ user }: { user: SessionUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const signOut = () => {
    logout();
    navigate("/");
  };
  return (
    <>
      <CreditsSummary className="max-sm:hidden" labelClass="max-xl:sr-only" />
      <Link
        to="/mis-activos"
        className={buttonClasses({ variant: "secondary", size: "sm", className: "max-sm:hidden" })}
      >
        <Package aria-hidden="true" className="size-4" />
        <span className="max-md:sr-only">Mis Activos</span>
      </Link>
      <MessagesLink />
      <Suspense fallback={<span aria-hidden="true" className="size-10 shrink-0" />}>
        <NotificationsBell />
      </Suspense>
      <Link
        to="/perfil"
        title={`Mi Cuenta (${[user.name, user.apellido].filter(Boolean).join(" ")})`}
        className="flex size-10 shrink-0 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2 max-sm:hidden"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-emerald-600 to-teal-700 text-sm font-bold text-white shadow-sm hover:from-emerald-700 hover:to-teal-800"
        >
          {initials(user)}
        </span>
        <span className="sr-only">Mi Cuenta</span>
      </Link>
      <MenuButton onLogout={signOut} />
      <Button variant="ghost" size="sm" className="px-2.5" onClick={signOut}>
        <LogOut aria-hidden="true" className="size-4" />
        Salir
      </Button>
    </>
  );
}

/** Phones: the labelled balances get their own row under the header ('Mis Activos' is in the menu). */
function MobileAccountBar() {
  return (
    // The explanation behind the blocked chip opens under this row, inside the screen (not under a
    // chip that wrapped to the left).
    <div className="relative flex items-center gap-2 border-t border-slate-100 px-4 py-2 sm:hidden">
      {/* Large balances wrap to a second line rather than run past the screen's edge (issue 15 item 8). */}
      <CreditsSummary className="flex-wrap gap-y-1.5" labelClass="max-[359px]:sr-only" />
    </div>
  );
}
