import { openAuthDialog } from "../../lib/auth-dialog.ts";
import { createStore, useStore } from "../../lib/store.ts";

/** Whether the login dialog shows the '¿Olvidaste tu contraseña?' form instead of the sign-in form. */
const forgotStore = createStore(false);

export const useForgotPasswordView = () => useStore(forgotStore);
export const showForgotPassword = (on: boolean) => forgotStore.set(on);

/** Opens the login dialog straight on the forgotten-password form (from an expired or used link). */
export function openForgotPassword(): void {
  forgotStore.set(true);
  openAuthDialog("login");
}
