-- Issue 11 (ADR 011): the official marketplace, withdrawals and the admin's append-only action log.
CREATE TABLE IF NOT EXISTS "marketplace_products" (
  "id" uuid PRIMARY KEY NOT NULL,
  "nombre" text NOT NULL,
  "categoria" text NOT NULL,
  "descripcion" text DEFAULT '' NOT NULL,
  "imagen" text DEFAULT '' NOT NULL,
  "creditos" bigint NOT NULL,
  "valor_cop" bigint NOT NULL,
  "stock" integer DEFAULT -1 NOT NULL,
  "destacado" boolean DEFAULT false NOT NULL,
  "oculto" boolean DEFAULT false NOT NULL,
  "vendidos" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "marketplace_products_stock" CHECK ("stock" >= -1),
  CONSTRAINT "marketplace_products_creditos" CHECK ("creditos" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "marketplace_products_list_idx" ON "marketplace_products" ("oculto", "destacado", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "marketplace_purchases" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "product_id" uuid NOT NULL REFERENCES "marketplace_products"("id"),
  "buyer_id" uuid NOT NULL REFERENCES "users"("id"),
  "creditos" bigint NOT NULL,
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "marketplace_purchases_estado_idx" ON "marketplace_purchases" ("estado", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "marketplace_purchases_buyer_idx" ON "marketplace_purchases" ("buyer_id", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "withdrawals" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "deals"("id"),
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "tipo" text NOT NULL,
  "monto" bigint NOT NULL,
  "valor_cop" bigint NOT NULL,
  "metodo" text NOT NULL,
  "estado" text DEFAULT 'pendiente' NOT NULL,
  "destino" jsonb,
  "destino_mascara" text NOT NULL,
  "destino_huella" text NOT NULL,
  "proveedor" text DEFAULT 'manual' NOT NULL,
  "referencia" text,
  "motivo" text,
  "resuelto_por" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_user_idx" ON "withdrawals" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_estado_idx" ON "withdrawals" ("estado", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_huella_idx" ON "withdrawals" ("destino_huella", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "admin_actions" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "admin_id" uuid NOT NULL REFERENCES "users"("id"),
  "accion" text NOT NULL,
  "objeto_tipo" text NOT NULL,
  "objeto_id" uuid NOT NULL,
  "detalle" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "admin_actions_created_idx" ON "admin_actions" ("created_at");
--> statement-breakpoint
CREATE FUNCTION admin_actions_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin: admin_actions is append-only (% refused)', TG_OP USING ERRCODE = 'raise_exception';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_actions_append_only_row
  BEFORE UPDATE OR DELETE ON "admin_actions"
  FOR EACH ROW EXECUTE FUNCTION admin_actions_append_only();
--> statement-breakpoint
CREATE TRIGGER admin_actions_append_only_truncate
  BEFORE TRUNCATE ON "admin_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION admin_actions_append_only();
