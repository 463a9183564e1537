-- Ledger: system accounts, append-only transfers, holds resolved at most once,
-- and the stored functions that move credits in one round trip each.
-- Owned by the ledger module (apps/server/src/modules/ledger); see docs/adr/002-ledger.md.
-- Runs unchanged on PGlite and PostgreSQL 15 (nothing newer than PG 15 is used).
-- One statement per breakpoint: PGlite runs each chunk with the extended protocol.

INSERT INTO "accounts" ("user_id", "kind") VALUES
  (NULL, 'emision'), (NULL, 'destruccion'), (NULL, 'custodia'), (NULL, 'tienda'), (NULL, 'retiros')
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- transfers are append-only: corrections are new transfers.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_transfers_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger: transfers are append-only (% refused)', TG_OP
    USING ERRCODE = 'raise_exception', HINT = 'Correct a transfer with a new transfer.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transfers_append_only_row
  BEFORE UPDATE OR DELETE ON "transfers"
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only();
--> statement-breakpoint
CREATE TRIGGER transfers_append_only_truncate
  BEFORE TRUNCATE ON "transfers"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_append_only();
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- holds: never deleted; an open hold may be resolved exactly once (one UPDATE
-- that sets status, resolved_at and resolved_transfer_id together); a resolved
-- hold never changes again; amount, owner and reference never change.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_holds_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    RAISE EXCEPTION 'ledger: holds cannot be deleted (% refused)', TG_OP USING ERRCODE = 'raise_exception';
  END IF;
  IF OLD.status <> 'abierta' THEN
    RAISE EXCEPTION 'ledger: hold % is already resolved (%)', OLD.id, OLD.status USING ERRCODE = 'raise_exception';
  END IF;
  IF NEW.id <> OLD.id OR NEW.user_id <> OLD.user_id OR NEW.amount <> OLD.amount
     OR NEW.ref_type <> OLD.ref_type OR NEW.ref_id <> OLD.ref_id OR NEW.created_at <> OLD.created_at
     OR NEW.created_transfer_id IS DISTINCT FROM OLD.created_transfer_id THEN
    RAISE EXCEPTION 'ledger: hold % amount, owner, reference and creation are immutable', OLD.id
      USING ERRCODE = 'raise_exception';
  END IF;
  IF NEW.status = 'abierta' OR NEW.resolved_transfer_id IS NULL OR NEW.resolved_at IS NULL THEN
    RAISE EXCEPTION 'ledger: an open hold can only be resolved (status, resolved_at, resolved_transfer_id)'
      USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER holds_guard_row
  BEFORE UPDATE OR DELETE ON "holds"
  FOR EACH ROW EXECUTE FUNCTION ledger_holds_guard();
--> statement-breakpoint
CREATE TRIGGER holds_guard_truncate
  BEFORE TRUNCATE ON "holds"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_holds_guard();
