import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Clock, Download, LogIn, LogOut, UserPlus, X } from "lucide-react";
import { useRef } from "react";
import { NavLink } from "react-router-dom";
import { Button } from "../components/ui/button.tsx";
import { useChatUnreadCount } from "../features/chat/unread.ts";
import { openAuthDialog } from "../lib/auth-dialog.ts";
import { currentFocus, returnFocus } from "../lib/focus.ts";
import { type SessionUser, useSession } from "../lib/session.tsx";
import { cn } from "../lib/utils.ts";
import { chatBadge } from "./badges.ts";
import { COMING_SOON, type NavSection, SIGNED_IN_NAV, SIGNED_OUT_NAV } from "./navigation.ts";
import { useInstallApp } from "./pwa.ts";

/**
 * The site menu: a sheet from the right (Radix Dialog: focus trap, Esc, focus back to 'Menú').
 * Loaded on first use, so the home page's first load does not carry it.
 */
export function NavigationSheet({
  open,
  onOpenChange,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const { user } = useSession();
  const install = useInstallApp();
  const openerRef = useRef<HTMLElement | null>(null);
  const sections = user ? visibleSections(SIGNED_IN_NAV, user) : SIGNED_OUT_NAV;
  const close = () => onOpenChange(false);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="vz-overlay fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            openerRef.current = currentFocus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(openerRef.current);
          }}
          className="vz-sheet fixed inset-y-0 right-0 z-50 flex w-80 max-w-[calc(100vw-2.5rem)] flex-col bg-white shadow-2xl shadow-slate-900/20 focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-5 py-4">
            <DialogPrimitive.Title className="text-lg font-bold text-slate-900">Menú</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Cerrar menú"
              className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
            >
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Principal" className="flex-1 overflow-y-auto px-3 py-3">
            {sections.map((section) => (
              <section key={section.title} aria-label={section.title} className="py-2">
                <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {section.title}
                </h2>
                <ul>
                  {section.items.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end
                        onClick={close}
                        className={({ isActive }) =>
                          cn(
                            "flex min-h-11 items-center rounded-xl px-3 text-[0.95rem] font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500",
                            isActive && "bg-emerald-50 font-semibold text-emerald-800",
                          )
                        }
                      >
                        {item.label}
                        {item.to === "/mensajes" ? <UnreadChats /> : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {COMING_SOON.length > 0 ? (
              <section aria-label="Próximamente" className="py-2">
                <h2 className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Próximamente</h2>
                <ul className="flex flex-wrap gap-1.5 px-3 pt-1">
                  {COMING_SOON.map((label) => (
                    <li
                      key={label}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600"
                    >
                      <Clock aria-hidden="true" className="size-3.5" />
                      {label}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </nav>
          <div className="flex flex-col gap-2 border-t border-slate-100 p-4">
            {/* Shown once the browser offers the installation (beforeinstallprompt); gone once installed. */}
            {install ? (
              <Button
                variant="secondary"
                onClick={() => {
                  close();
                  void install();
                }}
              >
                <Download aria-hidden="true" className="size-4" />
                Instalar app
              </Button>
            ) : null}
            {user ? (
              <Button
                variant="outline"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Salir
              </Button>
            ) : (
              <>
                <Button
                  onClick={() => {
                    close();
                    openAuthDialog("login");
                  }}
                >
                  <LogIn aria-hidden="true" className="size-4" />
                  Iniciar Sesión
                </Button>
                <Button
                  variant="outline"
                  onClick={() => {
                    close();
                    openAuthDialog("register");
                  }}
                >
                  <UserPlus aria-hidden="true" className="size-4" />
                  Registrarse
                </Button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The unread chat messages beside 'Mensajes' (issue 15 item 14). */
function UnreadChats() {
  const count = useChatUnreadCount().data ?? 0;
  if (count === 0) return null;
  return (
    <>
      {" "}
      <span
        data-testid="menu-chats-badge"
        className="ml-auto rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-bold text-white tabular-nums"
      >
        {chatBadge(count)}
        <span className="sr-only"> sin leer</span>
      </span>
    </>
  );
}

function visibleSections(sections: NavSection[], user: SessionUser): NavSection[] {
  return sections.map((s) => ({ ...s, items: s.items.filter((item) => !item.adminOnly || user.isAdmin) }));
}
