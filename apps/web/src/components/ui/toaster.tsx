import * as ToastPrimitive from "@radix-ui/react-toast";
import { TIMINGS } from "@valoriza/domain";
import { CircleCheck, CircleExclamationPoint, Info, X } from "lucide-react";
import { type ToastData, useCurrentToast } from "../../lib/toast.ts";
import { cn } from "../../lib/utils.ts";
import { CreditsHowTo, isInsufficientCreditsText } from "../credits-help.tsx";

const look = {
  success: { Icon: CircleCheck, icon: "text-emerald-600", bar: "bg-emerald-500" },
  error: { Icon: CircleExclamationPoint, icon: "text-red-600", bar: "bg-red-500" },
  info: { Icon: Info, icon: "text-sky-600", bar: "bg-sky-500" },
} as const;

function ToastItem({ toast }: { toast: ToastData }) {
  const { Icon, icon, bar } = look[toast.variant];
  // 'No tienes suficientes créditos disponibles' says how to get some (issue 15 item 17).
  const howTo = toast.variant === "error" && isInsufficientCreditsText(toast.title, toast.description);
  return (
    <ToastPrimitive.Root
      // Errors interrupt screen readers; confirmations wait politely.
      type={toast.variant === "error" ? "foreground" : "background"}
      duration={howTo ? TIMINGS.toastWithAction : TIMINGS.toast}
      className={cn(
        "vz-toast pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border border-slate-200",
        "bg-white py-3.5 pr-11 pl-4 shadow-xl shadow-slate-900/10",
      )}
    >
      <span aria-hidden="true" className={cn("absolute inset-y-0 left-0 w-1", bar)} />
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", icon)} />
      <div className="min-w-0 break-words">
        <ToastPrimitive.Title className="text-sm font-semibold text-slate-900">{toast.title}</ToastPrimitive.Title>
        {toast.description ? (
          <ToastPrimitive.Description className="mt-0.5 text-sm text-slate-600">
            {toast.description}
          </ToastPrimitive.Description>
        ) : null}
        {howTo ? <CreditsHowTo className="mt-1.5 text-slate-600" /> : null}
      </div>
      <ToastPrimitive.Close
        aria-label="Cerrar aviso"
        className="absolute top-2.5 right-2.5 flex size-7 items-center justify-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      >
        <X aria-hidden="true" className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** Renders the single current toast; a new toast replaces the previous one. */
export function Toaster() {
  const current = useCurrentToast();
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Aviso">
      {current ? <ToastItem key={current.id} toast={current} /> : null}
      <ToastPrimitive.Viewport
        label="Avisos ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none sm:right-2 sm:bottom-2"
      />
    </ToastPrimitive.Provider>
  );
}