--> statement-breakpoint
CREATE INDEX "transfers_hold_idx" ON "transfers" USING btree ("hold_id") WHERE "hold_id" IS NOT NULL;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_account_id: the id of a user account (opened on first use) or of a
-- system account (p_user NULL).
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_account_id(p_user uuid, p_kind text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  IF p_user IS NULL THEN
    SELECT id INTO v_id FROM accounts WHERE user_id IS NULL AND kind = p_kind;
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
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_apply: the core of every movement. Locks both accounts in ascending
-- id order (FOR NO KEY UPDATE: a later transfer insert only needs KEY SHARE on
-- them, which that lock does not block), checks funds under the lock, updates
-- both balances and inserts the transfer (with a caller-chosen id when given).
-- Returns status 'ok' or 'insufficient' (nothing written, no error raised, so
-- the caller's transaction stays usable). The CHECK accounts_non_negative stays
-- as the last line of defence (SQLSTATE 23514).
-- A user's bloqueado account may only move together with a hold (p_hold).
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_apply(
  p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_ref_type text, p_ref_id uuid,
  p_actor uuid, p_hold bigint, p_description text, p_transfer_id bigint,
  OUT status text, OUT transfer_id bigint, OUT debit_balance bigint, OUT credit_balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r record;
  v_debit_kind text;
  v_debit_user uuid;
  v_debit_balance bigint;
  v_credit_kind text;
  v_credit_user uuid;
  v_found int := 0;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'ledger: amount must be positive (got %)', p_amount USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_debit IS NULL OR p_credit IS NULL OR p_debit = p_credit THEN
    RAISE EXCEPTION 'ledger: two distinct accounts are required' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_kind IS NULL OR p_kind = '' THEN
    RAISE EXCEPTION 'ledger: a transfer kind is required' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  FOR r IN
    SELECT a.id, a.user_id, a.kind, a.balance FROM accounts a
    WHERE a.id IN (p_debit, p_credit) ORDER BY a.id FOR NO KEY UPDATE
  LOOP
    v_found := v_found + 1;
    IF r.id = p_debit THEN
      v_debit_kind := r.kind; v_debit_user := r.user_id; v_debit_balance := r.balance;
    ELSE
      v_credit_kind := r.kind; v_credit_user := r.user_id;
    END IF;
  END LOOP;
  IF v_found <> 2 THEN
    RAISE EXCEPTION 'ledger: account % or % does not exist', p_debit, p_credit USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_hold IS NULL AND ((v_debit_kind = 'bloqueado' AND v_debit_user IS NOT NULL)
                      OR (v_credit_kind = 'bloqueado' AND v_credit_user IS NOT NULL)) THEN
    RAISE EXCEPTION 'ledger: a bloqueado account only moves through a hold' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  IF v_debit_kind <> 'emision' AND v_debit_balance < p_amount THEN
    status := 'insufficient';
    debit_balance := v_debit_balance;
    SELECT a.balance INTO credit_balance FROM accounts a WHERE a.id = p_credit;
    RETURN;
  END IF;

  UPDATE accounts a SET balance = a.balance - p_amount, updated_at = now()
    WHERE a.id = p_debit RETURNING a.balance INTO debit_balance;
  UPDATE accounts a SET balance = a.balance + p_amount, updated_at = now()
    WHERE a.id = p_credit RETURNING a.balance INTO credit_balance;

  IF p_transfer_id IS NULL THEN
    INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, ref_type, ref_id, actor_user_id,
                           hold_id, debit_balance_after, credit_balance_after, description)
    VALUES (p_debit, p_credit, p_amount, p_kind, p_ref_type, p_ref_id, p_actor,
            p_hold, debit_balance, credit_balance, coalesce(p_description, ''))
    RETURNING id INTO transfer_id;
  ELSE
    INSERT INTO transfers (id, debit_account_id, credit_account_id, amount, kind, ref_type, ref_id, actor_user_id,
                           hold_id, debit_balance_after, credit_balance_after, description)
    OVERRIDING SYSTEM VALUE
    VALUES (p_transfer_id, p_debit, p_credit, p_amount, p_kind, p_ref_type, p_ref_id, p_actor,
            p_hold, debit_balance, credit_balance, coalesce(p_description, ''))
    RETURNING id INTO transfer_id;
  END IF;
  status := 'ok';
END;
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_transfer: a plain transfer between two account ids, one round trip.
-- (The benchmark calls this one directly.)
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_transfer(
  p_debit bigint, p_credit bigint, p_amount bigint, p_kind text, p_ref_type text, p_ref_id uuid,
  p_actor uuid, p_hold bigint, p_description text,
  OUT status text, OUT transfer_id bigint, OUT debit_balance bigint, OUT credit_balance bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT x.status, x.transfer_id, x.debit_balance, x.credit_balance
    INTO status, transfer_id, debit_balance, credit_balance
    FROM ledger_apply(p_debit, p_credit, p_amount, p_kind, p_ref_type, p_ref_id, p_actor, p_hold, p_description, NULL) x;
END;
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_move: a plain transfer between accounts named by owner and kind
-- (p_*_user NULL = system account). Never touches a bloqueado account.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_move(
  p_debit_user uuid, p_debit_kind text, p_credit_user uuid, p_credit_kind text, p_amount bigint, p_kind text,
  p_ref_type text, p_ref_id uuid, p_actor uuid, p_description text,
  OUT status text, OUT transfer_id bigint, OUT debit_balance bigint, OUT credit_balance bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT x.status, x.transfer_id, x.debit_balance, x.credit_balance
    INTO status, transfer_id, debit_balance, credit_balance
    FROM ledger_apply(ledger_account_id(p_debit_user, p_debit_kind), ledger_account_id(p_credit_user, p_credit_kind),
                      p_amount, p_kind, p_ref_type, p_ref_id, p_actor, NULL, p_description, NULL) x;
END;
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_hold_open: moves p_amount into the user's bloqueado account and opens
-- the hold for (p_ref_type, p_ref_id). p_source: 'emision' (asset credits
-- issued blocked) or 'disponible' (a guarantee blocked from the user's own
-- spendable credits). Status: 'ok' | 'insufficient' | 'duplicate' (an open hold
-- already exists for that reference); nothing is written unless 'ok'.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_hold_open(
  p_user uuid, p_source text, p_amount bigint, p_kind text, p_ref_type text, p_ref_id uuid,
  p_actor uuid, p_description text)
RETURNS TABLE (status text, hold_id bigint, transfer_id bigint, debit_balance bigint, credit_balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_debit bigint;
  v_credit bigint;
  v_balance bigint;
  v_hold bigint;
  v_tid bigint;
  v_res record;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'ledger: amount must be positive (got %)', p_amount USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_user IS NULL OR p_ref_type IS NULL OR p_ref_id IS NULL THEN
    RAISE EXCEPTION 'ledger: a hold needs a user and a reference' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_source = 'emision' THEN
    v_debit := ledger_account_id(NULL, 'emision');
  ELSIF p_source = 'disponible' THEN
    v_debit := ledger_account_id(p_user, 'disponible');
  ELSE
    RAISE EXCEPTION 'ledger: unknown hold source %', p_source USING ERRCODE = 'invalid_parameter_value';
  END IF;
  v_credit := ledger_account_id(p_user, 'bloqueado');

  -- Lock in ascending id order before anything else (the same order ledger_apply uses).
  PERFORM 1 FROM accounts a WHERE a.id IN (v_debit, v_credit) ORDER BY a.id FOR NO KEY UPDATE;
  IF p_source = 'disponible' THEN
    SELECT a.balance INTO v_balance FROM accounts a WHERE a.id = v_debit;
    IF v_balance < p_amount THEN
      RETURN QUERY SELECT 'insufficient'::text, NULL::bigint, NULL::bigint, v_balance,
        (SELECT a.balance FROM accounts a WHERE a.id = v_credit);
      RETURN;
    END IF;
  END IF;

  v_tid := nextval('transfers_id_seq');
  INSERT INTO holds (user_id, amount, ref_type, ref_id, status, created_transfer_id)
    VALUES (p_user, p_amount, p_ref_type, p_ref_id, 'abierta', v_tid)
    ON CONFLICT (ref_type, ref_id) WHERE status = 'abierta' DO NOTHING
    RETURNING id INTO v_hold;
  IF v_hold IS NULL THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  SELECT * INTO v_res FROM ledger_apply(v_debit, v_credit, p_amount, p_kind, p_ref_type, p_ref_id, p_actor,
                                        v_hold, p_description, v_tid);
  IF v_res.status <> 'ok' THEN
    RAISE EXCEPTION 'ledger: hold % could not be funded (%)', v_hold, v_res.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN QUERY SELECT 'ok'::text, v_hold, v_res.transfer_id, v_res.debit_balance, v_res.credit_balance;
END;
$$;
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_hold_resolve: resolves the open hold of (p_ref_type, p_ref_id) once.
-- p_status: 'liberada' (to the owner's disponible), 'destruida' (to
-- destruccion) or 'ejecutada' (to p_to_user's disponible).
-- Lock order: accounts first (ascending id), then the hold row, like every
-- other ledger call, so two callers never wait on each other in a cycle.
-- Status: 'ok' | 'already_resolved' (hold_status tells how) | 'no_hold'.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_hold_resolve(
  p_ref_type text, p_ref_id uuid, p_status text, p_to_user uuid, p_kind text, p_actor uuid, p_description text)
RETURNS TABLE (status text, hold_id bigint, user_id uuid, amount bigint, hold_status text,
               transfer_id bigint, debit_balance bigint, credit_balance bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_hold record;
  v_debit bigint;
  v_credit bigint;
  v_tid bigint;
  v_res record;
  v_last record;
BEGIN
  IF p_status NOT IN ('liberada', 'destruida', 'ejecutada') THEN
    RAISE EXCEPTION 'ledger: unknown hold resolution %', p_status USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_status = 'ejecutada' AND p_to_user IS NULL THEN
    RAISE EXCEPTION 'ledger: executing a hold needs a beneficiary' USING ERRCODE = 'invalid_parameter_value';
  END IF;

  SELECT h.id, h.user_id, h.amount INTO v_hold FROM holds h
    WHERE h.ref_type = p_ref_type AND h.ref_id = p_ref_id AND h.status = 'abierta';
  IF v_hold.id IS NOT NULL THEN
    v_debit := ledger_account_id(v_hold.user_id, 'bloqueado');
    v_credit := CASE p_status
      WHEN 'liberada' THEN ledger_account_id(v_hold.user_id, 'disponible')
      WHEN 'destruida' THEN ledger_account_id(NULL, 'destruccion')
      ELSE ledger_account_id(p_to_user, 'disponible') END;
    PERFORM 1 FROM accounts a WHERE a.id IN (v_debit, v_credit) ORDER BY a.id FOR NO KEY UPDATE;

    -- The hold row is locked and re-checked here: of concurrent resolvers exactly one gets a row.
    v_tid := nextval('transfers_id_seq');
    UPDATE holds h SET status = p_status, resolved_at = now(), resolved_transfer_id = v_tid
      WHERE h.id = v_hold.id AND h.status = 'abierta';
    IF FOUND THEN
      SELECT * INTO v_res FROM ledger_apply(v_debit, v_credit, v_hold.amount, p_kind, p_ref_type, p_ref_id, p_actor,
                                            v_hold.id, p_description, v_tid);
      IF v_res.status <> 'ok' THEN
        RAISE EXCEPTION 'ledger: bloqueado of % does not cover hold %', v_hold.user_id, v_hold.id
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN QUERY SELECT 'ok'::text, v_hold.id, v_hold.user_id, v_hold.amount, p_status,
        v_res.transfer_id, v_res.debit_balance, v_res.credit_balance;
      RETURN;
    END IF;
  END IF;

  SELECT h.id, h.user_id, h.status INTO v_last FROM holds h
    WHERE h.ref_type = p_ref_type AND h.ref_id = p_ref_id ORDER BY h.id DESC LIMIT 1;
  IF v_last.id IS NULL THEN
    RETURN QUERY SELECT 'no_hold'::text, NULL::bigint, NULL::uuid, 0::bigint, NULL::text,
      NULL::bigint, NULL::bigint, NULL::bigint;
  ELSE
    RETURN QUERY SELECT 'already_resolved'::text, v_last.id, v_last.user_id, 0::bigint, v_last.status,
      NULL::bigint, NULL::bigint, NULL::bigint;
  END IF;
END;
$$;
