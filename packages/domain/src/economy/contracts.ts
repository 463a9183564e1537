import { z } from "zod";
import { creditsSchema as credits } from "../common/contracts.ts";

export const economicReportSchema = z.object({
  creditosCirculacion: credits.describe("Suma de créditos disponibles y bloqueados de todos los usuarios"),
  creditosEmitidos: credits.describe("Créditos emitidos desde el inicio (menos el saldo de la cuenta de emisión)"),
  creditosDestruidos: credits.describe("Créditos destruidos desde el inicio"),
  creditosEnRevision: credits.describe("Créditos de activos autodeclarados retenidos en revisión (ADR 015)"),
  creditosLiberadosMes: credits.describe("Créditos de activos autodeclarados liberados este mes (hora de Colombia)"),
  colaLiberacion: z
    .object({
      creditos: credits.describe(
        "Créditos de personas verificadas que esperan su turno (ventana de 30 días o tope diario)",
      ),
      revisiones: z.number().int(),
      topeDiario: credits.describe(
        "Máximo que la plataforma libera sola por día: el mayor entre 20.000 y el 1 % de la circulación",
      ),
      liberadosHoy: credits.describe("Liberados hoy por la fila (hora de Colombia)"),
      esperanVerificacion: credits.describe("Créditos que esperan la verificación de identidad de su dueño"),
    })
    .describe("La fila de liberación de créditos autodeclarados (ADR 015), en orden de llegada"),
  metricas: z.object({
    totalUsuarios: z.number().int(),
    totalActivos: z.number().int().describe("Activos que no están desactivados"),
    creditosPromedioUsuario: credits.describe("Créditos en circulación por usuario, redondeado"),
  }),
  ultimaActualizacion: z.string().describe("ISO 8601"),
  equilibrado: z.boolean().describe("true cuando la suma de todos los saldos del libro es 0"),
  sistema: z.object({
    custodia: credits,
    tienda: credits,
    retiros: credits,
    tasaCambio: z.number().int().describe("COP por crédito"),
  }),
  historial: z
    .array(
      z.object({ fecha: z.string().describe("AAAA-MM-DD (hora de Colombia)"), emitidos: credits, destruidos: credits }),
    )
    .describe("Créditos emitidos y destruidos por día, últimos 30 días con actividad, del más antiguo al más reciente"),
});
export type EconomicReportDto = z.infer<typeof economicReportSchema>;

/** GET /api/economia/reporte */
export const economicReportResponseSchema = z.object({ success: z.literal(true), data: economicReportSchema });
/** GET /api/economia/estado */
export const economyStateResponseSchema = z.object({
  success: z.literal(true),
  tasaCambio: z.number().int(),
  moneda: z.literal("COP"),
});

/** GET /api/analytics/overview (no session): the figures /status shows. */
export const analyticsOverviewResponseSchema = z.object({
  success: z.literal(true),
  totalUsers: z.number(),
  totalTransactions: z.number(),
  activeUsers: z.number(),
  availableAssets: z.number(),
});
