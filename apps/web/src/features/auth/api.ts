import { useMutation } from "@tanstack/react-query";
import { authResponseSchema, type LoginInput, MSG, type RegisterFormInput } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Session, useSession } from "../../lib/session.tsx";

/**
 * Spec §5 Authentication: a login, register or reset succeeds only with an answer of its contract
 * (authResponseSchema: success true and data.token); anything else is an invalid response.
 */
export function parseAuthResponse(body: unknown, invalidMessage: string): Session {
  const parsed = authResponseSchema.safeParse(body);
  if (!parsed.success || !parsed.data.data.token) throw new Error(invalidMessage);
  const { token, _id, name, apellido, email, isAdmin, emailVerificado } = parsed.data.data;
  return { token, user: { _id, id: _id, name, apellido, email, isAdmin, emailVerificado } };
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
