import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  changePasswordResponseSchema,
  DATA_RIGHTS_MSG,
  deleteAccountResponseSchema,
  MSG,
  type ProfileUpdateInput,
  profileResponseSchema,
} from "@valoriza/domain";
import type { Profile } from "../../lib/account.ts";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { replaceSessionToken, updateSessionUser, useSession } from "../../lib/session.tsx";

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput): Promise<Profile> => {
      const body = await apiRequest("/profile", { method: "PUT", body: input });
      const { data } = parseAnswer(profileResponseSchema, body, MSG.updateProfileError);
      // The date input reads YYYY-MM-DD (as the profile query gives it).
      return { ...data, fechaNacimiento: data.fechaNacimiento.slice(0, 10) };
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
      // `{ success, message, data: { token } }`: the old token stops working, the new one keeps the session.
      const { data } = parseAnswer(changePasswordResponseSchema, body, MSG.changePasswordError);
      replaceSessionToken(data.token);
      return MSG.passwordUpdated;
    },
  });
}

/** The export's file name: the day in Colombia, e.g. valoriza-mis-datos-2026-11-26.json (as the server names it). */
const exportFileName = () =>
  `valoriza-mis-datos-${new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date())}.json`;

/** 'Descargar mis datos': GET /api/profile/exportar, saved by the browser as a JSON file. */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const body = await apiRequest("/profile/exportar");
      if (!body || typeof body !== "object") throw new Error(DATA_RIGHTS_MSG.exportError);
      const name = exportFileName();
      const url = URL.createObjectURL(new Blob([JSON.stringify(body, null, 2)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}

/** 'Eliminar mi cuenta': DELETE /api/profile {password}. The caller ends the session here on success. */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: async (password: string): Promise<string> => {
      const body = await apiRequest("/profile", { method: "DELETE", body: { password } });
      return parseAnswer(deleteAccountResponseSchema, body, DATA_RIGHTS_MSG.deleteError).message;
    },
  });
}
