import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ESTADOS_IDENTIDAD,
  type EstadoIdentidad,
  type IdentityStatus,
  type IdentitySubmitInput,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** Under the profile's key: dropped with the other personal queries on sign-out, refreshed with the profile. */
const identityKey = (userId: string) => [...queryKeys.profile(userId), "identidad"] as const;

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function toStatus(body: unknown): IdentityStatus {
  const d = record(record(body).data);
  const estado = ESTADOS_IDENTIDAD.includes(d.estado as EstadoIdentidad) ? (d.estado as EstadoIdentidad) : "ninguna";
  return {
    estado,
    motivo: typeof d.motivo === "string" ? d.motivo : null,
    enviadaEn: typeof d.enviadaEn === "string" ? d.enviadaEn : null,
  };
}

/** GET /verificacion/identidad; polled while in review, so an approval shows without reloading. */
export function useIdentityStatus() {
  const { user } = useSession();
  return useQuery({
    queryKey: identityKey(user?._id ?? ""),
    queryFn: async ({ signal }) => toStatus(await apiRequest("/verificacion/identidad", { signal })),
    enabled: Boolean(user),
    refetchInterval: (q) => (q.state.data?.estado === "pendiente" ? 20_000 : false),
  });
}

/** POST /verificacion/identidad with upload progress (two photos of a few hundred KB). */
export function useSubmitIdentity(onProgress: (fraction: number) => void) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdentitySubmitInput) => {
      const body = await apiRequest("/verificacion/identidad", {
        method: "POST",
        body: input,
        onUploadProgress: onProgress,
      });
      return { status: toStatus(body), message: String(record(body).message ?? "") };
    },
    onSuccess: ({ status }) => {
      if (user) queryClient.setQueryData(identityKey(user._id), status);
    },
  });
}
