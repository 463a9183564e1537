/**
 * Reviews (issue 19 part 1): written only by modules/reviews. Migration drizzle/0023_reviews.sql.
 * A review round is the record of a 'resena' deal (its id is the deal's id): the completed deal it
 * is about (`operacionId`, one round per deal) and until when its parties may review. A review is
 * hidden until `publishedAt` (double-blind: both reviewed, or the round's 14 days ended).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { assets } from "./assets.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const reviewRounds = pgTable(
  "review_rounds",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => deals.id),
    operacionId: uuid("operacion_id")
      .notNull()
      .references(() => deals.id),
    assetId: uuid("asset_id").references(() => assets.id),
    /** When the reviewed deal completed. */
    completedAt: ts("completed_at").notNull(),
    /** The last moment a party may review (the round's 'plazo' timer fires then). */
    closesAt: ts("closes_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("review_rounds_operacion_key").on(t.operacionId)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => reviewRounds.id),
    autorId: uuid("autor_id")
      .notNull()
      .references(() => users.id),
    destinatarioId: uuid("destinatario_id")
      .notNull()
      .references(() => users.id),
    puntuacion: smallint("puntuacion").notNull(),
    comentario: text("comentario").notNull().default(""),
    createdAt: createdAt(),
    publishedAt: ts("published_at"),
  },
  (t) => [
    uniqueIndex("reviews_one_per_author").on(t.roundId, t.autorId),
    index("reviews_published_idx").on(t.destinatarioId, t.publishedAt).where(sql`${t.publishedAt} is not null`),
    check("reviews_puntuacion", sql`${t.puntuacion} between 1 and 5`),
    check("reviews_comentario", sql`char_length(${t.comentario}) <= 1000`),
  ],
);
