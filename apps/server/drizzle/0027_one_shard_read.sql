-- An issue reads one emision shard, not all 64 (issue 21, ADR 012 amendment "One shard read per issue").
--
-- Migration 0013's lookup ordered all 64 shards by their distance from a random start and locked
-- the first free one: every issue read the 64 rows. Those rows are the most updated in the ledger
-- (every issue moves one of them), so each carries a chain of row versions until pruned: on a
-- database where 12 600 account updates had left 6 700 dead row versions, the lookup read 302
-- buffers (0.44 ms), and in a loop it took 75 us per call against 7.5 us for this one. Now the
-- index (kind, shard) WHERE user_id IS NULL is read in shard order from the random start, and the
-- first shard no other transaction holds is locked (FOR NO KEY UPDATE SKIP LOCKED): usually the
-- first row read. Then the shards below the start.
-- Unchanged: an issue waits only when all 64 are held at once, then for the shard it drew; readers
-- sum emision by kind; no deadlock (SKIP LOCKED never waits). Runs unchanged on PGlite.
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
        WHERE user_id IS NULL AND kind = 'emision' AND shard >= v_start
        ORDER BY shard LIMIT 1
        FOR NO KEY UPDATE SKIP LOCKED;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM accounts
          WHERE user_id IS NULL AND kind = 'emision' AND shard < v_start
          ORDER BY shard LIMIT 1
          FOR NO KEY UPDATE SKIP LOCKED;
      END IF;
      IF v_id IS NULL THEN
        SELECT id INTO v_id FROM accounts WHERE user_id IS NULL AND kind = 'emision' AND shard = v_start;
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
    INSERT INTO accounts (user_id, kind) VALUES (p_user, 'disponible'), (p_user, 'bloqueado')
      ON CONFLICT DO NOTHING;
    SELECT id INTO v_id FROM accounts WHERE user_id = p_user AND kind = p_kind;
  END IF;
  RETURN v_id;
END;
$$;
