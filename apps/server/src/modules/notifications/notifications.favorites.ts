import { randomUUID } from "node:crypto";
import type { LiveEvent } from "@valoriza/domain";
import { formatNumber } from "@valoriza/domain";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { favorites, notificationOutbox, notifications } from "../../db/schema/index.ts";
import { type BatchPart, writeOrDefer } from "../../lib/batch.ts";
import { EVENTS_CHANNEL } from "../events/index.ts";
import { deliveryTag, deliveryUrl } from "./notifications.repository.ts";

/** Why the people who keep an asset as a favourite hear about it (issue 20). */
export type FavoriteChange = "vendido" | "retirado" | "mas_barato";

export interface FavoriteChangeInput {
  assetId: string;
  /** The asset's owner before the change: never told about their own asset. */
  ownerId: string;
  title: string;
  change: FavoriteChange;
  /** For 'mas_barato': the value before and after, in COP. */
  before?: number;
  after?: number;
}

const fmt = (n: number) => `$${formatNumber(n)} COP`;

function message(i: FavoriteChangeInput): { tipo: string; titulo: string; descripcion: string; linked: boolean } {
  switch (i.change) {
    case "vendido":
      return {
        tipo: "favorito_vendido",
        titulo: "Un favorito ya tiene otro dueño",
        descripcion: `"${i.title}", que guardaste en favoritos, cambió de dueño y ya no está disponible.`,
        linked: true,
      };
    case "retirado":
      return {
        tipo: "favorito_retirado",
        titulo: "Un favorito fue retirado",
        descripcion: `Su dueño retiró "${i.title}", que guardaste en favoritos. Ya no está disponible.`,
        linked: false,
      };
    case "mas_barato":
      return {
        tipo: "favorito_mas_barato",
        titulo: "Un favorito bajó de valor",
        descripcion:
          i.before !== undefined && i.after !== undefined
            ? `"${i.title}", que guardaste en favoritos, ahora vale ${fmt(i.after)} (antes ${fmt(i.before)}).`
            : `"${i.title}", que guardaste en favoritos, bajó de valor.`,
        linked: true,
      };
  }
}

/**
 * Tells everyone who keeps the asset as a favourite (but its owner) that it was sold, withdrawn or
 * got cheaper: one notification each and the bell's live event, as two parts of one statement with
 * no read first (the favourites are selected by the statement itself), so a deal step's deferred
 * writes (lib/batch.ts) carry them without an extra round trip. Call it inside the transaction of
 * the change: the notifications exist exactly when the change committed.
 */
export function favoriteChangeParts(input: FavoriteChangeInput): BatchPart[] {
  const m = message(input);
  const fans: SQL = sql`from ${favorites} where ${favorites.assetId} = ${input.assetId}::uuid and ${favorites.userId} <> ${input.ownerId}::uuid`;
  // Each notification's id is derived from this call's nonce and the person, so the push/mail
  // delivery row (issue 20), written by another part of the same statement (which cannot read this
  // part's rows), gets the same id.
  const nonce = randomUUID();
  const idOf = sql`md5(${nonce} || ${favorites.userId}::text)::uuid`;
  const rows: BatchPart = {
    sql: sql`insert into ${notifications} (id, user_id, tipo, titulo, descripcion, relacionado_id, relacionado_tipo)
      select ${idOf}, ${favorites.userId}, ${m.tipo}, ${m.titulo}, ${m.descripcion},
        ${m.linked ? input.assetId : null}::uuid, ${m.linked ? "activo" : null}::text ${fans}`,
  };
  const link = {
    tipo: m.tipo,
    relacionadoTipo: m.linked ? "activo" : null,
    relacionadoId: m.linked ? input.assetId : null,
  };
  const tag = m.linked ? deliveryTag("", link) : null;
  const delivery: BatchPart = {
    sql: sql`insert into ${notificationOutbox} (id, user_id, tipo, titulo, descripcion, url, tag)
      select ${idOf}, ${favorites.userId}, ${m.tipo}, ${m.titulo}, ${m.descripcion}, ${deliveryUrl(link)},
        coalesce(${tag}::text, 'notificacion:' || ${idOf}::text) ${fans}`,
  };
  // The live event's envelope (events.hub.ts) for the same people; no row (nobody to tell) when none.
  const event: LiveEvent = { tipo: "notificacion" };
  const live: BatchPart = {
    sql: sql`select live_publish(${EVENTS_CHANNEL}, json_build_object('u', json_agg(lower(${favorites.userId}::text)), 'e', ${JSON.stringify(event)}::json)::text)::text as done
      ${fans} having count(*) > 0`,
    returns: true,
  };
  return [rows, delivery, live];
}

/** {@link favoriteChangeParts} now, or at the end of the running deal step (lib/batch.ts). */
export async function notifyFavoriteChange(tx: Executor, input: FavoriteChangeInput): Promise<void> {
  await writeOrDefer(tx, favoriteChangeParts(input));
}
