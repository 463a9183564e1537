import { type MessageTemplate, renderText, templateKey, templateRoles, tituloOf } from "@valoriza/domain";
import { isMovimientoTipo, isTransaccionTipo, recordMovement, recordTransaction } from "../../activity/index.ts";
import { notify } from "../../notifications/index.ts";
import type { TransitionContext } from "../deals.engine.ts";
import { type EffectRun, numberField, partyOf, stringField } from "./context.ts";

/** The messages family: notifications and activity rows written from the table's templates (ADR 026). */

function templateOf(ctx: TransitionContext<unknown>, spec: { template?: string }): MessageTemplate {
  const key = templateKey(spec, ctx.transition);
  const t = ctx.process.templates?.[key];
  if (!t) throw new Error(`deals: ${ctx.process.name} has no template ${key}`);
  return t;
}

/** Each party the template speaks to (vacant roles skipped), with its text and value, in order. */
function linesOf(r: {
  ctx: TransitionContext<unknown>;
  spec: { template?: string; to?: readonly string[]; whenRole?: Readonly<Record<string, string>> };
  fields: Readonly<Record<string, unknown>>;
}) {
  const t = templateOf(r.ctx, r.spec);
  const out: { userId: string; role: string; titulo: string; texto: string; valor: number }[] = [];
  for (const role of templateRoles(r.spec, t)) {
    const userId = partyOf(r.ctx, role);
    const texto = t.texto[role];
    const when = r.spec.whenRole?.[role];
    if (!userId || texto === undefined || (when !== undefined && r.fields[when] !== true)) continue;
    const titulo = renderText(tituloOf(t, role), r.fields);
    out.push({ userId, role, titulo, texto: renderText(texto, r.fields), valor: t.valor?.[role]?.(r.fields) ?? 0 });
  }
  return out;
}

/** Where the bell leads: the asset ('activo'), the parent deal with no type ('padre'), else the deal. */
function linkOf(ctx: TransitionContext<unknown>, relacionado: EffectRun<"notify">["spec"]["relacionado"]) {
  if (relacionado === "padre") return { relacionadoId: ctx.deal.parentId ?? null, relacionadoTipo: null };
  return {
    relacionadoId: relacionado === "activo" ? (ctx.deal.assetId ?? ctx.deal.id) : ctx.deal.id,
    relacionadoTipo: relacionado,
  };
}

export const messageEffects = {
  async notify(r: EffectRun<"notify">) {
    const lines = linesOf(r);
    const { ctx, spec } = r;
    for (const l of lines) {
      const tipo = typeof spec.tipo === "string" ? spec.tipo : spec.tipo[l.role];
      if (tipo === undefined) throw new Error(`deals: ${ctx.process.name} notify has no tipo for ${l.role}`);
      await notify(ctx.tx, {
        userId: l.userId,
        tipo: renderText(tipo, r.fields),
        titulo: l.titulo,
        descripcion: l.texto,
        ...linkOf(ctx, spec.relacionado),
      });
    }
  },

  async activity(r: EffectRun<"activity">) {
    const lines = linesOf(r);
    const { ctx, spec, fields } = r;
    const movimiento = renderText(spec.movimiento, fields);
    if (!isMovimientoTipo(movimiento)) throw new Error(`deals: tipo de movimiento desconocido ${movimiento}`);
    const transaccion = spec.transaccion === null ? null : renderText(spec.transaccion, fields);
    if (transaccion !== null && !isTransaccionTipo(transaccion))
      throw new Error(`deals: tipo de transacción desconocido ${transaccion}`);
    const assetId = spec.activo ? stringField(fields, spec.activo) : undefined;
    for (const l of lines) {
      const perRole = spec.activoTransaccion?.[l.role];
      await recordMovement(ctx.tx, {
        userId: l.userId,
        tipo: movimiento,
        descripcion: l.texto,
        valor: l.valor,
        assetId,
      });
      if (transaccion === null) continue;
      await recordTransaction(ctx.tx, {
        userId: l.userId,
        type: transaccion,
        assetId: perRole ? stringField(fields, perRole) : assetId,
        amountCOP: spec.cop ? numberField(fields, spec.cop) : 0,
        amountCredits: spec.creditos ? numberField(fields, spec.creditos) : Math.abs(l.valor),
        description: spec.conTitulo ? `${l.titulo}: ${l.texto}` : l.texto,
      });
    }
  },
};
