import {
  assetTransitionRefusal,
  DEALS_MSG,
  DONATION_MSG,
  DONATION_PROCESS,
  DONATION_PURPOSES,
  DONATION_STATUS,
  nextAssetStatus,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { recordMovement, recordTransaction } from "../activity/index.ts";
import { type AssetRow, updateAsset } from "../assets/index.ts";
import type { DealRow, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { releaseHold } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import { type DonationRow, findDonation, setCommunityRecipient, updateDonation } from "./donations.repository.ts";

/** The guards and effects of DONATION_PROCESS (domain package). */

type Ctx = TransitionContext<DonationRow>;

function assetOf(ctx: Ctx): AssetRow {
  if (!ctx.asset) throw notFound(DEALS_MSG.assetNotFound);
  return ctx.asset;
}

const kindOf = (d: DonationRow) => (d.community ? "donación comunitaria" : "donación");

function lines(ctx: Ctx) {
  const d = ctx.data;
  const title = ctx.asset?.title ?? "";
  switch (ctx.transition) {
    case "donar":
      return {
        titulo: d.community ? "Donación comunitaria publicada" : "Donación enviada",
        donante: d.community
          ? `Publicaste "${title}" como donación comunitaria: la primera persona que la reclame lo recibe.`
          : `Donaste "${title}". Espera a que quien lo recibe lo acepte.`,
        beneficiario: `Te donaron "${title}": acéptalo en Donar o Regalar.`,
      };
    case "aceptar":
      return {
        titulo: "Donación entregada",
        donante: `Se entregó tu ${kindOf(d)} de "${title}"${
          (ctx.result.creditosLiberados ?? 0) > 0
            ? `: se liberaron ${(ctx.result.creditosLiberados ?? 0).toLocaleString("es-CO")} créditos del activo`
            : ""
        }.`,
        beneficiario: `Recibiste "${title}". Ya es tuyo: lo ves en Mis Activos.`,
      };
    default:
      return {
        titulo: "Donación cancelada",
        donante: `La ${kindOf(d)} de "${title}" ${
          ctx.transition === "rechazar"
            ? "fue rechazada"
            : ctx.transition === "expirar"
              ? "venció sin aceptarse"
              : "fue cancelada"
        }. El activo vuelve a estar disponible.`,
        beneficiario: `La donación de "${title}" ya no está disponible.`,
      };
  }
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
    async reservarActivo(ctx) {
      const a = assetOf(ctx);
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "reservar") }));
    },
    async liberarActivo(ctx) {
      const a = assetOf(ctx);
      if (a.status !== "operacion") return;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { status: nextAssetStatus(a, "liberar") }));
    },
    async liberarRetencionActivo(ctx) {
      const a = assetOf(ctx);
      const r = await releaseHold(ctx.tx, {
        refType: "activo",
        refId: a.id,
        actorUserId: ctx.actorUserId,
        // The release window (ADR 015) counts by the deal's clock, as custody does.
        now: ctx.now,
        description: `Donación entregada: "${a.title}"`,
      });
      ctx.result.creditosLiberados = r.amount;
      ctx.setAsset(await updateAsset(ctx.tx, a.id, { vecesUsado: a.vecesUsado + 1, estadoCredito: "liberado" }));
    },
    async transferirPropiedad(ctx) {
      const to = ctx.data.recipientId;
      if (!to) throw conflict(DONATION_MSG.notAvailable);
      // Unlisted under the new owner until they publish it again (ADR 006).
      ctx.setAsset(await updateAsset(ctx.tx, assetOf(ctx).id, { userId: to, privacy: "privado" }));
    },
    async registrarActividad(ctx) {
      const d = ctx.data;
      const l = lines(ctx);
      const gift = !d.community;
      const people: [string, string][] = [[d.donorId, l.donante]];
      if (d.recipientId) people.push([d.recipientId, l.beneficiario]);
      for (const [userId, descripcion] of people) {
        await recordMovement(ctx.tx, {
          userId,
          tipo: gift ? "regalo" : "donacion",
          descripcion,
          valor: userId === d.donorId ? (ctx.result.creditosLiberados ?? 0) : 0,
          assetId: d.assetId,
        });
        await recordTransaction(ctx.tx, {
          userId,
          type: gift ? "regalo" : "donación",
          assetId: d.assetId,
          amountCOP: 0,
          amountCredits: userId === d.donorId ? (ctx.result.creditosLiberados ?? 0) : 0,
          description: `${l.titulo}: ${descripcion}`,
        });
      }
    },
    async notificarPartes(ctx) {
      const d = ctx.data;
      const l = lines(ctx);
      const people: [string, string][] = [[d.donorId, l.donante]];
      if (d.recipientId) people.push([d.recipientId, l.beneficiario]);
      for (const [userId, descripcion] of people) {
        await notify(ctx.tx, {
          userId,
          tipo: `donacion_${ctx.transition}`,
          titulo: l.titulo,
          descripcion,
          relacionadoId: d.assetId,
          relacionadoTipo: "activo",
        });
      }
    },
  },
  async onState(ctx) {
    const closed = ctx.process.states[ctx.to]?.final === true;
    await updateDonation(ctx.tx, ctx.deal.id, {
      status: DONATION_STATUS[ctx.to] ?? "pending",
      ...(closed ? { closedAt: ctx.now, closedBy: ctx.transition } : {}),
    });
  },
};

export const DONATION = DONATION_PROCESS;
