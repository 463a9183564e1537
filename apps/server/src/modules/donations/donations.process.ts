import {
  assetTransitionRefusal,
  DEALS_MSG,
  DONATION_MSG,
  DONATION_PROCESS,
  DONATION_PURPOSES,
  DONATION_STATUS,
  type DonationFields,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { AssetRow } from "../assets/index.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { type DonationRow, findDonation, setCommunityRecipient, updateDonation } from "./donations.repository.ts";

/** The guards, the custom effect and the fields of DONATION_PROCESS (domain package; its other effects are the library's, ADR 025). */

type Ctx = TransitionContext<DonationRow>;

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

export const donationHandlers: ProcessHandlers<DonationRow> = {
  async load(tx: Tx, deal: DealRow) {
    const d = await findDonation(tx, deal.id);
    if (!d) throw new Error(`donations: record of deal ${deal.id} missing`);
    return d;
  },
  guards: {
    activoDonable(ctx) {
      const a = assetOf(ctx);
      if (a.userId !== ctx.data.donorId) throw forbidden(DONATION_MSG.notYourAsset);
      if (!DONATION_PURPOSES.includes(a.mainPurpose)) throw conflict(DONATION_MSG.notForDonation);
      if (assetTransitionRefusal(a, "reservar")) throw conflict(DONATION_MSG.notAvailable);
    },
    activoEnOperacion(ctx) {
      if (assetOf(ctx).status !== "operacion") throw conflict(DONATION_MSG.notAvailable);
    },
  },
  effects: {
    /** A community donation claimed: its record gets the beneficiary the engine gave the deal. */
    async asignarBeneficiario(ctx) {
      const claimer = ctx.deal.parties.beneficiario;
      if (!claimer || ctx.data.recipientId === claimer) return;
      if (ctx.data.recipientId || !(await setCommunityRecipient(ctx.tx, ctx.data.id, claimer))) {
        throw conflict(DONATION_MSG.alreadyClaimed);
      }
      ctx.data = { ...ctx.data, recipientId: claimer };
    },
  },
  fields: (ctx): DonationFields => ({
    titulo: ctx.asset?.title ?? "",
    comunitaria: ctx.data.community,
    liberados: ctx.result.creditosLiberados ?? 0,
    movimiento: ctx.data.community ? "donacion" : "regalo",
    transaccion: ctx.data.community ? "donación" : "regalo",
    assetId: ctx.data.assetId,
  }),
  async onState(ctx) {
    const closed = ctx.process.states[ctx.to]?.final === true;
    await updateDonation(ctx.tx, ctx.deal.id, {
      status: DONATION_STATUS[ctx.to] ?? "pending",
      ...(closed ? { closedAt: ctx.now, closedBy: ctx.transition } : {}),
    });
  },
};

export const DONATION = DONATION_PROCESS;
