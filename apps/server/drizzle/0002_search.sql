-- Accent- and case-insensitive search over assets.search_text (normalized by the
-- domain package: lower-case, no accents). A trigram index makes
-- `search_text LIKE '%q%'` an index scan instead of a scan of every asset.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assets_search_trgm_idx" ON "assets" USING gin ("search_text" gin_trgm_ops) WHERE "status" <> 'desactivado';
