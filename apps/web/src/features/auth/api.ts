import { useMutation } from "@tanstack/react-query";
import { type LoginInput, MSG, type RegisterFormInput } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
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
