-- Push and mail notifications (issue 20 items 2 and 3, ADR 022): the browsers subscribed to Web Push,
-- each person's preferences (no row: the defaults), the outbox of notifications to deliver (one row
-- per in-app notification, written in the same statement as the notification), the outbox of pushes
-- (one per notification and subscription; claimed with FOR UPDATE SKIP LOCKED like mail_outbox),
-- the daily digests already sent (one per person and day), the jobs scheduled in the database (the
-- daily digest), and the List-Unsubscribe header of notification mails.
CREATE TABLE "push_subscriptions" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_success_at" timestamp with time zone,
  CONSTRAINT "push_subscriptions_endpoint_key" UNIQUE ("endpoint")
);
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "correo" text DEFAULT 'inmediato' NOT NULL,
  "push" boolean DEFAULT true NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_preferences_correo_check" CHECK ("correo" IN ('inmediato', 'diario', 'nunca'))
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
  "id" uuid PRIMARY KEY NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "tipo" text NOT NULL,
  "titulo" text NOT NULL,
  "descripcion" text NOT NULL,
  "url" text NOT NULL,
  "tag" text NOT NULL,
  "chat_id" uuid,
  "status" text DEFAULT 'pendiente' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_outbox_status_check" CHECK ("status" IN ('pendiente', 'resumen'))
);
--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("created_at") WHERE "status" = 'pendiente';
--> statement-breakpoint
CREATE INDEX "notification_outbox_digest_idx" ON "notification_outbox" USING btree ("user_id", "created_at") WHERE "status" = 'resumen';
--> statement-breakpoint
CREATE TABLE "push_outbox" (
  "id" uuid PRIMARY KEY NOT NULL,
  "subscription_id" uuid NOT NULL REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
  "payload" text NOT NULL,
  "status" text DEFAULT 'pendiente' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "push_outbox_status_check" CHECK ("status" IN ('pendiente', 'fallido'))
);
--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE "status" = 'pendiente';
--> statement-breakpoint
CREATE INDEX "push_outbox_subscription_idx" ON "push_outbox" USING btree ("subscription_id");
--> statement-breakpoint
CREATE TABLE "notification_digests" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "dia" date NOT NULL,
  "avisos" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_digests_pkey" PRIMARY KEY ("user_id", "dia")
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
  "name" text PRIMARY KEY NOT NULL,
  "next_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;
