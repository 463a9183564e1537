-- Issuance never queues behind another issuance (issue 7, ADR 012).
--
-- Measured (bench/transfers.ts on PostgreSQL, 32 connections, idle machine, 2026-11-22): with 16
-- emision shards picked at random, on average 7-8 of 32 backends were waiting, and sampling
-- pg_stat_activity showed them in ledger_hold_open on `Lock:transactionid` / `Lock:tuple`: two
-- registrations had drawn the same shard, and the second waited until the first committed.
--
-- Now: 64 shards, and an issue takes a shard that no other transaction holds at this moment
-- (FOR NO KEY UPDATE SKIP LOCKED, starting at a random shard so concurrent issues spread out). It
-- waits only if all 64 are held at once (more concurrent issuing transactions than shards). Nothing
-- else changes: each shard is an ordinary system account that may go negative, readers sum emision
-- by kind, the sum of all balances stays 0. Taking the shard's row lock here, before ledger_apply
-- locks its two accounts in id order, cannot deadlock: SKIP LOCKED never waits for a shard.
-- Runs unchanged on PGlite (one connection: the first shard tried is always free).

INSERT INTO "accounts" ("user_id", "kind", "shard")
  SELECT NULL, 'emision', g FROM generate_series(16, 63) g
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_account_id(p_user uuid, p_kind text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
  v_start int;
BEGIN
  IF p_user IS NULL THEN
    IF p_kind = 'emision' THEN
      v_start := floor(random() * 64)::int;
      SELECT id INTO v_id FROM accounts
        WHERE user_id IS NULL AND kind = 'emision'
        ORDER BY (shard - v_start + 64) % 64
        LIMIT 1
        FOR NO KEY UPDATE SKIP LOCKED;
      IF v_id IS NULL THEN
        -- Every shard is held right now: wait for the one we drew.
        SELECT id INTO v_id FROM accounts
          WHERE user_id IS NULL AND kind = 'emision' ORDER BY (shard - v_start + 64) % 64 LIMIT 1;
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
