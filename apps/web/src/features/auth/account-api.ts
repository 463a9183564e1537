import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MSG, type AccountMessageResponse } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";

/*
 * The account's message-only calls (accountMessageResponseSchema), typed by their contract and not
 * parsed: the banner that resends the link is on every page of an unverified person and loads no zod.
 */

const messageOf = (body: AccountMessageResponse, fallback: string): string => body.message || fallback;

/** '¿Olvidaste tu contraseña?': POST /users/olvide-contrasena, the same answer whether or not the account exists. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (email: string): Promise<string> => {
      const body = await apiRequest<AccountMessageResponse>("/users/olvide-contrasena", {
        method: "POST",
        body: { email },
        onUnauthorized: "ignore",
      });
      return messageOf(body, ACCOUNT_MSG.resetRequested);
    },
  });
}

/** The verification page: POST /users/verificar-email with the mailed token. */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: async (token: string): Promise<string> => {
      const body = await apiRequest<AccountMessageResponse>("/users/verificar-email", {
        method: "POST",
        body: { token },
        onUnauthorized: "ignore",
      });
      return messageOf(body, ACCOUNT_MSG.emailVerified);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot }),
  });
}

/**
 * The banner's 'Reenviar enlace': POST /users/verificacion/reenviar (signed in, throttled); the
 * profile is read again after it. A plain call, no mutation hook: the banner is in every page's first
 * load for an unverified person.
 */
export async function resendVerification(): Promise<string> {
  const body = await apiRequest<AccountMessageResponse>("/users/verificacion/reenviar", { method: "POST" });
  void queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
  return messageOf(body, ACCOUNT_MSG.verificationSent);
}

/** The verification page's 'Reenviar enlace', as a mutation (its pending state and errors). */
export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
