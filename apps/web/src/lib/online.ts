import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

// TanStack Query's view of the connection (the browser's online/offline events), which the queries
// follow too; it assumes it starts online, so a page opened offline says so first.
if (typeof navigator !== "undefined" && !navigator.onLine) onlineManager.setOnline(false);

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** False while the browser knows it has no connection (ADR 023); re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
