-- Outcomes in the process tables and one engine (issue 18 items 2 and 3, ADR 024).
-- deals.outcome / outcome_role / outcome_proof: how a closed deal ended, as its process table declares
-- on the transition that closed it (resultado, the role that caused it, what a completion proved).
-- deals.parent_id: the deal that started this one as a sub-process (a loan's collateral).
-- Backfills: the outcome of every closed deal from its last history row (the mapping below is the
-- tables' as of this migration, plus the collateral's retired safety-net transition 'cerrar'); the
-- collateral deals' parent loans; active loans' reminders as engine timers (they were swept by a
-- setInterval until now) and their deadline counted from the due date; the collateral's placeholder
-- timers retired. Runs unchanged on PGlite and PostgreSQL 15. One statement per breakpoint.

ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "outcome" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "outcome_role" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "outcome_proof" text;
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN IF NOT EXISTS "parent_id" uuid REFERENCES "deals"("id");
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_outcome" CHECK ("outcome" IS NULL OR "outcome" IN ('completado', 'cancelado', 'rechazado', 'retirado', 'vencido', 'incumplido', 'cerrado'));
--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_outcome_proof" CHECK ("outcome_proof" IS NULL OR ("outcome" = 'completado' AND "outcome_proof" IN ('entrega', 'devolucion')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deals_parent_idx" ON "deals" ("parent_id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "deals" d SET "outcome" = m.resultado, "outcome_role" = coalesce(m.por, h.actor_role), "outcome_proof" = m.confirma
FROM (VALUES
  ('custodia', 'confirmar', 'completado', NULL, 'entrega'),
  ('custodia', 'cancelar', 'cancelado', NULL, NULL),
  ('custodia', 'expirar', 'vencido', NULL, NULL),
  ('prestamo', 'confirmarDevolucion', 'completado', NULL, 'devolucion'),
  ('prestamo', 'marcarVencido', 'incumplido', 'prestatario', NULL),
  ('prestamo', 'vencer', 'incumplido', 'prestatario', NULL),
  ('prestamo', 'cancelar', 'cancelado', NULL, NULL),
  ('prestamo', 'rechazar', 'rechazado', NULL, NULL),
  ('prestamo', 'expirar', 'vencido', NULL, NULL),
  ('garantia_prestamo', 'liberar', 'cerrado', NULL, NULL),
  ('garantia_prestamo', 'cerrar', 'cerrado', NULL, NULL),
  ('garantia_prestamo', 'ejecutar', 'incumplido', 'prestatario', NULL),
  ('alquiler', 'finalizar', 'completado', NULL, 'entrega'),
  ('alquiler', 'cerrar', 'completado', NULL, 'entrega'),
  ('alquiler', 'cancelar', 'cancelado', NULL, NULL),
  ('donacion', 'aceptar', 'completado', NULL, 'entrega'),
  ('donacion', 'rechazar', 'rechazado', NULL, NULL),
  ('donacion', 'cancelar', 'cancelado', NULL, NULL),
  ('donacion', 'expirar', 'vencido', NULL, NULL),
  ('intercambio', 'aceptar', 'completado', NULL, NULL),
  ('intercambio', 'rechazar', 'rechazado', NULL, NULL),
  ('intercambio', 'cancelar', 'retirado', NULL, NULL),
  ('intercambio', 'expirar', 'vencido', NULL, NULL),
  ('intercambio', 'cerrar', 'cerrado', NULL, NULL),
  ('intercambio_local', 'aceptar', 'completado', NULL, NULL),
  ('intercambio_local', 'rechazar', 'rechazado', NULL, NULL),
  ('intercambio_local', 'cancelar', 'retirado', NULL, NULL),
  ('intercambio_local', 'expirar', 'vencido', NULL, NULL),
  ('intercambio_local', 'cerrar', 'cerrado', NULL, NULL),
  ('compra_tienda', 'entregar', 'completado', NULL, NULL),
  ('compra_tienda', 'cancelar', 'cancelado', NULL, NULL),
  ('compra_tienda', 'expirar', 'vencido', NULL, NULL),
  ('retiro', 'aprobar', 'completado', NULL, NULL),
  ('retiro', 'rechazar', 'rechazado', NULL, NULL),
  ('retiro', 'expirar', 'vencido', NULL, NULL)
) AS m(process, transition, resultado, por, confirma),
(SELECT DISTINCT ON ("deal_id") "deal_id", "transition", "actor_role" FROM "deal_history" ORDER BY "deal_id", "id" DESC) h
WHERE d."closed_at" IS NOT NULL AND d."outcome" IS NULL AND h."deal_id" = d."id"
  AND m.process = d."process" AND m.transition = h."transition";
--> statement-breakpoint
UPDATE "deals" d SET "parent_id" = l."id" FROM "loans" l WHERE l."garantia_deal_id" = d."id" AND d."parent_id" IS NULL;
--> statement-breakpoint
UPDATE "deal_timers" SET "status" = 'cancelado', "fired_at" = now()
WHERE "status" = 'pendiente' AND "deal_id" IN (SELECT "id" FROM "deals" WHERE "process" = 'garantia_prestamo');
--> statement-breakpoint
UPDATE "deal_timers" t SET "due_at" = l."fecha_devolucion_esperada" + interval '365 days'
FROM "loans" l
WHERE t."deal_id" = l."id" AND t."status" = 'pendiente' AND t."name" = 'cierre' AND t."state" = 'activo'
  AND l."fecha_devolucion_esperada" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "deal_timers" ("deal_id", "name", "transition", "state", "due_at", "created_at")
SELECT l."id", 'recordatorio', 'recordarDevolucion', 'activo',
  greatest(l."fecha_devolucion_esperada" - interval '1 day', coalesce(l."fecha_aprobacion", now())), now()
FROM "loans" l JOIN "deals" d ON d."id" = l."id"
WHERE d."process" = 'prestamo' AND d."state" = 'activo' AND l."recordatorio_enviado" IS NULL
  AND l."fecha_devolucion_esperada" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "deal_timers" ("deal_id", "name", "transition", "state", "due_at", "created_at")
SELECT l."id", 'aviso_vencimiento', 'avisarVencimiento', 'activo',
  l."fecha_devolucion_esperada" + interval '1 millisecond', now()
FROM "loans" l JOIN "deals" d ON d."id" = l."id"
WHERE d."process" = 'prestamo' AND d."state" = 'activo' AND l."aviso_vencido_enviado" IS NULL
  AND l."fecha_devolucion_esperada" IS NOT NULL
ON CONFLICT DO NOTHING;
