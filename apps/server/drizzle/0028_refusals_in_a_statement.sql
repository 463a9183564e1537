-- A refusal decided inside a statement (issue 21, ADR 028 amendment "A registration in one round
-- trip"): refuse_if(true, reason, detail) raises SQLSTATE VZ001 with `reason` as its message and
-- `detail` (JSON) as its detail; refuse_if(false, ...) answers true. A registration's batch checks
-- the day's bounds with it, so the batch can travel in the same round trip as the person's lock:
-- a refused registration fails as a whole and writes nothing, and the app words the refusal from
-- the detail. Runs unchanged on PGlite.
CREATE OR REPLACE FUNCTION refuse_if(p_refuse boolean, p_reason text, p_detail text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF p_refuse THEN
    RAISE EXCEPTION USING ERRCODE = 'VZ001', MESSAGE = p_reason, DETAIL = coalesce(p_detail, '');
  END IF;
  RETURN true;
END;
$$;
