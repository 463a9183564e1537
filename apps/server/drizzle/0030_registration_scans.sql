-- The day's bounds of a registration (ledger registrationsSql, issue 21) count the person's
-- registrations since a uuidv7 id: their open holds, and their assets that issued nothing
-- (`assets where user_id = $1 and creditos_asignados = 0 and id >= $2`). With only
-- `assets_user_idx (user_id, created_at)` and the primary key to choose from, the generic plan a
-- connection caches was, depending on the statistics at the time it was made, a BitmapAnd of the
-- person's assets and of the primary key's range `id >= $2`: every asset anyone registered in the
-- last 24 hours read on each registration. Through the credit-call bench 6 207 of 15 744
-- registrations took that plan and read 29.8 million index entries (4 800 each), 12 % of
-- PostgreSQL's CPU, growing with the day's registrations. This partial index holds only the assets
-- that issued nothing (few), by person and id: both conditions are its keys, so every plan takes it.
CREATE INDEX IF NOT EXISTS "assets_user_uncredited_idx" ON "assets" USING btree ("user_id","id") WHERE "assets"."creditos_asignados" = 0;
--> statement-breakpoint
-- live_flush (migration 0029) took its rows in id order through the primary key: the rows it
-- deleted stay in that index until a vacuum (autovacuum visits a database once a minute), so each
-- flush stepped over every row flushed since, and fetched most of them from the table: through the
-- credit-call bench 94 million index entries read in 31 150 flushes (3 000 each). Now it takes up to
-- 2 000 rows in the table's order (a sequential scan: pages whose rows are all gone are short, and
-- pruning frees them as it reads) and deletes them by their tuple ids; what it notifies is still in
-- id order (min(id) of each distinct event), and two flushes still never take the same row (FOR
-- UPDATE SKIP LOCKED). Its cost per registration halved (0.035–0.041 -> 0.015–0.020 ms).
CREATE OR REPLACE FUNCTION live_flush() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    WITH taken AS (
      DELETE FROM live_pending
       WHERE ctid = ANY (ARRAY(SELECT ctid FROM live_pending LIMIT 2000 FOR UPDATE SKIP LOCKED))
      RETURNING id, channel, payload
    )
    SELECT channel, payload, min(id) AS first FROM taken GROUP BY channel, payload ORDER BY first
  LOOP
    PERFORM pg_notify(r.channel, r.payload);
    n := n + 1;
  END LOOP;
  RETURN n;
END;
$$;
