import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "../components/ui/spinner.tsx";
import { useAuthDialog } from "../lib/auth-dialog.ts";
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

/** Mounts the toast viewport with the first toast. */
export function ToasterHost() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(current !== null);
  useEffect(() => {
    if (current !== null) setNeeded(true);
  }, [current]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
