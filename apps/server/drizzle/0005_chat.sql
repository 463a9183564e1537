-- Chat (one conversation per asset and pair of users) and live events.
-- Owned by the chat and events modules (apps/server/src/modules/chat, .../events);
-- see docs/adr/007-chat-and-live-events.md.
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

-- user_a < user_b: the pair is stored in one order, so "one chat per asset and
-- pair" is a plain unique index, and a chat with oneself cannot exist.
CREATE TABLE IF NOT EXISTS "chats" (
  "id" uuid PRIMARY KEY NOT NULL,
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "user_a" uuid NOT NULL REFERENCES "users"("id"),
  "user_b" uuid NOT NULL REFERENCES "users"("id"),
  "started_by" uuid NOT NULL REFERENCES "users"("id"),
  "last_read_a" bigint NOT NULL DEFAULT 0,
  "last_read_b" bigint NOT NULL DEFAULT 0,
  "message_count" integer NOT NULL DEFAULT 0,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chats_pair_ordered" CHECK ("user_a" < "user_b"),
  CONSTRAINT "chats_started_by_participant" CHECK ("started_by" IN ("user_a", "user_b"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "chats_asset_pair_key" ON "chats" ("asset_id", "user_a", "user_b");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chats_user_a_idx" ON "chats" ("user_a", "last_message_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chats_user_b_idx" ON "chats" ("user_b", "last_message_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_messages" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "chat_id" uuid NOT NULL REFERENCES "chats"("id"),
  "sender_id" uuid NOT NULL REFERENCES "users"("id"),
  "texto" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chat_messages_texto_length" CHECK (char_length("texto") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_chat_idx" ON "chat_messages" ("chat_id", "id");
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- Balance-change events: every ledger transfer touching a user's account
-- publishes {"u":[user ids],"e":{"tipo":"saldo"}} on channel valoriza_eventos.
-- pg_notify is transactional: listeners hear it only when the transfer commits,
-- and identical payloads within one transaction are delivered once.
-- The ledger functions are not changed.
-- ---------------------------------------------------------------------------
CREATE FUNCTION events_transfers_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  uids json;
BEGIN
  SELECT json_agg(DISTINCT a."user_id") INTO uids
    FROM "accounts" a
   WHERE a."id" IN (NEW."debit_account_id", NEW."credit_account_id") AND a."user_id" IS NOT NULL;
  IF uids IS NOT NULL THEN
    PERFORM pg_notify('valoriza_eventos', json_build_object('u', uids, 'e', json_build_object('tipo', 'saldo'))::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transfers_events_notify
  AFTER INSERT ON "transfers"
  FOR EACH ROW EXECUTE FUNCTION events_transfers_notify();
