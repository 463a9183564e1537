import { z } from "zod";

export const transaccionSchema = z.object({
  _id: z.string(),
  type: z.string().describe("registro | retiro | intercambio | venta | donación | préstamo | regalo | alquiler | ..."),
  assetId: z.object({ _id: z.string(), title: z.string(), category: z.string() }).nullable(),
  amountCOP: z.number().int(),
  amountCredits: z.number().int(),
  description: z.string(),
  createdAt: z.string().describe("ISO 8601"),
});
export type TransaccionDto = z.infer<typeof transaccionSchema>;

export const movimientoSchema = z.object({
  _id: z.string(),
  tipo: z.string().describe("publicar | retirar | retiro | intercambio-propuesta | intercambio | venta | ..."),
  descripcion: z.string(),
  valor: z.number().int(),
  assetId: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
});
export type MovimientoDto = z.infer<typeof movimientoSchema>;

/** GET /api/transacciones/mis-transacciones/all */
export const transaccionesResponseSchema = z.object({ success: z.literal(true), data: z.array(transaccionSchema) });
/** GET /api/movimientos/mis-movimientos/all and /api/movimientos/{userId} */
export const movimientosResponseSchema = z.object({ success: z.literal(true), data: z.array(movimientoSchema) });
