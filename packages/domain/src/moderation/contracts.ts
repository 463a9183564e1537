import { z } from "zod";
import { REPORT_MOTIVOS, REPORT_TIPOS } from "./messages.ts";

/** What POST /api/reportes stored. */
export const reportSchema = z.object({
  _id: z.string(),
  tipo: z.enum(REPORT_TIPOS),
  objetivoId: z.string(),
  motivo: z.enum(REPORT_MOTIVOS),
  descripcion: z.string(),
  estado: z.enum(["abierto", "cerrado"]),
  createdAt: z.string().describe("ISO 8601"),
});
export type Report = z.infer<typeof reportSchema>;

export const reportCreatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: reportSchema,
});
export type ReportCreatedResponse = z.infer<typeof reportCreatedResponseSchema>;

/** A deal still running, as the desk lists it for a suspended person. */
export const openDealSchema = z.object({
  _id: z.string(),
  proceso: z.string().describe("Nombre del proceso (custodia, prestamo, alquiler...)"),
  procesoLabel: z.string(),
  estado: z.string(),
  activoId: z.string().nullable(),
  activoTitulo: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
});
export type OpenDeal = z.infer<typeof openDealSchema>;

/** What a report is about, as the desk shows it. */
export const reportTargetSchema = z.object({
  existe: z.boolean().describe("false si lo reportado ya no existe"),
  titulo: z.string().describe("Título del activo, nombre de la persona o texto del mensaje"),
  activoId: z.string().nullable().describe("El activo reportado, o el del chat del mensaje"),
  oculto: z.boolean().describe("El activo está oculto"),
  persona: z
    .object({ _id: z.string(), name: z.string(), suspendido: z.boolean() })
    .nullable()
    .describe("Dueño del activo, la persona reportada o quien envió el mensaje"),
});
export type ReportTarget = z.infer<typeof reportTargetSchema>;

export const adminReportSchema = reportSchema.extend({
  reportante: z.object({ _id: z.string(), name: z.string() }),
  objetivo: reportTargetSchema,
  reportesDelObjetivo: z.number().int().describe("Reportes abiertos sobre el mismo objetivo"),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/admin/reportes */
export const adminReportListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminReportSchema),
  total: z.number().int(),
});
export type AdminReportListResponse = z.infer<typeof adminReportListResponseSchema>;

export const hiddenAssetSchema = z.object({
  _id: z.string(),
  title: z.string(),
  owner: z.object({ _id: z.string(), name: z.string() }),
  motivo: z.string(),
  desde: z.string().describe("ISO 8601"),
});
export type HiddenAsset = z.infer<typeof hiddenAssetSchema>;

export const suspendedUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  motivo: z.string(),
  desde: z.string().describe("ISO 8601"),
  operacionesAbiertas: z.array(openDealSchema),
});
export type SuspendedUser = z.infer<typeof suspendedUserSchema>;

/** GET /api/admin/moderacion: what is hidden or suspended now, with the suspended people's open deals. */
export const moderationOverviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ activosOcultos: z.array(hiddenAssetSchema), usuariosSuspendidos: z.array(suspendedUserSchema) }),
});
export type ModerationOverviewResponse = z.infer<typeof moderationOverviewResponseSchema>;

/** POST /api/admin/activos/{id}/ocultar and /mostrar */
export const assetModerationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ activoId: z.string(), oculto: z.boolean(), motivo: z.string().nullable() }),
});
export type AssetModerationResponse = z.infer<typeof assetModerationResponseSchema>;

/** POST /api/admin/usuarios/{id}/suspender and /reactivar */
export const userModerationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    usuarioId: z.string(),
    suspendido: z.boolean(),
    motivo: z.string().nullable(),
    operacionesAbiertas: z.array(openDealSchema).describe("Operaciones en curso de la persona, para revisarlas"),
  }),
});
export type UserModerationResponse = z.infer<typeof userModerationResponseSchema>;

/** POST /api/admin/reportes/{id}/cerrar */
export const reportClosedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), estado: z.literal("cerrado") }),
});
export type ReportClosedResponse = z.infer<typeof reportClosedResponseSchema>;
