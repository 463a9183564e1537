import { z } from "zod";

/** The admin desk (overview §6 Admin; issue 11): its append-only action log and shared wording. */
export const ADMIN_MSG = {
  title: "Escritorio de administración",
  restricted: "Acceso restringido: Esta función está temporalmente disponible solo para administradores.",
  forbidden: "Solo los administradores pueden realizar esta acción",
  logTitle: "Registro de acciones",
} as const;

export const ADMIN_ACTIONS = [
  "producto_creado",
  "producto_editado",
  "compra_entregada",
  "compra_cancelada",
  "retiro_aprobado",
  "retiro_rechazado",
  "creditos_aprobados",
  "usuario_verificado",
  "identidad_aprobada",
  "identidad_rechazada",
  "disputa_resuelta",
  "activo_ocultado",
  "activo_mostrado",
  "usuario_suspendido",
  "usuario_reactivado",
  "reporte_cerrado",
  // The limits area's decisions (issue 17) share the log.
  "limite_ampliado",
  "senal_revisada",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  producto_creado: "Producto creado",
  producto_editado: "Producto editado",
  compra_entregada: "Compra entregada",
  compra_cancelada: "Compra cancelada con reembolso",
  retiro_aprobado: "Retiro aprobado",
  retiro_rechazado: "Retiro rechazado",
  creditos_aprobados: "Créditos en revisión aprobados",
  usuario_verificado: "Persona verificada",
  identidad_aprobada: "Identidad aprobada",
  identidad_rechazada: "Identidad rechazada",
  disputa_resuelta: "Disputa resuelta",
  activo_ocultado: "Publicación oculta",
  activo_mostrado: "Publicación visible de nuevo",
  usuario_suspendido: "Cuenta suspendida",
  usuario_reactivado: "Cuenta reactivada",
  reporte_cerrado: "Reporte cerrado",
  limite_ampliado: "Límite ampliado",
  senal_revisada: "Señal revisada",
};

export const adminLogEntrySchema = z.object({
  _id: z.string(),
  admin: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  accion: z.enum(ADMIN_ACTIONS),
  objetoTipo: z.string(),
  objetoId: z.string(),
  detalle: z.string(),
  createdAt: z.string(),
});
export type AdminLogEntry = z.infer<typeof adminLogEntrySchema>;
export const adminLogResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminLogEntrySchema),
  total: z.number().int(),
});
export const adminLogQuerySchema = z.object({
  accion: z.enum(ADMIN_ACTIONS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
