import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type IdentitySubmitInput,
  identityStatusResponseSchema,
  identitySubmittedResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

/** Under the profile's key: dropped with the other personal queries on sign-out, refreshed with the profile. */
const identityKey = (userId: string) => [...queryKeys.profile(userId), "identidad"] as const;

/** GET /verificacion/identidad; polled while in review, so an approval shows without reloading. */
export function useIdentityStatus() {
  const { user } = useSession();
  return useQuery({
    queryKey: identityKey(user?._id ?? ""),
    queryFn: async ({ signal }) =>
      parseAnswer(identityStatusResponseSchema, await apiRequest("/verificacion/identidad", { signal })).data,
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
      const answer = parseAnswer(
        identitySubmittedResponseSchema,
        await apiRequest("/verificacion/identidad", { method: "POST", body: input, onUploadProgress: onProgress }),
      );
      return { status: answer.data, message: answer.message };
    },
    onSuccess: ({ status }) => {
      if (user) queryClient.setQueryData(identityKey(user._id), status);
    },
  });
}
