import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "../components/ui/spinner.tsx";
import { useAuthDialog } from "../lib/auth-dialog.ts";
import { afterFirstPaint } from "../lib/first-paint.tsx";
import { useCurrentToast } from "../lib/toast.ts";

/*
 * The login/register modal (forms, zod, react-hook-form, Radix Dialog) and the toast viewport are
 * downloaded the first time they are needed, which keeps the home page's first load small.
 */

export const preloadAuthDialog = () => import("../features/auth/AuthDialog.tsx");
const AuthDialog = lazy(() => preloadAuthDialog().then((m) => ({ default: m.AuthDialog })));
const Toaster = lazy(() => import("../components/ui/toaster.tsx").then((m) => ({ default: m.Toaster })));

/** Mounts the auth modal once it has been asked for; it then stays mounted (open or closed). */
export function AuthDialogHost() {
  const mode = useAuthDialog();
  const [needed, setNeeded] = useState(mode !== null);
  useEffect(() => {
    if (mode !== null) setNeeded(true);
  }, [mode]);
  if (!needed) return null;
  return (
    <Suspense fallback={mode ? <ModalLoading /> : null}>
      <AuthDialog />
    </Suspense>
  );
}

/** While the modal's code downloads (first open on a slow connection). */
function ModalLoading() {
  return (
    <div className="vz-overlay fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50" data-state="open">
      <div role="status" className="flex items-center gap-3 rounded-2xl bg-white px-5 py-4 shadow-xl">
        <Spinner className="size-5 text-emerald-600" />
        <span className="text-sm font-medium text-slate-700">Cargando…</span>
      </div>
    </div>
  );
}

/**
 * Mounts the toast viewport with the first toast, or earlier: once the page is idle after its first
 * load. Mounted on demand, the first confirmation of a visit waited for the viewport's code and then
 * for React's reveal of suspended content (about 300 ms on a fast machine, more on a phone's network).
 */
export function ToasterHost() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(current !== null);
  useEffect(() => {
    if (current !== null) setNeeded(true);
  }, [current]);
  useEffect(() => {
    if (needed) return;
    // After the page's load event (its own code and images first) and its first paint, in an idle moment.
    let cancel = () => {};
    const mount = () => {
      if (typeof window.requestIdleCallback === "function") {
        const idle = window.requestIdleCallback(() => setNeeded(true), { timeout: 4000 });
        cancel = () => window.cancelIdleCallback(idle);
      } else {
        const timer = window.setTimeout(() => setNeeded(true), 1000);
        cancel = () => window.clearTimeout(timer);
      }
    };
    let live = true;
    const afterLoad = () => {
      void afterFirstPaint().then(() => {
        if (live) mount();
      });
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      live = false;
      window.removeEventListener("load", afterLoad);
      cancel();
    };
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
