CREATE TABLE IF NOT EXISTS "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "auth_throttle_failures_positive" CHECK ("failures" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_throttle_last_failure_idx" ON "auth_throttle" USING btree ("last_failure_at");
--> statement-breakpoint
-- The home search promises "activos o personas": owners' names are searchable
-- too, accent- and case-insensitively like assets.search_text (same folding
-- as normalizeSearch in the domain package for Spanish letters). Generated, so
-- every insert and update of a name keeps it right without application code.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "search_name" text GENERATED ALWAYS AS (
	lower(translate("name" || ' ' || "apellido",
		'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
		'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);
