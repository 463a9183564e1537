/**
 * Reviews (issue 19 part 1): written only by modules/reviews. Migration drizzle/0023_reviews.sql.
 * A review belongs to a review round, a 'resena' deal of the process engine whose `parent_id` is the
 * completed deal it is about (the round's facts are its deal's: parties, parent, opening date). A
 * review is hidden until `publishedAt` (double-blind: both reviewed, or the round's 14 days ended).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../columns.ts";
import { deals } from "./deals.ts";
import { users } from "./users.ts";

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey(),
    /** The 'resena' deal (the round). */
    roundId: uuid("round_id")
      .notNull()
      .references(() => deals.id),
    autorId: uuid("autor_id")
      .notNull()
      .references(() => users.id),
    destinatarioId: uuid("destinatario_id")
      .notNull()
      .references(() => users.id),
    puntuacion: smallint("puntuacion").notNull(),
    comentario: text("comentario").notNull().default(""),
    createdAt: createdAt(),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("reviews_one_per_author").on(t.roundId, t.autorId),
    index("reviews_published_idx").on(t.destinatarioId, t.publishedAt).where(sql`${t.publishedAt} is not null`),
    check("reviews_puntuacion", sql`${t.puntuacion} between 1 and 5`),
    check("reviews_comentario", sql`char_length(${t.comentario}) <= 1000`),
  ],
);
