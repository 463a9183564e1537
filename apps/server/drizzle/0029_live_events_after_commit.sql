-- Live events leave a transaction after its COMMIT, not inside it, and many commits' events leave
-- together (issue 21, ADR 012 amendment "Live events after the commit").
--
-- pg_notify in a transaction makes its COMMIT take the database's notification lock and hold it
-- through the commit's WAL flush, and each notifying commit signals every listening backend. Through
-- the credit-call bench about 2.7 backends waited on a lock on average; with no notification at all
-- none did, and the registration's SQL alone went from 588–619 to 1067–1075 calls/s.
--
-- Now a transaction opened by the app's transactionWith (db/client.ts) on PostgreSQL sets
-- `valoriza.live_deferred` for itself; `live_publish` then keeps the event in `live_pending`, an
-- UNLOGGED table (no WAL; rolled back with the transaction like any row), and each server process
-- (modules/events/events.flush.ts) calls `live_flush()` within 5 ms of its commits, at most one at
-- a time: in a transaction of its own it takes every kept row (FOR UPDATE SKIP LOCKED: two
-- processes never take the same) and notifies them, identical ones once. So one notifying
-- transaction carries the events of the commits of those 5 ms, and it wrote no WAL: its commit
-- holds the notification lock for microseconds and is not flushed. Listeners still hear an event
-- only after its transaction committed, never for a rollback. Rows a crashed process left are taken
-- by any process's next flush (each process also flushes once a second); a crash of the database
-- empties the table (an unlogged table's rows do not survive it): those events are lost, as a
-- notification queued but not yet read was before.
-- Everywhere else (PGlite, drizzle's own transactions, a statement on its own, psql)
-- `live_publish` is pg_notify, as before.
CREATE UNLOGGED TABLE live_pending (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL,
  payload text NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000);
--> statement-breakpoint
CREATE FUNCTION live_publish(p_channel text, p_payload text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('valoriza.live_deferred', true) = 'on' THEN
    INSERT INTO live_pending (channel, payload) VALUES (p_channel, p_payload);
  ELSE
    PERFORM pg_notify(p_channel, p_payload);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION live_flush() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer := 0;
BEGIN
  FOR r IN
    WITH taken AS (
      DELETE FROM live_pending
       WHERE id IN (SELECT id FROM live_pending ORDER BY id LIMIT 2000 FOR UPDATE SKIP LOCKED)
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION events_transfers_notify() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  uids json;
BEGIN
  SELECT json_agg(DISTINCT a."user_id") INTO uids
    FROM "accounts" a
   WHERE a."id" IN (NEW."debit_account_id", NEW."credit_account_id") AND a."user_id" IS NOT NULL;
  IF uids IS NOT NULL THEN
    PERFORM live_publish('valoriza_eventos', json_build_object('u', uids, 'e', json_build_object('tipo', 'saldo'))::text);
  END IF;
  RETURN NULL;
END;
$$;
