import { z } from "zod";

/** Most notifications one call may mark as read. */
export const MARK_READ_MAX_IDS = 500;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOTIFICATION_ID_MSG = "Cada notificación debe tener un identificador válido";

/** POST /api/notificaciones/marcar-leidas */
export const markReadSchema = z.object({
  notificacionIds: z
    .array(
      z
        .string({ error: NOTIFICATION_ID_MSG })
        .trim()
        .regex(UUID_RE, { message: NOTIFICATION_ID_MSG })
        .transform((s) => s.toLowerCase()),
      { error: "notificacionIds debe ser una lista de identificadores" },
    )
    .max(MARK_READ_MAX_IDS, `Puedes marcar como máximo ${MARK_READ_MAX_IDS} notificaciones a la vez`)
    .describe("Notificaciones a marcar como leídas; una lista vacía marca todas las del usuario"),
});
export type MarkReadInput = z.input<typeof markReadSchema>;
