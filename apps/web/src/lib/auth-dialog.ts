import { createStore, useStore } from "./store.ts";

export type AuthDialogMode = "login" | "register";

/** Which authentication modal is open. Shared so that any screen (or the api client) can open it. */
const authDialogStore = createStore<AuthDialogMode | null>(null);

export function openAuthDialog(mode: AuthDialogMode): void {
  authDialogStore.set(mode);
}

export function closeAuthDialog(): void {
  authDialogStore.set(null);
}

export function useAuthDialog(): AuthDialogMode | null {
  return useStore(authDialogStore);
}
