import {
  type CustodyTransactionType,
  DISPUTE_MOTIVO_LABELS,
  type DisputeMotivo,
  OWNERSHIP_TRANSFER_TYPES,
} from "@valoriza/domain";
import type { TransitionContext } from "../deals/index.ts";
import type { CustodyRow } from "./custody.repository.ts";
import { insertDispute, resolveOpenDispute } from "./disputes.repository.ts";

/**
 * The custody process's dispute steps (issue 19 part 2), self-contained: the effects `abrirDisputa`
 * and `cerrarDisputa`, and what each party reads for `disputar`, `reembolsar` and `liberar`
 * (custody.process.ts's `lines` asks here first). Refund and release reuse the custody's own
 * effects (those of the expiry and of the confirmation); these only keep the dispute record.
 */

type Ctx = TransitionContext<CustodyRow>;

/** Input of `disputar` (the service re-encoded the photos before the transaction). */
export interface OpenDisputeStep {
  disputeId: string;
  motivo: DisputeMotivo;
  descripcion: string;
  imagenes: { mime: string; bytes: Buffer }[];
}
/** Input of `reembolsar` and `liberar`. */
export interface ResolveDisputeStep {
  nota: string;
}

const fmt = (n: number) => n.toLocaleString("es-CO");

export async function abrirDisputa(ctx: Ctx): Promise<void> {
  const input = ctx.input as OpenDisputeStep;
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
  const { nota } = ctx.input as ResolveDisputeStep;
  const row = await resolveOpenDispute(ctx.tx, ctx.deal.id, {
    resultado: ctx.transition === "liberar" ? "liberar" : "reembolsar",
    nota,
    resueltaPor: ctx.actorUserId,
    resueltaEn: ctx.now,
  });
  if (!row) throw new Error(`custody: deal ${ctx.deal.id} has no open dispute to resolve`);
}

/** What each party reads (activity and notifications) for the dispute transitions; null for the others. */
export function disputeLines(ctx: Ctx) {
  const c = ctx.data;
  const title = ctx.asset?.title ?? "";
  const pago = c.pagoCreditos;
  if (ctx.transition === "disputar") {
    const { motivo } = ctx.input as OpenDisputeStep;
    const why = DISPUTE_MOTIVO_LABELS[motivo] ?? motivo;
    const rest =
      "El equipo de Valoriza revisará el caso y el chat entre ustedes sobre este activo; mientras tanto no se puede confirmar ni cancelar.";
    const opener = `Abriste una disputa sobre "${title}" (${why}). ${rest}`;
    const other = `Se abrió una disputa sobre "${title}" (${why}). ${rest}`;
    return {
      titulo: "Custodia en disputa",
      oferente: ctx.role === "oferente" ? opener : other,
      receptor: ctx.role === "receptor" ? opener : other,
      valorOferente: 0,
      valorReceptor: 0,
    };
  }
  if (ctx.transition !== "reembolsar" && ctx.transition !== "liberar") return null;
  const nota = `Nota del equipo: ${(ctx.input as ResolveDisputeStep).nota}`;
  const head = `El equipo de Valoriza resolvió la disputa de "${title}"`;
  if (ctx.transition === "reembolsar") {
    return {
      titulo: "Disputa resuelta: reembolso",
      oferente: `${head}: se reembolsa a quien recibe y el activo vuelve a estar disponible para ti. ${nota}`,
      receptor: `${head}: ${pago > 0 ? `te devolvimos ${fmt(pago)} créditos` : "la custodia se cancela"}. ${nota}`,
      valorOferente: 0,
      valorReceptor: pago,
    };
  }
  const liberados = ctx.result.creditosLiberados ?? 0;
  const enRevision = ctx.result.creditosEnRevision ?? 0;
  const transfers = OWNERSHIP_TRANSFER_TYPES.includes(c.tipoTransaccion as CustodyTransactionType);
  return {
    titulo: "Disputa resuelta: pago liberado",
    oferente: `${head}: la entrega queda confirmada${pago > 0 ? ` y recibiste ${fmt(pago)} créditos` : ""}${
      liberados > 0 ? `; se liberaron ${fmt(liberados)} créditos del activo` : ""
    }.${enRevision > 0 ? ` ${fmt(enRevision)} créditos del activo quedan en revisión: en tu billetera ves por qué y cuándo se liberan.` : ""} ${nota}`,
    receptor: `${head}: la entrega queda confirmada${transfers ? " y el activo ya es tuyo: lo ves en Mis Activos" : ""}. ${nota}`,
    valorOferente: pago + liberados,
    valorReceptor: 0,
  };
}
