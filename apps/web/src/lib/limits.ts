import { useQuery } from "@tanstack/react-query";
import { type MyLimits, type MyLimitsResponse, POLL } from "@valoriza/domain";
import { apiRequest } from "./api.ts";
import { useSession } from "./session.tsx";

export type { MyLimits };

/** Under the wallet's root key: whatever refreshes the wallet refreshes this too. */
export const myLimitsKey = (userId: string) => ["wallet", "limites", userId] as const;

/** GET /api/limites/mios: the 30-day release window and the credits en revisión, with why (ADR 015). */
export async function fetchMyLimits(signal?: AbortSignal): Promise<MyLimits> {
  // Typed by its contract, not parsed: the header's note is on the first load, which carries no zod.
  const body = await apiRequest<MyLimitsResponse>("/limites/mios", signal ? { signal } : {});
  return body.data;
}

export function useMyLimits() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: myLimitsKey(user?._id ?? ""),
    queryFn: ({ signal }) => fetchMyLimits(signal),
    enabled: Boolean(token && user),
    refetchInterval: POLL.walletMini,
  });
}
