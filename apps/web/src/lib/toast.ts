import { createStore, useStore } from "./store.ts";

export type ToastVariant = "success" | "error" | "info";

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Only one toast is visible at a time: a new one replaces the current one (overview §9). */
const toastStore = createStore<ToastData | null>(null);
let sequence = 0;

export function toast(input: ToastInput): void {
  sequence += 1;
  const description = input.description?.trim();
  toastStore.set({
    id: sequence,
    title: input.title,
    variant: input.variant ?? "info",
    ...(description && description !== input.title ? { description } : {}),
  });
}

export function dismissToast(id?: number): void {
  const current = toastStore.get();
  if (current && (id === undefined || current.id === id)) toastStore.set(null);
}

export function useCurrentToast(): ToastData | null {
  return useStore(toastStore);
}
