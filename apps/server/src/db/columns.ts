import { bigint, timestamp } from "drizzle-orm/pg-core";

/** Column helpers shared by the tables in db/schema/. */
export const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const money = (name: string) => bigint(name, { mode: "number" });
