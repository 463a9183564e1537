import { useMutation } from "@tanstack/react-query";
import { ACCOUNT_MSG, type LoginInput, MSG, type RegisterFormInput } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { type Session, useSession } from "../../lib/session.tsx";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Spec §5 Authentication: a login or register succeeds only if the response has success true and
 * data.token; anything else is an invalid response.
 */
export function parseAuthResponse(body: unknown, invalidMessage: string): Session {
  const envelope = (body && typeof body === "object" ? body : {}) as { success?: unknown; data?: unknown };
  const data = (envelope.data && typeof envelope.data === "object" ? envelope.data : {}) as Record<string, unknown>;
  const token = text(data.token);
  if (envelope.success !== true || !token) throw new Error(invalidMessage);
  const id = text(data._id) || text(data.id);
  return {
    token,
    user: {
      _id: id,
      id,
      name: text(data.name),
      apellido: text(data.apellido),
      email: text(data.email),
      isAdmin: data.isAdmin === true,
    },
  };
}

export function useLoginMutation() {
  const { login } = useSession();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const body = await apiRequest("/users/login", {
        method: "POST",
        body: input,
        onUnauthorized: "ignore",
      });
      return parseAuthResponse(body, MSG.invalidLoginResponse);
    },
    onSuccess: (session) => login(session),
  });
}

export function useRegisterMutation() {
  const { login } = useSession();
  return useMutation({
    mutationFn: async (input: RegisterFormInput) => {
      const body = await apiRequest("/users/register", {
        method: "POST",
        body: input,
        onUnauthorized: "ignore",
      });
      return parseAuthResponse(body, MSG.invalidRegisterResponse);
    },
    onSuccess: (session) => login(session),
  });
}

const messageOf = (body: unknown, fallback: string): string => {
  const m = body && typeof body === "object" ? (body as { message?: unknown }).message : undefined;
  return typeof m === "string" && m ? m : fallback;
};

/** '¿Olvidaste tu contraseña?': POST /users/olvide-contrasena, the same answer whether or not the account exists. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: async (email: string): Promise<string> => {
      const body = await apiRequest("/users/olvide-contrasena", {
        method: "POST",
        body: { email },
        onUnauthorized: "ignore",
      });
      return messageOf(body, ACCOUNT_MSG.resetRequested);
    },
  });
}

/** The reset page: POST /users/restablecer-contrasena; the answer is a new session (the person is signed in). */
export function useResetPasswordMutation() {
  const { login } = useSession();
  return useMutation({
    mutationFn: async (input: { token: string; newPassword: string }): Promise<Session> => {
      const body = await apiRequest("/users/restablecer-contrasena", {
        method: "POST",
        body: input,
        onUnauthorized: "ignore",
      });
      return parseAuthResponse(body, MSG.invalidLoginResponse);
    },
    onSuccess: (session) => login(session),
  });
}

/** The verification page: POST /users/verificar-email with the mailed token. */
export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: async (token: string): Promise<string> => {
      const body = await apiRequest("/users/verificar-email", {
        method: "POST",
        body: { token },
        onUnauthorized: "ignore",
      });
      return messageOf(body, ACCOUNT_MSG.emailVerified);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot }),
  });
}

/** The banner's 'Reenviar enlace': POST /users/verificacion/reenviar (signed in, throttled). */
export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const body = await apiRequest("/users/verificacion/reenviar", { method: "POST" });
      return messageOf(body, ACCOUNT_MSG.verificationSent);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot }),
  });
}
