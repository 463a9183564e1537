import { EXCHANGE_MSG, exchangeAssetRefusal } from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { recordMovement, recordTransaction } from "../activity/index.ts";
import { type AssetRow, lockAsset, updateAsset } from "../assets/index.ts";
import type { DealRow, DealsEngine, ProcessHandlers, TransitionContext } from "../deals/index.ts";
import { escrowPay, escrowRefund, escrowRelease, releaseHold } from "../ledger/index.ts";
import { notify } from "../notifications/index.ts";
import {
  closeOffersOfAssets,
  findProposalData,
  type ProposalData,
  pendingProposalsOnAssets,
  updateProposal,
} from "./exchanges.repository.ts";

/**
 * The guards and effects of the exchange processes (EXCHANGE_PROCESS and
 * LOCAL_EXCHANGE_PROCESS in the domain package). A proposal is a deal about
 * no single asset (startDetached): the service locks BOTH assets, in id
 * order, before the engine locks the deal, so the lock order stays assets ->
 * deals -> ledger accounts everywhere (timers lock only the deal and the
 * accounts). Closing the other pending proposals of an accepted pair runs
 * before any ledger movement for the same reason.
 */

type Ctx = TransitionContext<ProposalData>;

const fmt = (n: number) => n.toLocaleString("es-CO");
const REF = "intercambio";

/** Locks the two assets of a proposal in ascending id order (the lock order of every exchange call). */
export async function lockPair(tx: Tx, a: string, b: string): Promise<Map<string, AssetRow>> {
  const out = new Map<string, AssetRow>();
  for (const id of [a, b].sort()) {
    const row = await lockAsset(tx, id);
    if (row) out.set(id, row);
  }
  return out;
}

async function assetsOf(ctx: Ctx) {
  // Already locked by the service in this transaction; re-reading under FOR UPDATE is free.
  const pair = await lockPair(ctx.tx, ctx.data.offeredAssetId, ctx.data.requestedAssetId);
  return { offered: pair.get(ctx.data.offeredAssetId), requested: pair.get(ctx.data.requestedAssetId) };
}

const ref = (ctx: Ctx) => ({ refType: REF, refId: ctx.deal.id, actorUserId: ctx.actorUserId });

function titles(ctx: Ctx) {
  return { ofrecido: ctx.data.offeredTitle ?? "", solicitado: ctx.data.requestedTitle ?? "" };
}

/** What the other person (or both, for the system's transitions) reads. */
function notice(ctx: Ctx): { titulo: string; to: { userId: string; descripcion: string }[] } {
  const p = ctx.data;
  const t = titles(ctx);
  const extra = p.creditosAdicionales > 0 ? ` más ${fmt(p.creditosAdicionales)} créditos` : "";
  const pair = `"${t.ofrecido}"${extra} por "${t.solicitado}"`;
  switch (ctx.transition) {
    case "proponer":
      return {
        titulo: "Nueva propuesta de intercambio",
        to: [{ userId: p.targetUserId, descripcion: `Te proponen intercambiar ${pair}.` }],
      };
    case "aceptar":
      return {
        titulo: "Propuesta aceptada",
        to: [
          {
            userId: p.proposingUserId,
            descripcion: `Aceptaron tu propuesta: ${pair}. "${t.solicitado}" ya es tuyo: lo ves en Mis Activos.`,
          },
        ],
      };
    case "rechazar":
      return {
        titulo: "Propuesta rechazada",
        to: [
          {
            userId: p.proposingUserId,
            descripcion: `Rechazaron tu propuesta ${pair}.${extra ? " Te devolvimos los créditos adicionales." : ""}`,
          },
        ],
      };
    case "cancelar":
      return {
        titulo: "Propuesta cancelada",
        to: [{ userId: p.targetUserId, descripcion: `Se canceló la propuesta de intercambiar ${pair}.` }],
      };
    default: {
      const why =
        ctx.transition === "expirar"
          ? p.tipo === "local"
            ? "expiró (24 horas)"
            : "expiró (7 días)"
          : "se cerró porque uno de los activos ya se intercambió";
      return {
        titulo: ctx.transition === "expirar" ? "Propuesta expirada" : "Propuesta cerrada",
        to: [
          {
            userId: p.proposingUserId,
            descripcion: `Tu propuesta ${pair} ${why}.${extra ? " Te devolvimos los créditos adicionales." : ""}`,
          },
          { userId: p.targetUserId, descripcion: `La propuesta de intercambiar ${pair} ${why}.` },
        ],
      };
    }
  }
}

