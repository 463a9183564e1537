import { WifiOff } from "lucide-react";
import { useEffect } from "react";
import { disableNetworkActions, OFFLINE_ACTION_HINT } from "../lib/offline-actions.ts";
import type { toast as showToast } from "../lib/toast.ts";

export interface OfflineNoticeProps {
  /** lib/toast.ts, handed over by Layout so this chunk shares no module with the first load's. */
  toast: typeof showToast;
}

/**
 * 'Sin conexión' (ADR 023): the page shows what was last loaded, and the actions needing internet are
 * disabled while this is mounted (lib/offline-actions.ts); a tap on one says why in a toast. Layout
 * loads it (from the service worker's precache) only offline.
 */
export function OfflineNotice({ toast }: OfflineNoticeProps) {
  useEffect(() => disableNetworkActions(() => toast({ title: OFFLINE_ACTION_HINT })), [toast]);
  return (
    <div className="border-b border-slate-700 bg-slate-800 text-white">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">Sin conexión.</strong> Ves lo último que cargaste; las acciones que
          necesitan internet están desactivadas.
        </span>
      </p>
    </div>
  );
}
