-- Performance and scale-out (docs/adr/012-performance-and-scale-out.md).
-- Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

-- ---------------------------------------------------------------------------
-- Session cache invalidation: every server process caches the users row a
-- session check needs (lib/session-cache.ts) and drops it when this channel
-- names the user. pg_notify is delivered after COMMIT (never for a rollback),
-- to every process listening on the database.
-- ---------------------------------------------------------------------------
CREATE FUNCTION users_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('valoriza_sesiones', OLD.id::text);
    RETURN OLD;
  END IF;
  IF NEW.token_version IS DISTINCT FROM OLD.token_version OR NEW.is_admin IS DISTINCT FROM OLD.is_admin
     OR NEW.email IS DISTINCT FROM OLD.email OR NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('valoriza_sesiones', OLD.id::text);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_changed_row
  AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION users_session_changed();
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- No hot `emision` row. Every registration issues credits from `emision`, and
-- ledger_apply locks and updates the debited account: with one emision row all
-- registrations in the country queued behind it. `emision` is now 16 real
-- system accounts (shard 0..15); each issue picks one at random, so concurrent
-- issues rarely meet. Nothing about the ledger changes: each shard is an
-- account with its own balance and transfers (balance = its transfers), the sum
-- of all accounts stays 0, only emision accounts may be negative, and every
-- reader that sums the emision balance by kind (totals, economy) sums the
-- shards. Existing balances stay on shard 0.
-- ---------------------------------------------------------------------------
ALTER TABLE "accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP INDEX "accounts_system_kind_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_kind_key" ON "accounts" USING btree ("kind", "shard") WHERE "accounts"."user_id" is null;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_shard_emision_only" CHECK ("shard" = 0 OR ("user_id" IS NULL AND "kind" = 'emision'));
--> statement-breakpoint
INSERT INTO "accounts" ("user_id", "kind", "shard")
  SELECT NULL, 'emision', g FROM generate_series(1, 15) g
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_account_id(p_user uuid, p_kind text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_user IS NULL THEN
    IF p_kind = 'emision' THEN
      -- One of the 16 emision shards, at random (see above).
      SELECT id INTO v_id FROM accounts
        WHERE user_id IS NULL AND kind = 'emision' AND shard = floor(random() * 16)::int;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM accounts WHERE user_id IS NULL AND kind = 'emision' ORDER BY shard LIMIT 1;
      END IF;
    ELSE
      SELECT id INTO v_id FROM accounts WHERE user_id IS NULL AND kind = p_kind AND shard = 0;
    END IF;
    IF v_id IS NULL THEN
      RAISE EXCEPTION 'ledger: unknown system account %', p_kind USING ERRCODE = 'invalid_parameter_value';
    END IF;
    RETURN v_id;
  END IF;
  IF p_kind NOT IN ('disponible', 'bloqueado') THEN
    RAISE EXCEPTION 'ledger: unknown user account kind %', p_kind USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT id INTO v_id FROM accounts WHERE user_id = p_user AND kind = p_kind;
  IF v_id IS NULL THEN
    -- A foreign-key violation (23503) here means the user does not exist.
    INSERT INTO accounts (user_id, kind) VALUES (p_user, 'disponible'), (p_user, 'bloqueado')
      ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM accounts WHERE user_id = p_user AND kind = p_kind;
  END IF;
  RETURN v_id;
END;
$$;