export function createExchangeHandlers(engine: DealsEngine): ProcessHandlers<ProposalData> {
  return {
    async load(tx: Tx, deal: DealRow) {
      const p = await findProposalData(tx, deal.id);
      if (!p) throw new Error(`exchanges: record of deal ${deal.id} missing`);
      return p;
    },

    guards: {
      async activosDisponibles(ctx) {
        const p = ctx.data;
        const { offered, requested } = await assetsOf(ctx);
        const creating = ctx.transition === "proponer";
        const req = exchangeAssetRefusal(requested, p.targetUserId, creating ? "solicitado" : "ofrecido");
        if (req === "no_existe") throw notFound(EXCHANGE_MSG.requestedUnavailable);
        if (req === "no_es_del_dueno")
          throw conflict(creating ? EXCHANGE_MSG.targetMismatch : EXCHANGE_MSG.requestedUnavailable);
        if (req === "no_disponible") throw conflict(EXCHANGE_MSG.requestedUnavailable);
        const off = exchangeAssetRefusal(offered, p.proposingUserId, "ofrecido");
        if (off === "no_existe" || off === "no_es_del_dueno") {
          throw creating ? forbidden(EXCHANGE_MSG.offeredNotYours) : conflict(EXCHANGE_MSG.offeredUnavailable);
        }
        if (off === "no_disponible") throw conflict(EXCHANGE_MSG.offeredUnavailable);
      },
    },

    effects: {
      async cobrarCreditosAdicionales(ctx) {
        const p = ctx.data;
        if (p.creditosAdicionales <= 0) return;
        await escrowPay(ctx.tx, {
          userId: p.proposingUserId,
          amount: p.creditosAdicionales,
          ...ref(ctx),
          description: `Créditos adicionales de tu propuesta por "${titles(ctx).solicitado}"`,
        });
      },

      async cerrarOtrasPropuestas(ctx) {
        const p = ctx.data;
        const assetIds = [p.offeredAssetId, p.requestedAssetId];
        for (const id of await pendingProposalsOnAssets(ctx.tx, assetIds, p.id)) {
          await engine.apply(ctx.tx, { dealId: id, transition: "cerrar", actor: { system: true } });
        }
        await closeOffersOfAssets(ctx.tx, assetIds, ctx.now);
      },

      async intercambiarActivos(ctx) {
        const p = ctx.data;
        const { offered, requested } = await assetsOf(ctx);
        if (!offered || !requested) throw conflict(EXCHANGE_MSG.requestedUnavailable);
        let liberados = 0;
        for (const [asset, newOwner] of [
          [offered, p.targetUserId],
          [requested, p.proposingUserId],
        ] as const) {
          // The asset's hold goes to the one who gave it (its owner until now), once.
          const r = await releaseHold(ctx.tx, {
            refType: "activo",
            refId: asset.id,
            actorUserId: ctx.actorUserId,
            // The release window (ADR 015) counts by the deal's clock, as custody does.
            now: ctx.now,
            description: `Intercambio completado con "${asset.title}"`,
          });
          liberados += r.amount;
          // The new owner gets it disponible and unlisted (privado) until they publish it again (ADR 006).
          await updateAsset(ctx.tx, asset.id, {
            userId: newOwner,
            status: "disponible",
            privacy: "privado",
            vecesUsado: asset.vecesUsado + 1,
            estadoCredito: "liberado",
          });
        }
        ctx.result.creditosLiberados = liberados;
      },

      async pagarCreditosAdicionales(ctx) {
        const p = ctx.data;
        if (p.creditosAdicionales <= 0) return;
        await escrowRelease(ctx.tx, {
          now: ctx.now,
          userId: p.targetUserId,
          amount: p.creditosAdicionales,
          ...ref(ctx),
          description: `Créditos adicionales del intercambio por "${titles(ctx).solicitado}"`,
        });
      },

      async reembolsarCreditosAdicionales(ctx) {
        const p = ctx.data;
        if (p.creditosAdicionales <= 0) return;
        await escrowRefund(ctx.tx, {
          now: ctx.now,
          userId: p.proposingUserId,
          amount: p.creditosAdicionales,
          ...ref(ctx),
          description: `Devolución de los créditos adicionales de tu propuesta por "${titles(ctx).solicitado}"`,
        });
      },

      async registrarActividad(ctx) {
        const p = ctx.data;
        const t = titles(ctx);
        const c = p.creditosAdicionales;
        if (ctx.transition === "proponer") {
          await recordMovement(ctx.tx, {
            userId: p.proposingUserId,
            tipo: "intercambio-propuesta",
            descripcion: `Propusiste "${t.ofrecido}" por "${t.solicitado}"${c > 0 ? ` con ${fmt(c)} créditos adicionales en custodia` : ""}`,
            valor: -c,
            assetId: p.requestedAssetId,
          });
          return;
        }
        if (ctx.transition === "aceptar") {
          for (const [userId, gave, got, valor] of [
            [p.proposingUserId, t.ofrecido, t.solicitado, 0],
            [p.targetUserId, t.solicitado, t.ofrecido, c],
          ] as const) {
            const descripcion = `Intercambiaste "${gave}" por "${got}"${c > 0 ? ` (${fmt(c)} créditos adicionales)` : ""}`;
            await recordMovement(ctx.tx, { userId, tipo: "intercambio", descripcion, valor, assetId: null });
            await recordTransaction(ctx.tx, {
              userId,
              type: "intercambio",
              assetId: userId === p.proposingUserId ? p.requestedAssetId : p.offeredAssetId,
              amountCOP: 0,
              amountCredits: c,
              description: `Intercambio: ${descripcion}`,
            });
          }
          return;
        }
        if (c > 0) {
          await recordMovement(ctx.tx, {
            userId: p.proposingUserId,
            tipo: "intercambio-propuesta",
            descripcion: `Devolución de ${fmt(c)} créditos adicionales: la propuesta por "${t.solicitado}" terminó (${ctx.to})`,
            valor: c,
            assetId: p.requestedAssetId,
          });
        }
      },

      async notificarOtraParte(ctx) {
        const n = notice(ctx);
        for (const { userId, descripcion } of n.to) {
          // relacionadoTipo 'propuesta': the bell opens /intercambiar on the receiver's tab
          // (tipo tells which: intercambio_recibida -> recibidas, intercambio_enviada -> enviadas).
          const side = userId === ctx.data.targetUserId ? "recibida" : "enviada";
          await notify(ctx.tx, {
            userId,
            tipo: `intercambio_${side}`,
            titulo: n.titulo,
            descripcion,
            relacionadoId: ctx.data.id,
            relacionadoTipo: "propuesta",
          });
        }
      },
    },

    async onState(ctx) {
      const closed = ctx.process.states[ctx.to]?.final === true;
      await updateProposal(ctx.tx, ctx.deal.id, {
        estado: ctx.to,
        ...(closed ? { closedAt: ctx.now, expiresAt: null } : {}),
      });
    },
  };
}
