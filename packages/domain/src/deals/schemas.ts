import { z } from "zod";
import { CUSTODY_CODE_RE, CUSTODY_STATES, CUSTODY_TRANSACTION_TYPES, PAYMENT_MODES } from "./custody.ts";
import { DEALS_MSG } from "./messages.ts";

/**
 * Request schemas and response contracts of the sale and custody calls
 * (calls-validation-errors §7 Transactions, Custody). Server and web import
 * these; the server declares them on its routes, so they appear in /api/docs.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());
const requiredUuid = (message: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());

// ---------------------------------------------------------------------------
// POST /api/transacciones/crear
// ---------------------------------------------------------------------------

/**
 * The buyer's purchase. compradorId must be the session user and vendedorId
 * the asset's owner (checked by the server). `monto` is optional; when sent it
 * must equal the server's price in the chosen unit (credits for 'creditos',
 * COP for 'dinero'), otherwise the purchase is refused (409) so nobody buys at
 * a price they did not see. The server always charges its own price.
 */
export const createSaleSchema = z.object({
  activoId: uuidField(DEALS_MSG.invalidAssetId),
  compradorId: uuidField(DEALS_MSG.invalidUserId),
  vendedorId: uuidField(DEALS_MSG.invalidUserId),
  modoPago: z.enum(PAYMENT_MODES, { error: DEALS_MSG.paymentMethodRequired }),
  monto: z
    .number({ error: "El monto debe ser un número" })
    .int("El monto debe ser un número entero")
    .min(0, "El monto no puede ser negativo")
    .max(9_000_000_000_000, "El monto es demasiado grande")
    .optional(),
});
export type CreateSaleInput = z.input<typeof createSaleSchema>;
export type CreateSaleData = z.output<typeof createSaleSchema>;

// ---------------------------------------------------------------------------
// Custody
// ---------------------------------------------------------------------------

export const assignCustodySchema = z.object({
  assetId: requiredUuid(DEALS_MSG.invalidAssetId, DEALS_MSG.custodyFieldsRequired),
  receptorId: requiredUuid(DEALS_MSG.invalidUserId, DEALS_MSG.custodyFieldsRequired),
  tipoTransaccion: z.enum(CUSTODY_TRANSACTION_TYPES, { error: DEALS_MSG.invalidTransactionType }).default("venta"),
  notas: z.string({ error: DEALS_MSG.notesTooLong }).trim().max(500, DEALS_MSG.notesTooLong).default(""),
});
export type AssignCustodyInput = z.input<typeof assignCustodySchema>;
export type AssignCustodyData = z.output<typeof assignCustodySchema>;

export const custodyCodeParamsSchema = z.object({
  code: z
    .string({ error: DEALS_MSG.custodyCodeRequired })
    .trim()
    .min(1, DEALS_MSG.custodyCodeRequired)
    .regex(CUSTODY_CODE_RE, DEALS_MSG.codeFormat),
});
export const custodyIdParamsSchema = z.object({ id: uuidField(DEALS_MSG.invalidCustodyId) });

const partySchema = z.object({ _id: z.string(), name: z.string() });

/**
 * One custody as its parties see it. `codigoConfirmacion` is present only for
 * the offerer and only while pendiente. `creditosBloqueados` = what
 * confirmation pays the offerer: the escrowed payment (`pagoCreditos`) plus the
 * asset's credits still blocked when the custody opened (`creditosActivo`).
 */
export const custodySchema = z.object({
  _id: z.string(),
  assetId: z.object({ _id: z.string(), title: z.string() }),
  oferenteId: partySchema,
  receptorId: partySchema,
  tipoTransaccion: z.enum(CUSTODY_TRANSACTION_TYPES),
  estado: z.enum(CUSTODY_STATES),
  creditosBloqueados: z.number().int(),
  pagoCreditos: z.number().int(),
  creditosActivo: z.number().int(),
  modoPago: z.enum(PAYMENT_MODES).nullable(),
  montoCOP: z.number().int(),
  codigoConfirmacion: z.string().optional(),
  notas: z.string(),
  fechaIngreso: z.string(),
  fechaSalida: z.string().nullable(),
  /** When a pending custody expires (cancelled and refunded), ISO time; null once closed. */
  fechaLimite: z.string().nullable(),
  /** The session user's role in it: the web shows the 'Tú' badge from it. */
  miRol: z.enum(["oferente", "receptor"]),
});
export type Custody = z.infer<typeof custodySchema>;

export const balanceSchema = z.object({
  creditosDisponibles: z.number().int(),
  creditosBloqueados: z.number().int(),
  credits: z.number().int(),
});

export const saleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  custodia: custodySchema,
  transaccion: z.object({
    _id: z.string(),
    activoId: z.string(),
    compradorId: z.string(),
    vendedorId: z.string(),
    modoPago: z.enum(PAYMENT_MODES),
    montoCreditos: z.number().int(),
    montoCOP: z.number().int(),
    estado: z.enum(CUSTODY_STATES),
  }),
  balanceActualizado: balanceSchema,
});
export type SaleResponse = z.infer<typeof saleResponseSchema>;

export const custodyListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(custodySchema),
  custodias: z.array(custodySchema),
});
export type CustodyListResponse = z.infer<typeof custodyListResponseSchema>;

export const custodyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  custodia: custodySchema,
  balanceActualizado: balanceSchema,
});
export type CustodyResponse = z.infer<typeof custodyResponseSchema>;
