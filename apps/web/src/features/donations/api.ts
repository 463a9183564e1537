import { useMutation, useQuery } from "@tanstack/react-query";
import type { AssetDonation } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");

export const DONATIONS_ROOT = "donations";

export interface DonationView {
  id: string;
  assetId: string;
  assetTitle: string;
  donor: { id: string; name: string };
  recipient: { id: string; name: string } | null;
  message: string;
  status: string;
  /** 'regalo' when sent from /regalar (its words are a gift's), else 'donacion'. */
  kind: "donacion" | "regalo";
  /** The step that closed it (aceptar, reclamar, rechazar, cancelar, expirar); "" while pending. */
  closedBy: string;
}

export function normalizeDonation(raw: unknown): DonationView | null {
  const d = record(raw);
  const id = str(d._id);
  if (!id) return null;
  const asset = record(d.assetId);
  const donor = record(d.donorId);
  const rec = d.recipientId ? record(d.recipientId) : null;
  return {
    id,
    assetId: str(asset._id) || str(d.assetId),
    assetTitle: str(asset.title) || "Activo",
    donor: { id: str(donor._id) || str(d.donorId), name: str(donor.name) },
    recipient: rec ? { id: str(rec._id) || str(d.recipientId), name: str(rec.name) } : null,
    message: str(d.message),
    status: str(d.status),
    kind: d.kind === "regalo" ? "regalo" : "donacion",
    closedBy: str(d.closedBy),
  };
}

/** GET /donations: an array (mine, made and received). */
export function useDonations() {
  const { user } = useSession();
  return useQuery({
    queryKey: [DONATIONS_ROOT, "mine", user?._id ?? ""] as const,
    queryFn: async ({ signal }) => {
      const body = await apiRequest("/donations", { signal });
      const list = Array.isArray(body)
        ? body
        : Array.isArray(record(body).data)
          ? (record(body).data as unknown[])
          : [];
      return list.map(normalizeDonation).filter((d): d is DonationView => d !== null);
    },
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
      normalizeAssetList(
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=${purpose}&status=activo,disponible`, {
          signal,
        }),
      ),
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

export function normalizeAssetDonation(raw: unknown): AssetDonationView | null {
  const d = record(raw) as Partial<Record<keyof AssetDonation, unknown>>;
  if (typeof d.community !== "boolean") return null;
  const details = d.details ? record(d.details) : null;
  const party = (value: unknown) => {
    if (!value) return null;
    const p = record(value);
    const id = str(p._id);
    return id ? { id, name: str(p.name) } : null;
  };
  return {
    id: str(d._id) || null,
    community: d.community,
    role: d.role === "donante" || d.role === "beneficiario" ? d.role : null,
    reservedForSomeoneElse: d.reservedForSomeoneElse === true,
    donor: party(details?.donorId),
    recipient: party(details?.recipientId),
    message: details ? str(details.message) : "",
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
    queryFn: async ({ signal }) =>
      normalizeAssetDonation(
        record(await apiRequest(`/donations/asset/${encodeURIComponent(assetId)}`, { signal })).data,
      ),
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
      const answer = record(await apiRequest("/donations", { method: "POST", body, idempotencyKey }));
      return { donation: normalizeDonation(answer.data), message: str(answer.message) };
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
      const answer = record(
        await apiRequest(`/donations/${action}/${encodeURIComponent(id)}`, { method: "POST", idempotencyKey }),
      );
      return { donation: normalizeDonation(answer.data), message: str(answer.message) };
    },
    onSettled: refresh,
  });
}
