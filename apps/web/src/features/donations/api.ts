import { useMutation, useQuery } from "@tanstack/react-query";
import { donationListSchema, pagedAssetListResponseSchema } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { useSession } from "../../lib/session.tsx";
import { DONATIONS_ROOT, refreshAfterDonation } from "./asset-donation.ts";
import { donationView, parseDonationAnswer } from "./donation-contract.ts";

export {
  type AssetDonationView,
  DONATIONS_ROOT,
  type DonationAction,
  useAssetDonation,
  useDonationAction,
} from "./asset-donation.ts";
export { type DonationView, donationView } from "./donation-contract.ts";

/** GET /donations: an array (mine, made and received). */
export function useDonations() {
  const { user } = useSession();
  return useQuery({
    queryKey: [DONATIONS_ROOT, "mine", user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(donationListSchema, await apiRequest("/donations", { signal })).map(donationView),
    enabled: Boolean(user),
    refetchInterval: 15_000,
  });
}

/** My assets published for `purpose` (donar or regalar), listed and free. */
export function useMyAssetsFor(purpose: "donar" | "regalar") {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["myAssets", me, purpose] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      parseAnswer(
        pagedAssetListResponseSchema,
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=${purpose}&status=activo,disponible`, {
          signal,
        }),
      ).data.map(assetFromContract),
    enabled: Boolean(user),
  });
}

export function useCreateDonation() {
  return useMutation({
    mutationFn: async ({
      idempotencyKey,
      ...body
    }: {
      donorId: string;
      assetId: string;
      recipientId?: string;
      message: string;
      kind: "donacion" | "regalo";
      idempotencyKey: string;
    }) => {
      return parseDonationAnswer(await apiRequest("/donations", { method: "POST", body, idempotencyKey }));
    },
    onSettled: refreshAfterDonation,
  });
}
