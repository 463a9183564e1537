import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MSG, type ProfileUpdateInput } from "@valoriza/domain";
import { normalizeProfile, type Profile } from "../../lib/account.ts";
import { apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { replaceSessionToken, updateSessionUser, useSession } from "../../lib/session.tsx";

function isSuccess(body: unknown): body is { success: true; data?: unknown; message?: unknown } {
  return Boolean(body && typeof body === "object" && (body as { success?: unknown }).success === true);
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput): Promise<Profile> => {
      const body = await apiRequest("/profile", { method: "PUT", body: input });
      if (!isSuccess(body) || !body.data || typeof body.data !== "object") throw new Error(MSG.updateProfileError);
      return normalizeProfile(body.data);
    },
    onSuccess: (profile) => {
      if (user) queryClient.setQueryData(queryKeys.profile(user._id), profile);
      updateSessionUser({ name: profile.name, apellido: profile.apellido });
    },
  });
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput): Promise<string> => {
      const body = await apiRequest("/profile/password", { method: "PUT", body: input });
      if (!isSuccess(body)) throw new Error(MSG.changePasswordError);
      // `{ success, message, data: { token } }`: the old token stops working, the new one keeps the session.
      const data = (body as { data?: { token?: unknown } }).data;
      if (typeof data?.token === "string") replaceSessionToken(data.token);
      return MSG.passwordUpdated;
    },
  });
}
