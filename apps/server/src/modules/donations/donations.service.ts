import {
  type AssetDonation,
  type CreateDonationInput,
  type createDonationSchema,
  DONATION_MSG,
  DONATION_PROCESS,
  type Donation,
} from "@valoriza/domain";
import type { z } from "zod";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { ASSET_NOT_FOUND, lockAsset } from "../assets/index.ts";
import { assertNoBlock } from "../blocks/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { findUserById } from "../users/index.ts";
import { donationHandlers } from "./donations.process.ts";
import {
  assetExists,
  type DonationRow,
  type DonationView,
  findDonation,
  findDonationView,
  findPendingDonationViewForAsset,
  insertDonation,
  listCommunity,
  listDonationViews,
} from "./donations.repository.ts";

export interface DonationResult {
  donation: Donation;
}

export function toDonationDto(v: DonationView): Donation {
  const d = v.d;
  return {
    _id: d.id,
    assetId: { _id: d.assetId, title: v.assetTitle },
    donorId: { _id: d.donorId, name: v.donorName ?? "" },
    recipientId: d.recipientId ? { _id: d.recipientId, name: v.recipientName ?? "" } : null,
    message: d.message,
    status: d.status as Donation["status"],
    community: d.community,
    kind: d.kind === "regalo" ? "regalo" : "donacion",
    closedBy: (d.closedBy as Donation["closedBy"]) ?? null,
    createdAt: d.createdAt.toISOString(),
  };
}

type CreateData = z.output<typeof createDonationSchema>;

export function createDonationsService({ db }: AppDeps, engine: DealsEngine) {
  engine.register(DONATION_PROCESS, donationHandlers);
  const plain = plainUnitOfWork(db);

  async function view(tx: Tx, id: string): Promise<Donation> {
    const v = await findDonationView(tx, id);
    if (!v) throw notFound(DONATION_MSG.notFound);
    return toDonationDto(v);
  }

  const step =
    (transition: string) =>
    (user: AuthUser, id: string, uow: UnitOfWork<DonationResult> = plain): Promise<DonationResult> =>
      uow(async (tx) => {
        // A direct donation or gift between other people: 403 as in the other areas (issue 15 item 23).
        const d = await findDonation(tx, id);
        if (d && !d.community && d.donorId !== user.id && d.recipientId !== user.id)
          throw forbidden(DONATION_MSG.notParty);
        const out = await engine.apply<DonationRow>(tx, {
          dealId: id,
          transition,
          actor: { user },
          process: DONATION_PROCESS.name,
          messages: { notFound: DONATION_MSG.notFound },
        });
        return { donation: await view(tx, out.deal.id) };
      });

  const accept = step("aceptar");

  return {
    async create(user: AuthUser, input: CreateData, uow: UnitOfWork<DonationResult> = plain) {
      if (input.donorId && input.donorId.toLowerCase() !== user.id) throw badRequest(DONATION_MSG.notYourAsset);
      const recipientId = input.recipientId ?? null;
      if (input.kind === "regalo" && !recipientId) throw badRequest(DONATION_MSG.giftRecipientRequired);
      if (recipientId === user.id) throw badRequest(DONATION_MSG.recipientIsYou);
      if (recipientId && !(await findUserById(db, recipientId))) throw notFound(DONATION_MSG.recipientNotFound);
      return uow(async (tx) => {
        await assertNoBlock(tx, user.id, recipientId);
        const out = await engine.start<DonationRow>(tx, {
          process: DONATION_PROCESS.name,
          transition: "donar",
          assetId: input.assetId,
          parties: () => ({ donante: user.id, ...(recipientId ? { beneficiario: recipientId } : {}) }),
          actor: { user },
          messages: { assetNotFound: DONATION_MSG.notAvailable },
          save: (tx2, _deal, built) => insertDonation(tx2, built),
          build: async (_tx2, asset, { id, now }) => ({
            id,
            assetId: asset.id,
            donorId: user.id,
            recipientId,
            community: recipientId === null,
            kind: input.kind === "regalo" ? "regalo" : "donacion",
            message: input.message,
            status: "pending",
            createdAt: now,
            closedAt: null,
            closedBy: null,
          }),
        });
        return { donation: await view(tx, out.deal.id) };
      });
    },

    accept,
    reject: step("rechazar"),
    cancel: step("cancelar"),

    /** 'Reclamar': a community donation goes to the first who claims it; a direct one to its recipient. */
    async claim(user: AuthUser, id: string, uow: UnitOfWork<DonationResult> = plain): Promise<DonationResult> {
      return uow(async (tx) => {
        const d = await findDonation(tx, id);
        if (!d) throw notFound(DONATION_MSG.notFound);
        if (d.donorId === user.id) throw conflict(DONATION_MSG.ownDonation);
        await assertNoBlock(tx, user.id, d.donorId);
        // Lock order: the asset first (as the engine does), then the donation's rows.
        await lockAsset(tx, d.assetId);
        const fresh = await findDonation(tx, id);
        if (!fresh) throw notFound(DONATION_MSG.notFound);
        let claim = false;
        if (!fresh.community) {
          if (fresh.recipientId !== user.id) throw conflict(DONATION_MSG.notCommunity);
        } else if (fresh.recipientId !== user.id) {
          if (fresh.status !== "pending" || fresh.recipientId) throw conflict(DONATION_MSG.alreadyClaimed);
          // The engine gives the claimer the vacant beneficiary role under the deal's lock (the
          // table's `claims`), and the first effect writes it on the donation.
          claim = true;
        }
        const out = await engine.apply<DonationRow>(tx, {
          dealId: id,
          transition: "aceptar",
          actor: { user },
          claim,
          process: DONATION_PROCESS.name,
          messages: { notFound: DONATION_MSG.notFound, claimTaken: DONATION_MSG.alreadyClaimed },
        });
        return { donation: await view(tx, out.deal.id) };
      });
    },

    /**
     * The asset page's view of the asset's pending donation (null: none). A direct donation or gift
     * is shown in full only to its donor and its recipient; anyone else learns only that it is
     * reserved for another person (no id, no names, no message).
     */
    async forAsset(assetId: string, viewerId: string | undefined): Promise<AssetDonation | null> {
      if (!(await assetExists(db, assetId))) throw notFound(ASSET_NOT_FOUND);
      const v = await findPendingDonationViewForAsset(db, assetId);
      if (!v) return null;
      const d = toDonationDto(v);
      const role =
        viewerId === undefined
          ? null
          : viewerId === v.d.donorId
            ? ("donante" as const)
            : viewerId === v.d.recipientId
              ? ("beneficiario" as const)
              : null;
      const hidden = !v.d.community && role === null;
      return {
        _id: hidden ? null : d._id,
        assetId: v.d.assetId,
        community: v.d.community,
        status: "pending",
        role,
        reservedForSomeoneElse: hidden,
        details: hidden
          ? null
          : { donorId: d.donorId, recipientId: d.recipientId, message: d.message, createdAt: d.createdAt },
      };
    },

    async list(user: AuthUser): Promise<Donation[]> {
      return (await listDonationViews(db, user.id)).map(toDonationDto);
    },

    async community(limit = 50) {
      const rows = await listCommunity(db, limit);
      return rows.map((r) => ({
        _id: r.id,
        assetId: r.assetId,
        title: r.title,
        description: r.description,
        type: r.type,
        donorName: r.donorName ?? "",
        message: r.message,
      }));
    },
  };
}

export type DonationsService = ReturnType<typeof createDonationsService>;
export type { CreateDonationInput };
