import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type AssetDonation,
  assetDonationResponseSchema,
  type Donation,
  donationListSchema,
  donationResponseSchema,
  pagedAssetListResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export const DONATIONS_ROOT = "donations";

export interface DonationView {
  id: string;
  assetId: string;
  assetTitle: string;
  donor: { id: string; name: string };
  recipient: { id: string; name: string } | null;
  message: string;
  status: Donation["status"];
  /** 'regalo' when sent from /regalar (its words are a gift's), else 'donacion'. */
  kind: Donation["kind"];
  /** The step that closed it (aceptar, reclamar, rechazar, cancelar, expirar); "" while pending. */
  closedBy: string;
}

export function donationView(d: Donation): DonationView {
  return {
    id: d._id,
    assetId: d.assetId._id,
    assetTitle: d.assetId.title || "Activo",
    donor: { id: d.donorId._id, name: d.donorId.name },
    recipient: d.recipientId ? { id: d.recipientId._id, name: d.recipientId.name } : null,
    message: d.message,
    status: d.status,
    kind: d.kind,
    closedBy: d.closedBy ?? "",
  };
}

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

/** The asset page's view of an asset's pending donation (GET /donations/asset/{id}; null: none). */
export interface AssetDonationView {
  id: string | null;
  community: boolean;
  role: "donante" | "beneficiario" | null;
  reservedForSomeoneElse: boolean;
  donor: { id: string; name: string } | null;
  recipient: { id: string; name: string } | null;
  message: string;
}

export function assetDonationView(d: AssetDonation): AssetDonationView {
  return {
    id: d._id || null,
    community: d.community,
    role: d.role,
    reservedForSomeoneElse: d.reservedForSomeoneElse,
    donor: d.details ? { id: d.details.donorId._id, name: d.details.donorId.name } : null,
    recipient: d.details?.recipientId ? { id: d.details.recipientId._id, name: d.details.recipientId.name } : null,
    message: d.details?.message ?? "",
  };
}

/**
 * GET /donations/asset/{assetId}: what the viewer may see of the asset's pending donation. The answer
 * depends on who asks, so the key carries the user; read again each time the page opens.
 */
export function useAssetDonation(assetId: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: [DONATIONS_ROOT, "asset", assetId, user?._id ?? ""] as const,
    queryFn: async ({ signal }) => {
      const body = await apiRequest(`/donations/asset/${encodeURIComponent(assetId)}`, { signal });
      const { data } = parseAnswer(assetDonationResponseSchema, body);
      return data ? assetDonationView(data) : null;
    },
    enabled: assetId !== "",
    staleTime: 0,
  });
}

const refresh = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [DONATIONS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
    // A handover changes both parties' reputation (owner card, /perfil, /prestar).
    queryClient.invalidateQueries({ queryKey: ["reputation"] }),
  ]);

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
      const answer = parseAnswer(
        donationResponseSchema,
        await apiRequest("/donations", { method: "POST", body, idempotencyKey }),
      );
      return { donation: donationView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

export type DonationAction = "accept" | "reject" | "cancel" | "claim";

export function useDonationAction() {
  return useMutation({
    mutationFn: async ({
      id,
      action,
      idempotencyKey,
    }: {
      id: string;
      action: DonationAction;
      idempotencyKey: string;
    }) => {
      const answer = parseAnswer(
        donationResponseSchema,
        await apiRequest(`/donations/${action}/${encodeURIComponent(id)}`, { method: "POST", idempotencyKey }),
      );
      return { donation: donationView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}
