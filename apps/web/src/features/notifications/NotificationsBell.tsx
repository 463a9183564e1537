import { Bell, BellOff, CheckCheck, RefreshCw } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { usePopoverDismiss } from "../../components/popover.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toast } from "../../lib/toast.ts";
import { cn, onFirstUse } from "../../lib/utils.ts";
import {
  markRead,
  type Notification,
  notificationTarget,
  unreadBadge,
  useNotifications,
  useNotificationsUserId,
  useUnreadCount,
} from "./api.ts";

const relative = onFirstUse(() => new Intl.RelativeTimeFormat("es-CO", { numeric: "auto" }));
const absolute = onFirstUse(() => new Intl.DateTimeFormat("es-CO", { dateStyle: "medium", timeStyle: "short" }));

/** "hace 5 minutos", "ayer", … (es-CO). */
function timeAgo(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "hace un momento";
  if (abs < 3600) return relative().format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative().format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative().format(Math.round(seconds / 86_400), "day");
  return absolute().format(date);
}

/**
 * The header bell (overview §2): unread badge ('99+' above 99) and a panel whose list is 400 px
 * high at most and scrolls; a click marks the notification read and opens what it refers to;
 * 'Marcar todas como leídas'. A disclosure (Esc, a click outside or a navigation closes it), light
 * enough for every page's first load.
 */
export function NotificationsBell() {
  // Open on the page where it was opened: a navigation closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((current: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof next === "function" ? next(current === pathname) : next) ? pathname : null));
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notificaciones (${unreadBadge(count)} sin leer)` : "Notificaciones";

  usePopoverDismiss({ open, onClose: () => setOpenOn(null), rootRef, buttonRef });

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notifications-bell"
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses({
          variant: "ghost",
          size: "icon",
          className: cn("relative", open && "bg-slate-100 text-slate-900"),
        })}
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">{label}</span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.7rem] leading-none font-bold text-white tabular-nums ring-2 ring-white"
          >
            {unreadBadge(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notificaciones"
          data-state="open"
          className={cn(
            "vz-pop absolute top-full right-0 z-50 mt-2 flex w-96 flex-col rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10",
            "max-sm:fixed max-sm:inset-x-3 max-sm:top-17 max-sm:mt-0 max-sm:w-auto",
          )}
        >
          <NotificationsPanel unreadCount={count} onNavigate={() => setOpen(false)} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * After following a notification the panel (and the focused item) is gone: focus moves to the
 * heading of the page that appeared (issue 15 item 15), once it replaced `previous`; the main
 * content if none shows within a few seconds.
 */
function focusWhatAppeared(previous: Element | null): void {
  const deadline = Date.now() + 5_000;
  const tick = () => {
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading && heading !== previous && heading.isConnected) {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus();
      return;
    }
    if (Date.now() > deadline) {
      document.getElementById("contenido")?.focus();
      return;
    }
    window.setTimeout(tick, 50);
  };
  window.setTimeout(tick, 0);
}

function NotificationsPanel({ unreadCount, onNavigate }: { unreadCount: number; onNavigate: () => void }) {
  const notifications = useNotifications();
  const userId = useNotificationsUserId();
  const navigate = useNavigate();
  const list = notifications.data ?? [];
  const hasUnread = unreadCount > 0 || list.some((n) => !n.leida);

  const mark = (ids: string[]) =>
    markRead(userId, ids).catch(() =>
      toast({ title: "No pudimos marcar las notificaciones como leídas", variant: "error" }),
    );

  const openNotification = (n: Notification) => {
    if (!n.leida) void mark([n.id]);
    const target = notificationTarget(n);
    if (target) {
      const samePage = new URL(target, window.location.origin).pathname === window.location.pathname;
      const before = samePage ? null : document.querySelector("main h1");
      onNavigate();
      navigate(target);
      focusWhatAppeared(before);
    }
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-100 py-2 pr-2 pl-4">
        <h2 className="font-semibold text-slate-900">Notificaciones</h2>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-emerald-700 hover:text-emerald-800"
          disabled={!hasUnread}
          onClick={() => void mark([])}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Marcar todas como leídas
        </Button>
      </div>
      <div className="max-h-[min(400px,calc(100dvh-9rem))] overflow-y-auto overscroll-contain rounded-b-2xl">
        {notifications.isPending && notifications.fetchStatus !== "idle" ? (
          <div role="status" className="flex items-center justify-center gap-2 px-6 py-10 text-sm text-slate-500">
            <Spinner className="size-5 text-emerald-600" />
            Cargando notificaciones…
          </div>
        ) : notifications.isError ? (
          <div role="alert" className="flex flex-col items-center px-6 py-8 text-center text-sm">
            <p className="font-medium text-slate-700">No pudimos cargar tus notificaciones.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void notifications.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Reintentar
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
              <BellOff aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-3 text-sm font-medium text-slate-700">No tienes notificaciones nuevas.</p>
            <p className="mt-1 text-xs text-slate-500">Aquí verás propuestas, préstamos y movimientos.</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Lista de notificaciones">
            {list.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => openNotification(n)}
                  className={cn(
                    "flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50",
                    "focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:outline-none focus-visible:ring-inset",
                    !n.leida && "bg-emerald-50/50",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.leida ? "bg-transparent" : "bg-emerald-500")}
                  />
                  <span className="min-w-0 flex-1">
                    <span className={cn("block text-sm break-words text-slate-900", !n.leida && "font-semibold")}>
                      {n.titulo}
                      {n.leida ? null : <span className="sr-only"> (sin leer)</span>}
                    </span>
                    {n.descripcion ? (
                      <span className="mt-0.5 block text-sm break-words text-slate-600">{n.descripcion}</span>
                    ) : null}
                    <time dateTime={n.fecha} className="mt-1 block text-xs text-slate-400">
                      {timeAgo(n.fecha)}
                    </time>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
