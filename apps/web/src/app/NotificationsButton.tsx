import { Bell, BellOff } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { buttonClasses } from "../components/ui/button.tsx";
import { cn } from "../lib/utils.ts";

/**
 * The bell with its panel (a disclosure: Esc, a click outside or navigating closes it). For now it
 * only has the empty state; the notifications feature will add the list and the unread badge.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
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
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Notificaciones"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={buttonClasses({
          variant: "ghost",
          size: "icon",
          className: cn(open && "bg-slate-100 text-slate-900"),
        })}
      >
        <Bell aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notificaciones"
          data-state="open"
          className={cn(
            "vz-pop absolute top-full right-0 z-50 mt-2 w-88 rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/10",
            "max-sm:fixed max-sm:inset-x-3 max-sm:top-17 max-sm:mt-0 max-sm:w-auto",
          )}
        >
          <h2 className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900">Notificaciones</h2>
          <div className="flex flex-col items-center px-6 py-10 text-center">
            <span className="flex size-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
              <BellOff aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-3 text-sm font-medium text-slate-700">No tienes notificaciones nuevas.</p>
            <p className="mt-1 text-xs text-slate-500">Aquí verás propuestas, préstamos y movimientos.</p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
