-- Mail and account tokens (issue 16, ADR 017): the outbox of mails (sent by a worker in every
-- process, each row claimed with FOR UPDATE SKIP LOCKED), the one-use links of verification and
-- password reset (only their SHA-256 is stored), the sessions ended by 'Salir', and the counters
-- of @fastify/rate-limit (sign-ups per client address), shared by every process.
CREATE TABLE "mail_outbox" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid,
  "to_address" text NOT NULL,
  "template" text NOT NULL,
  "subject" text NOT NULL,
  "html" text NOT NULL,
  "text_body" text NOT NULL,
  "link" text,
  "status" text DEFAULT 'pendiente' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pendiente', 'enviado', 'fallido'))
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "status" = 'pendiente';
--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "account_tokens" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "purpose" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "account_tokens_purpose_check" CHECK ("purpose" IN ('verificar_email', 'restablecer_contrasena'))
);
--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id", "purpose");
--> statement-breakpoint
CREATE TABLE "revoked_sessions" (
  "jti" text PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_sessions_user_idx" ON "revoked_sessions" USING btree ("user_id", "expires_at");
--> statement-breakpoint
-- A session ended by 'Salir': every process drops its cached row of that user (lib/session-cache.ts)
-- and reads the revoked sessions again.
CREATE FUNCTION revoked_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('valoriza_sesiones', NEW.user_id::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER revoked_sessions_changed_row
  AFTER INSERT ON "revoked_sessions"
  FOR EACH ROW EXECUTE FUNCTION revoked_sessions_changed();
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
  "key" text PRIMARY KEY NOT NULL,
  "hits" integer NOT NULL,
  "reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_reset_idx" ON "rate_limit_hits" USING btree ("reset_at");
