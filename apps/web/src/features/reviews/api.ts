import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateReviewInput,
  createdReviewResponseSchema,
  pendingReviewsResponseSchema,
  publicProfileResponseSchema,
  userReviewsResponseSchema,
} from "@valoriza/domain";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { normalizeAssetList } from "../../lib/assets.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { reviewKeys } from "../../lib/reviews.ts";
import { useSession } from "../../lib/session.tsx";

/** Reviews and the public profile (issue 19): the calls of /usuarios/{id} and /calificaciones. */

const path = (id: string) => encodeURIComponent(id);

/** GET /usuarios/{id}/perfil (public). */
export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: [...reviewKeys.of(userId), "perfil"] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(publicProfileResponseSchema, await apiRequest(`/usuarios/${path(userId)}/perfil`, { signal })).data,
    // Unknown, malformed or hidden by the person's visibility: asking again changes nothing.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && [400, 403, 404].includes(error.status)),
  });
}

/** GET /resenas/usuario/{id} (public): the published reviews, newest first. */
export function useUserReviews(userId: string, limit = 20) {
  return useQuery({
    queryKey: [...reviewKeys.of(userId), "lista", limit] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(
        userReviewsResponseSchema,
        await apiRequest(`/resenas/usuario/${path(userId)}?limit=${limit}`, { signal }),
      ),
  });
}

/** GET /assets/user/{id}: what the person lists publicly (anyone but the owner sees only public listings). */
export function usePersonAssets(userId: string) {
  return useQuery({
    queryKey: ["assets", "usuario", userId, "publicos"] as const,
    queryFn: async ({ signal }) =>
      normalizeAssetList(
        await apiRequest(`/assets/user/${path(userId)}?status=activo,disponible,operacion&limit=24`, { signal }),
      ),
  });
}

/** GET /resenas/pendientes: the deals I can still review. */
export function usePendingReviews() {
  const { user } = useSession();
  return useQuery({
    queryKey: reviewKeys.pending(user?._id ?? ""),
    queryFn: async ({ signal }) =>
      parseAnswer(pendingReviewsResponseSchema, await apiRequest("/resenas/pendientes", { signal })).data,
    enabled: Boolean(user),
  });
}

/** POST /resenas with an Idempotency-Key made when the person submits (reused on a retry). */
export function useSubmitReview() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: { input: CreateReviewInput; idempotencyKey: string }) =>
      parseAnswer(
        createdReviewResponseSchema,
        await apiRequest("/resenas", { method: "POST", body: input, idempotencyKey }),
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.pending(user?._id ?? "") });
      await queryClient.invalidateQueries({ queryKey: ["resenas", "usuario"] });
    },
  });
}
