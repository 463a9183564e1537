-- Issue 20 (search that finds, favourites). Other work may append below.

-- The home search also finds an asset by its city and department, accent- and case-insensitively
-- ("medellin" finds Medellín): the same folding as users.search_name (0003) and the domain's
-- normalizeSearch for Spanish letters. Generated, so every write of the place keeps it right.
ALTER TABLE "assets" ADD COLUMN IF NOT EXISTS "search_place" text GENERATED ALWAYS AS (
	lower(translate("ciudad" || ' ' || "departamento",
		'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç',
		'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assets_search_place_trgm_idx" ON "assets" USING gin ("search_place" gin_trgm_ops) WHERE "status" <> 'desactivado';
--> statement-breakpoint
-- Favourites (modules/favorites): one row per person and asset; a repeat is a no-op.
CREATE TABLE IF NOT EXISTS "favorites" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_pkey" PRIMARY KEY ("user_id", "asset_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorites_user_created_idx" ON "favorites" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favorites_asset_idx" ON "favorites" USING btree ("asset_id");
