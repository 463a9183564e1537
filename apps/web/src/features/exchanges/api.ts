import { useMutation, useQuery } from "@tanstack/react-query";
import {
  assetListResponseSchema,
  type CreateOpenOfferInput,
  type ExchangeProposal,
  exchangeListResponseSchema,
  exchangeProposalResponseSchema,
  type Mobility,
  nearbyResponseSchema,
  type OpenOffer,
  openOfferListResponseSchema,
  openOfferResponseSchema,
  pagedAssetListResponseSchema,
} from "@valoriza/domain";
import { ApiError, type ApiRequestOptions, apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { expireSession, getToken, useSession } from "../../lib/session.tsx";

export const EXCHANGES_ROOT = "exchanges";

/**
 * A proposal call. The exchange API answers 403 for a refused step (e.g. 'El activo que ofreces debe
 * ser tuyo y estar disponible' when my list was stale): that is a message to show, not an expired
 * session. Only a 401 for the token still in use ends the session (and reopens the login).
 */
async function proposalCall(path: string, options: ApiRequestOptions): Promise<unknown> {
  const token = getToken();
  try {
    return await apiRequest(path, { ...options, onUnauthorized: "ignore" });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token && getToken() === token) expireSession();
    throw error;
  }
}

/** GET /exchanges/received or /exchanges/sent (count, data). */
export function useProposals(side: "received" | "sent") {
  const { user } = useSession();
  return useQuery({
    queryKey: [EXCHANGES_ROOT, side, user?._id ?? ""] as const,
    queryFn: async ({ signal }): Promise<ExchangeProposal[]> =>
      parseAnswer(exchangeListResponseSchema, await apiRequest(`/exchanges/${side}`, { signal })).data,
    enabled: Boolean(user),
    refetchInterval: 15_000,
  });
}

/** My assets that can be offered (listed, not in another deal): GET /assets/mine. */
export function useMyExchangeableAssets() {
  const { user } = useSession();
  return useQuery({
    queryKey: ["myAssets", user?._id ?? "", "exchange"] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      parseAnswer(pagedAssetListResponseSchema, await apiRequest("/assets/mine?limit=200", { signal }))
        .data.map(assetFromContract)
        .filter((a) => a.status === "disponible" || a.status === "activo"),
    enabled: Boolean(user),
  });
}

/** Other people's assets that can be requested (mine are never requestable): GET /assets?excludeUserId=me. */
export function useRequestableAssets() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["assets", "requestable", me] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      parseAnswer(
        assetListResponseSchema,
        await apiRequest(`/assets?excludeUserId=${encodeURIComponent(me)}&limit=100`, { signal }),
      )
        .data.map(assetFromContract)
        .filter((a) => a.ownerId !== me && (a.status === "disponible" || a.status === "activo")),
    enabled: Boolean(user),
  });
}

const refresh = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [EXCHANGES_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
    queryClient.invalidateQueries({ queryKey: ["assets"] }),
  ]);

export interface ProposeInput {
  offeredAssetId: string;
  requestedAssetId: string;
  targetUserId: string;
  message: string;
  creditosAdicionales?: number;
  idempotencyKey: string;
}

/** POST /exchanges. */
export function useProposeExchange() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: ProposeInput) =>
      parseAnswer(
        exchangeProposalResponseSchema,
        await proposalCall("/exchanges", { method: "POST", body, idempotencyKey }),
      ).data,
    onSettled: refresh,
  });
}

/** PATCH /exchanges/{id}/status: aceptada / rechazada (receiver), cancelada (sender). */
export function useSetProposalStatus() {
  return useMutation({
    mutationFn: async (input: { id: string; status: "aceptada" | "rechazada" | "cancelada"; idempotencyKey: string }) =>
      parseAnswer(
        exchangeProposalResponseSchema,
        await proposalCall(`/exchanges/${encodeURIComponent(input.id)}/status`, {
          method: "PATCH",
          body: { status: input.status },
          idempotencyKey: input.idempotencyKey,
        }),
      ).data,
    onSettled: refresh,
  });
}

/** GET /intercambios/ofertas (?tipo=mias). */
export function useOpenOffers(tipo: "mias" | "todas") {
  const { user } = useSession();
  return useQuery({
    queryKey: [EXCHANGES_ROOT, "offers", tipo, user?._id ?? ""] as const,
    queryFn: async ({ signal }): Promise<OpenOffer[]> =>
      parseAnswer(
        openOfferListResponseSchema,
        await apiRequest(`/intercambios/ofertas${tipo === "mias" ? "?tipo=mias" : ""}`, { signal }),
      ).data,
    enabled: Boolean(user),
  });
}

/** POST /intercambios/ofertas. */
export function useCreateOffer() {
  return useMutation({
    mutationFn: async (body: CreateOpenOfferInput) =>
      parseAnswer(openOfferResponseSchema, await apiRequest("/intercambios/ofertas", { method: "POST", body })).data,
    onSettled: refresh,
  });
}

/** POST /intercambios/buscar-cercanos: results, count, maxKm (distances only, never coordinates). */
export function useNearbySearch() {
  return useMutation({
    mutationFn: async (body: { userLocation: { lat: number; lng: number }; mobility: Mobility }) => {
      const { results, count, maxKm } = parseAnswer(
        nearbyResponseSchema,
        await apiRequest("/intercambios/buscar-cercanos", { method: "POST", body }),
      );
      return { results, count, maxKm };
    },
  });
}

/** POST /intercambios/proponer-local (expires after 24 h). */
export function useProposeLocal() {
  return useMutation({
    mutationFn: async ({
      idempotencyKey,
      ...body
    }: Omit<ProposeInput, "message" | "creditosAdicionales"> & { mobility: Mobility; message?: string }) =>
      parseAnswer(
        exchangeProposalResponseSchema,
        await proposalCall("/intercambios/proponer-local", { method: "POST", body, idempotencyKey }),
      ).data,
    onSettled: refresh,
  });
}
