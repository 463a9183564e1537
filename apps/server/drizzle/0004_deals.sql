-- Deals: the process engine (deals, append-only history, durable timers), custody
-- records (sales and custodies), the wrong-code counters, and the escrow function of
-- the ledger. Owned by modules/deals, modules/custody and modules/ledger;
-- see docs/adr/006-process-engine.md. Runs unchanged on PGlite and PostgreSQL 15.
-- One statement per breakpoint.

CREATE TABLE IF NOT EXISTS "deals" (
  "id" uuid PRIMARY KEY NOT NULL,
  "process" text NOT NULL,
  "state" text NOT NULL,
  "asset_id" uuid REFERENCES "assets"("id"),
  "parties" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone
);
--> statement-breakpoint
-- At most one running deal per asset (the asset lock decides the race; this is the backstop).
CREATE UNIQUE INDEX IF NOT EXISTS "deals_one_open_per_asset" ON "deals" ("asset_id") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "deal_history" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "deal_id" uuid NOT NULL REFERENCES "deals"("id"),
  "from_state" text,
  "to_state" text NOT NULL,
  "transition" text NOT NULL,
  "actor_role" text NOT NULL,
  "actor_user_id" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deal_history_deal_idx" ON "deal_history" ("deal_id", "id");
--> statement-breakpoint
CREATE FUNCTION deal_history_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'deals: deal_history is append-only (% refused)', TG_OP USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER deal_history_append_only_row
  BEFORE UPDATE OR DELETE ON "deal_history"
  FOR EACH ROW EXECUTE FUNCTION deal_history_append_only();
--> statement-breakpoint
CREATE TRIGGER deal_history_append_only_truncate
  BEFORE TRUNCATE ON "deal_history"
  FOR EACH STATEMENT EXECUTE FUNCTION deal_history_append_only();
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "deal_timers" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "deal_id" uuid NOT NULL REFERENCES "deals"("id"),
  "name" text NOT NULL,
  "transition" text NOT NULL,
  "state" text NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'pendiente' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "fired_at" timestamp with time zone,
  CONSTRAINT "deal_timers_status" CHECK ("status" IN ('pendiente', 'disparado', 'cancelado', 'omitido'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deal_timers_due_idx" ON "deal_timers" ("due_at") WHERE "status" = 'pendiente';
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deal_timers_one_pending" ON "deal_timers" ("deal_id", "name") WHERE "status" = 'pendiente';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "custodias" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "asset_id" uuid NOT NULL REFERENCES "assets"("id"),
  "oferente_id" uuid NOT NULL REFERENCES "users"("id"),
  "receptor_id" uuid NOT NULL REFERENCES "users"("id"),
  "tipo_transaccion" text NOT NULL,
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "origen" text NOT NULL,
  "codigo" text NOT NULL,
  "modo_pago" text,
  "pago_creditos" bigint DEFAULT 0 NOT NULL,
  "creditos_activo" bigint DEFAULT 0 NOT NULL,
  "monto_cop" bigint DEFAULT 0 NOT NULL,
  "notas" text DEFAULT '' NOT NULL,
  "fecha_ingreso" timestamp with time zone NOT NULL,
  "fecha_salida" timestamp with time zone,
  "fecha_limite" timestamp with time zone,
  CONSTRAINT "custodias_tipo" CHECK ("tipo_transaccion" IN ('venta', 'intercambio', 'prestamo', 'alquiler')),
  CONSTRAINT "custodias_estado" CHECK ("estado" IN ('pendiente', 'confirmada', 'cancelada')),
  CONSTRAINT "custodias_origen" CHECK ("origen" IN ('venta', 'asignacion')),
  CONSTRAINT "custodias_codigo" CHECK ("codigo" ~ '^[0-9]{6}$'),
  CONSTRAINT "custodias_modo_pago" CHECK ("modo_pago" IS NULL OR "modo_pago" IN ('creditos', 'dinero')),
  CONSTRAINT "custodias_amounts" CHECK ("pago_creditos" >= 0 AND "creditos_activo" >= 0 AND "monto_cop" >= 0),
  CONSTRAINT "custodias_parties" CHECK ("oferente_id" <> "receptor_id")
);
--> statement-breakpoint
-- A code is unique among pending custodies.
CREATE UNIQUE INDEX IF NOT EXISTS "custodias_codigo_pendiente" ON "custodias" ("codigo") WHERE "estado" = 'pendiente';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "custodias_oferente_idx" ON "custodias" ("oferente_id", "fecha_ingreso");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "custodias_receptor_idx" ON "custodias" ("receptor_id", "codigo");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "custody_code_guards" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "failures" integer DEFAULT 0 NOT NULL,
  "window_started_at" timestamp with time zone
);
--> statement-breakpoint

-- ---------------------------------------------------------------------------
-- ledger_escrow: moves credits into or out of the custodia account for one
-- reference (e.g. ('custodia', id)). 'in': p_user disponible -> custodia.
-- 'out': custodia -> p_user disponible, refused ('insufficient', nothing written)
-- when it would take out more than that reference ever put in and has not
-- taken out yet: an escrow is paid out or refunded at most once, whatever the caller does.
-- ---------------------------------------------------------------------------
CREATE FUNCTION ledger_escrow(
  p_direction text, p_user uuid, p_amount bigint, p_kind text, p_ref_type text, p_ref_id uuid,
  p_actor uuid, p_description text,
  OUT status text, OUT transfer_id bigint, OUT debit_balance bigint, OUT credit_balance bigint, OUT held bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_custodia bigint;
  v_user bigint;
  v_res record;
BEGIN
  IF p_ref_type IS NULL OR p_ref_id IS NULL THEN
    RAISE EXCEPTION 'ledger: an escrow needs a reference' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF p_direction NOT IN ('in', 'out') THEN
    RAISE EXCEPTION 'ledger: unknown escrow direction %', p_direction USING ERRCODE = 'invalid_parameter_value';
  END IF;
  v_custodia := ledger_account_id(NULL, 'custodia');
  v_user := ledger_account_id(p_user, 'disponible');
  -- Same lock order as ledger_apply (ascending id), taken before reading the reference's escrow.
  PERFORM 1 FROM accounts a WHERE a.id IN (v_custodia, v_user) ORDER BY a.id FOR NO KEY UPDATE;
  SELECT coalesce(sum(CASE WHEN t.credit_account_id = v_custodia THEN t.amount ELSE -t.amount END), 0)::bigint
    INTO held FROM transfers t
    WHERE t.ref_type = p_ref_type AND t.ref_id = p_ref_id
      AND (t.credit_account_id = v_custodia OR t.debit_account_id = v_custodia);
  IF p_direction = 'out' AND held < p_amount THEN
    status := 'insufficient';
    RETURN;
  END IF;
  IF p_direction = 'in' THEN
    SELECT * INTO v_res FROM ledger_apply(v_user, v_custodia, p_amount, p_kind, p_ref_type, p_ref_id, p_actor,
                                          NULL, p_description, NULL);
  ELSE
    SELECT * INTO v_res FROM ledger_apply(v_custodia, v_user, p_amount, p_kind, p_ref_type, p_ref_id, p_actor,
                                          NULL, p_description, NULL);
  END IF;
  status := v_res.status;
  transfer_id := v_res.transfer_id;
  debit_balance := v_res.debit_balance;
  credit_balance := v_res.credit_balance;
  IF status = 'ok' THEN
    held := held + CASE WHEN p_direction = 'in' THEN p_amount ELSE -p_amount END;
  END IF;
END;
$$;
