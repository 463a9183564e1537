import { nextAssetStatus, renderText } from "@valoriza/domain";
import { lockAssets, patchAsset } from "../../assets/index.ts";
import { destroyHold, releaseHold } from "../../ledger/index.ts";
import { listOpenDealsForAsset } from "../deals.repository.ts";
import { assetOf, type EffectRun, requiredParty, stringField } from "./context.ts";

/** The asset family: the deal's locked asset reserved, released, its credits freed, given away (ADR 026). */
export const assetEffects = {
  async "asset.reserve"({ ctx }: EffectRun<"asset.reserve">) {
    const a = assetOf(ctx);
    if (a.status === "operacion") return;
    ctx.setAsset(await patchAsset(ctx.tx, a, { status: nextAssetStatus(a, "reservar") }));
  },
  async "asset.release"({ ctx, spec }: EffectRun<"asset.release">) {
    const a = assetOf(ctx);
    if (a.status !== "operacion") return;
    if (spec.unlessOtherDeals) {
      const open = await listOpenDealsForAsset(ctx.tx, a.id);
      if (open.some((d) => d.id !== ctx.deal.id)) return;
    }
    ctx.setAsset(await patchAsset(ctx.tx, a, { status: nextAssetStatus(a, "liberar") }));
  },
  /** The first completed deal of the asset releases its blocked credits to the owner; later ones nothing. */
  async "asset.releaseHold"({ ctx, spec, fields }: EffectRun<"asset.releaseHold">) {
    const a = assetOf(ctx);
    const r = await releaseHold(ctx.tx, {
      refType: "activo",
      refId: a.id,
      actorUserId: ctx.actorUserId,
      // The release window (ADR 015) counts by the deal's clock.
      now: ctx.now,
      description: renderText(spec.description, fields),
      // Credits still blocked: the rule's reads travel with the release (one round trip).
      ...(a.estadoCredito !== "liberado" ? { expectedOwner: a.userId } : {}),
    });
    ctx.result.creditosLiberados = r.amount;
    if (r.enRevision) ctx.result.creditosEnRevision = r.enRevision;
    ctx.setAsset(await patchAsset(ctx.tx, a, { vecesUsado: a.vecesUsado + 1, estadoCredito: "liberado" }));
  },
  /** The credits the asset still blocks are destroyed (its owner never gets them), estadoCredito liberado. */
  async "asset.destroyHold"({ ctx, spec, fields }: EffectRun<"asset.destroyHold">) {
    const a = assetOf(ctx);
    const r = await destroyHold(ctx.tx, {
      refType: "activo",
      refId: a.id,
      actorUserId: ctx.actorUserId,
      description: renderText(spec.description, fields),
    });
    if (spec.result) ctx.result[spec.result] = r.amount;
    ctx.setAsset(await patchAsset(ctx.tx, a, { estadoCredito: "liberado" }));
  },
  /** The new owner gets it unlisted (privado: out of the feed, not purchasable) until they publish it (ADR 006). */
  async "asset.transfer"({ ctx, spec }: EffectRun<"asset.transfer">) {
    const to = requiredParty(ctx, spec.to);
    ctx.setAsset(await patchAsset(ctx.tx, assetOf(ctx), { userId: to, privacy: "privado" }));
  },
  async "asset.swap"({ ctx, spec, fields }: EffectRun<"asset.swap">) {
    const [a, b] = [stringField(fields, spec.a) ?? "", stringField(fields, spec.b) ?? ""];
    // Locked by the caller before the deal (the lock order of two-asset calls); one ordered re-read.
    const rows = await lockAssets(ctx.tx, [a, b]);
    let liberados = 0;
    for (const [id, role] of [
      [a, spec.aTo],
      [b, spec.bTo],
    ] as const) {
      const asset = rows.get(id);
      if (!asset) throw new Error(`deals: ${ctx.process.name} ${ctx.deal.id} swaps a missing asset ${id}`);
      // The asset's hold goes to the one who gave it (its owner until now), once; by the deal's clock.
      const r = await releaseHold(ctx.tx, {
        refType: "activo",
        refId: id,
        actorUserId: ctx.actorUserId,
        now: ctx.now,
        description: renderText(spec.description, { ...fields, titulo: asset.title }),
        ...(asset.estadoCredito !== "liberado" ? { expectedOwner: asset.userId } : {}),
      });
      liberados += r.amount;
      await patchAsset(ctx.tx, asset, {
        userId: requiredParty(ctx, role),
        status: "disponible",
        privacy: "privado",
        vecesUsado: asset.vecesUsado + 1,
        estadoCredito: "liberado",
      });
    }
    ctx.result.creditosLiberados = liberados;
  },
};
