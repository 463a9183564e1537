-- Issue 15 (deals): a donation remembers whether it is a gift and which step closed it, so both
-- parties read "Regalo recibido" / "Rechazado" instead of the donation's words.
ALTER TABLE "donations" ADD COLUMN "kind" text DEFAULT 'donacion' NOT NULL;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "closed_by" text;
