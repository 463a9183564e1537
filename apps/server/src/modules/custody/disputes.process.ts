import { DISPUTE_MOTIVO_LABELS, DISPUTE_MOTIVOS, type DisputeFields } from "@valoriza/domain";
import { z } from "zod";
import { inputOf, type TransitionContext } from "../deals/index.ts";
import type { CustodyRow } from "./custody.repository.ts";
import { insertDispute, resolveOpenDispute } from "./disputes.repository.ts";

/**
 * The custody process's dispute steps (issue 19 part 2), self-contained: the custom effects
 * `abrirDisputa` and `cerrarDisputa` and the fields the dispute templates read (custody.templates.ts).
 * Refund and release reuse the custody's own library effects (those of the expiry and of the
 * confirmation); these only keep the dispute record.
 */

type Ctx = TransitionContext<CustodyRow>;

/** Input of `disputar` (the service re-encoded the photos before the transaction). */
const openDisputeSchema = z.object({
  disputeId: z.string(),
  motivo: z.enum(DISPUTE_MOTIVOS),
  descripcion: z.string(),
  imagenes: z.array(z.object({ mime: z.string(), bytes: z.instanceof(Buffer) })),
});
export type OpenDisputeStep = z.output<typeof openDisputeSchema>;
/** Input of `reembolsar` and `liberar`. */
const resolveDisputeSchema = z.object({ nota: z.string() });
export type ResolveDisputeStep = z.output<typeof resolveDisputeSchema>;
/** What the texts read of any custody step's input (only the dispute steps have these). */
const textInputSchema = z.object({ motivo: z.enum(DISPUTE_MOTIVOS).optional(), nota: z.string().optional() });

export async function abrirDisputa(ctx: Ctx): Promise<void> {
  const input = inputOf(ctx, openDisputeSchema);
  await insertDispute(
    ctx.tx,
    {
      id: input.disputeId,
      custodiaId: ctx.deal.id,
      abiertaPor: ctx.actorUserId ?? "",
      rol: ctx.role === "oferente" ? "oferente" : "receptor",
      motivo: input.motivo,
      descripcion: input.descripcion,
      createdAt: ctx.now,
    },
    input.imagenes,
  );
}

export async function cerrarDisputa(ctx: Ctx): Promise<void> {
  const { nota } = inputOf(ctx, resolveDisputeSchema);
  const row = await resolveOpenDispute(ctx.tx, ctx.deal.id, {
    // The decision is where the custody goes: confirmed (released to the offerer) or cancelled (refunded).
    resultado: ctx.to === "confirmada" ? "liberar" : "reembolsar",
    nota,
    resueltaPor: ctx.actorUserId,
    resueltaEn: ctx.now,
  });
  if (!row) throw new Error(`custody: deal ${ctx.deal.id} has no open dispute to resolve`);
}

/** The dispute's fields for the templates: who opened it, why, the admin's note. */
export function disputeFields(ctx: Ctx): DisputeFields {
  const { motivo, nota } = inputOf(ctx, textInputSchema);
  return {
    abrioOferente: ctx.role === "oferente",
    motivoTexto: motivo ? DISPUTE_MOTIVO_LABELS[motivo] : "",
    nota: nota ?? "",
  };
}
