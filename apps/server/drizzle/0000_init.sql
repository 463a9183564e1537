CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"kind" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_non_negative" CHECK ("accounts"."kind" = 'emision' or "accounts"."balance" >= 0),
	CONSTRAINT "accounts_kind_owner" CHECK (("accounts"."user_id" is null and "accounts"."kind" in ('emision','destruccion','custodia','tienda','retiros'))
        or ("accounts"."user_id" is not null and "accounts"."kind" in ('disponible','bloqueado')))
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"asset_type" text NOT NULL,
	"origin" text DEFAULT 'personal' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"subcategory" text DEFAULT '' NOT NULL,
	"especializacion" text DEFAULT '' NOT NULL,
	"condition" text DEFAULT 'nuevo' NOT NULL,
	"physical_state" text DEFAULT 'excelente' NOT NULL,
	"year_of_purchase" integer,
	"base_value_cop" bigint DEFAULT 0 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"ciudad" text DEFAULT '' NOT NULL,
	"departamento" text DEFAULT '' NOT NULL,
	"main_purpose" text DEFAULT 'intercambiar' NOT NULL,
	"privacy" text DEFAULT 'publico' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"depreciation" integer DEFAULT 0 NOT NULL,
	"valor_actual_cop" bigint DEFAULT 0 NOT NULL,
	"valor_cop_original" bigint DEFAULT 0 NOT NULL,
	"valor_cop_reconocido" bigint DEFAULT 0 NOT NULL,
	"antiguedad_anios" integer DEFAULT 0 NOT NULL,
	"creditos_asignados" bigint DEFAULT 0 NOT NULL,
	"estado_credito" text DEFAULT 'bloqueado' NOT NULL,
	"veces_usado" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'disponible' NOT NULL,
	"horas" integer,
	"especializado" boolean,
	"tipo_servicio" text,
	"monto" bigint,
	"tipo_aporte" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_credits_non_negative" CHECK ("assets"."creditos_asignados" >= 0)
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"ref_type" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"status" text DEFAULT 'abierta' NOT NULL,
	"created_transfer_id" bigint,
	"resolved_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "holds_amount_positive" CHECK ("holds"."amount" > 0),
	CONSTRAINT "holds_status" CHECK ("holds"."status" in ('abierta','liberada','destruida','ejecutada'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "movimientos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	"asset_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"tipo" text DEFAULT 'general' NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"leida" boolean DEFAULT false NOT NULL,
	"relacionado_id" uuid,
	"relacionado_tipo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transacciones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"asset_id" uuid,
	"amount_cop" bigint DEFAULT 0 NOT NULL,
	"amount_credits" bigint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"actor_user_id" uuid,
	"hold_id" bigint,
	"debit_balance_after" bigint NOT NULL,
	"credit_balance_after" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfers_amount_positive" CHECK ("transfers"."amount" > 0),
	CONSTRAINT "transfers_distinct_accounts" CHECK ("transfers"."debit_account_id" <> "transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"pais" text DEFAULT 'Colombia' NOT NULL,
	"ciudad" text DEFAULT '' NOT NULL,
	"departamento" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"sexo" text DEFAULT 'no_especificar' NOT NULL,
	"fecha_nacimiento" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT 'persona' NOT NULL,
	"visibility" text DEFAULT 'publico' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"redes" jsonb DEFAULT '{"facebook":"","instagram":"","linkedin":""}'::jsonb NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"reputation" integer DEFAULT 0 NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos" ADD CONSTRAINT "movimientos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transacciones" ADD CONSTRAINT "transacciones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_debit_account_id_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_credit_account_id_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_kind_key" ON "accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_kind_key" ON "accounts" USING btree ("kind") WHERE "accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "assets_user_idx" ON "assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "assets_feed_idx" ON "assets" USING btree ("created_at") WHERE "assets"."status" <> 'desactivado' and "assets"."privacy" = 'publico';--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_open_per_ref" ON "holds" USING btree ("ref_type","ref_id") WHERE "holds"."status" = 'abierta';--> statement-breakpoint
CREATE INDEX "holds_user_idx" ON "holds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "movimientos_user_idx" ON "movimientos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."leida" = false;--> statement-breakpoint
CREATE INDEX "transacciones_user_idx" ON "transacciones" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_debit_idx" ON "transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "transfers_credit_idx" ON "transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "transfers_ref_idx" ON "transfers" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");