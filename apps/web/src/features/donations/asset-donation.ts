import { useMutation, useQuery } from "@tanstack/react-query";
import type { AssetDonation } from "@valoriza/domain";
import { isRecord, outOfContract, text } from "../../lib/answer.ts";
import { apiRequest } from "../../lib/api.ts";
import { assetPath } from "../../lib/assets.ts";
import { DONATION_BLOCK, hasPageData, takePageData } from "../../lib/page-data.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { readStoredSession, useSession } from "../../lib/session.tsx";

/*
 * What the asset page needs of donations, zod-free: its pending donation, read by hand
 * (readAssetDonation; a unit test holds it to assetDonationResponseSchema), and the actions on it,
 * whose answers are parsed with their contract loaded with the answer. A visitor who only looks at a
 * donated asset loads no zod (issue 21). The rest of the area is in api.ts.
 */

export const DONATIONS_ROOT = "donations";

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

const flag = (value: unknown, where: string): boolean =>
  typeof value === "boolean" ? value : outOfContract(`${where}: se esperaba verdadero o falso`);
const person = (value: unknown, where: string): { _id: string; name: string } =>
  isRecord(value)
    ? { _id: text(value._id, `${where}._id`), name: text(value.name, `${where}.name`) }
    : outOfContract(`${where}: se esperaba un objeto`);

/**
 * GET /donations/asset/{assetId} as assetDonationResponseSchema documents it: `success: true` and
 * `data` null (no pending donation) or the donation as the viewer may see it. Anything else is refused
 * with the message a person reads.
 */
export function readAssetDonation(body: unknown): AssetDonation | null {
  if (!isRecord(body) || body.success !== true || !("data" in body)) {
    return outOfContract("(raíz): se esperaba success: true y data");
  }
  const d = body.data;
  if (d === null) return null;
  if (!isRecord(d)) return outOfContract("data: se esperaba un objeto o null");
  if (d.status !== "pending") outOfContract("data.status: se esperaba pending");
  if (d.role !== null && d.role !== "donante" && d.role !== "beneficiario") outOfContract("data.role");
  const details = d.details;
  if (details !== null && !isRecord(details)) outOfContract("data.details: se esperaba un objeto o null");
  return {
    _id: d._id === null ? null : text(d._id, "data._id"),
    assetId: text(d.assetId, "data.assetId"),
    community: flag(d.community, "data.community"),
    status: "pending",
    role: d.role,
    reservedForSomeoneElse: flag(d.reservedForSomeoneElse, "data.reservedForSomeoneElse"),
    details: isRecord(details)
      ? {
          donorId: person(details.donorId, "data.details.donorId"),
          recipientId: details.recipientId === null ? null : person(details.recipientId, "data.details.recipientId"),
          message: text(details.message, "data.details.message"),
          createdAt: text(details.createdAt, "data.details.createdAt"),
        }
      : null,
  };
}

/**
 * GET /donations/asset/{assetId}: what the viewer may see of the asset's pending donation. The answer
 * depends on who asks, so the key carries the user; read again each time the page opens.
 */
export function useAssetDonation(assetId: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: assetDonationKey(assetId, user?._id),
    // On the page the server served, the donation it inlined (what a visitor without a session
    // sees) lets the panel paint at its height with the page. Without a session it is the answer
    // itself, read again in the background (stale at once) as any mount would; with one it only
    // holds the place (the panel draws it invisible) until this person's own view arrives: it is
    // the same for anyone but the donor and the recipient (whose view prefetchOwnAssetDonation
    // asks for with the page's code).
    initialData: () => (user || !assetId ? undefined : inlinedAssetDonation(assetId)),
    placeholderData: () => (user && assetId ? inlinedAssetDonation(assetId) : undefined),
    queryFn: ({ signal }) => fetchAssetDonation(assetId, signal),
    enabled: assetId !== "",
    staleTime: 0,
  });
}

const assetDonationKey = (assetId: string, userId: string | undefined) =>
  [DONATIONS_ROOT, "asset", assetId, userId ?? ""] as const;

async function fetchAssetDonation(assetId: string, signal?: AbortSignal): Promise<AssetDonationView | null> {
  const data = readAssetDonation(await apiRequest(`/donations/asset/${encodeURIComponent(assetId)}`, { signal }));
  forgetInlined(assetId);
  return data ? assetDonationView(data) : null;
}

/**
 * For the page the app opens on, when it is a donated asset's (the server inlined its pending
 * donation) and someone is signed in: their own view of it is asked for at once, with the page's
 * code, and kept as the panel's answer. The recipient's view ('Aceptar', 'Rechazar' and the
 * message) is taller than the one anyone else sees, which is all the inlined block can hold its
 * place for; with the answer in before the first render, the panel paints at its height. Resolves
 * when the answer is in or failed (never rejects); does nothing on any other page.
 */
export async function prefetchOwnAssetDonation(assetId: string): Promise<void> {
  const session = readStoredSession(false);
  if (!session || !hasPageData(assetPath(assetId), DONATION_BLOCK)) return;
  const queryKey = assetDonationKey(assetId, session.user._id);
  await queryClient.prefetchQuery({ queryKey, queryFn: ({ signal }) => fetchAssetDonation(assetId, signal) });
  // Answered: the inlined block would only be an older placeholder now (it stays when the read failed).
  if (queryClient.getQueryState(queryKey)?.status === "success")
    takePageData(assetPath(assetId), () => null, DONATION_BLOCK);
}

/** The donation inlined into the page the server served, kept until that asset's first answer. */
let inlined: { assetId: string; view: AssetDonationView | null } | undefined;

/** The pending donation the server inlined into this asset's page (undefined: none, unreadable or stale). */
function inlinedAssetDonation(assetId: string): AssetDonationView | null | undefined {
  if (inlined?.assetId !== assetId) {
    const read = (body: unknown) => {
      const d = readAssetDonation(body);
      return { view: d ? assetDonationView(d) : null };
    };
    const view = takePageData(assetPath(assetId), read, DONATION_BLOCK)?.view;
    if (view !== undefined) inlined = { assetId, view };
  }
  return inlined?.assetId === assetId && window.location.pathname === assetPath(assetId) ? inlined.view : undefined;
}

function forgetInlined(assetId: string) {
  if (inlined?.assetId === assetId) inlined = undefined;
}

/** After a donation changes hands or state: balances, the area's lists, my assets, both reputations. */
export const refreshAfterDonation = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [DONATIONS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
    // A handover changes both parties' reputation (owner card, /perfil, /prestar).
    queryClient.invalidateQueries({ queryKey: ["reputation"] }),
  ]);

export type DonationAction = "accept" | "reject" | "cancel" | "claim";

/**
 * POST /donations/{action}/{id} (accept, reject, cancel, claim). Its answer is parsed with
 * donationResponseSchema, loaded with the answer (donation-contract.ts).
 */
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
      const [body, { parseDonationAnswer }] = await Promise.all([
        apiRequest(`/donations/${action}/${encodeURIComponent(id)}`, { method: "POST", idempotencyKey }),
        import("./donation-contract.ts"),
      ]);
      return parseDonationAnswer(body);
    },
    onSettled: refreshAfterDonation,
  });
}
