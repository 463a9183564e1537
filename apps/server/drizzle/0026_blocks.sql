-- Blocks (issue 19 part 4): who blocked whom. The primary key answers "did I block them", the
-- reverse index "did they block me": the feed's filter and every meeting check are index lookups.
-- Deleting an account deletes its blocks both ways. Runs unchanged on PGlite and PostgreSQL 15.
CREATE TABLE IF NOT EXISTS "blocks" (
	"blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blocks_blocker_created_idx" ON "blocks" USING btree ("blocker_id","created_at");
