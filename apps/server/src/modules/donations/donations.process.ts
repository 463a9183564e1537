import {
  assetTransitionRefusal,
  DONATION_MSG,
  DONATION_PURPOSES,
  DONATION_STATUS,
  type DonationFields,
} from "@valoriza/domain";
import { conflict, forbidden } from "../../lib/errors.ts";
import { assetInDeal, dealAsset, type ProcessHandlers, recordOf } from "../deals/index.ts";
import { type DonationRow, findDonation, setCommunityRecipient, updateDonation } from "./donations.repository.ts";

/** The guards, the custom effect and the fields of DONATION_PROCESS (domain package; its other effects are the library's, ADR 026). */

export const donationHandlers: ProcessHandlers<DonationRow> = {
  load: recordOf(findDonation, "donations: record"),
  guards: {
    activoDonable(ctx) {
      const a = dealAsset(ctx);
      if (a.userId !== ctx.data.donorId) throw forbidden(DONATION_MSG.notYourAsset);
      if (!DONATION_PURPOSES.includes(a.mainPurpose)) throw conflict(DONATION_MSG.notForDonation);
      if (assetTransitionRefusal(a, "reservar")) throw conflict(DONATION_MSG.notAvailable);
    },
    activoEnOperacion: assetInDeal(DONATION_MSG.notAvailable),
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
  onState: ({ tx, deal, to, now, transition }) =>
    updateDonation(tx, deal.id, {
      status: DONATION_STATUS[to] ?? "pending",
      ...(deal.closedAt ? { closedAt: now, closedBy: transition } : {}),
    }),
};
