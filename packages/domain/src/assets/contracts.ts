import { z } from "zod";
import { creditsSchema as credits } from "../common/contracts.ts";

/**
 * Response contracts of the assets area (calls §7). Documented in /api/docs and
 * checked against real answers by the server's tests.
 */

/** The owner as the detail and the feed show it (populated `userId`). */
export const assetOwnerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  apellido: z.string(),
  ciudad: z.string(),
  pais: z.string(),
});
export type AssetOwnerDto = z.infer<typeof assetOwnerSchema>;

/** An asset as the client reads it: `_id`, both credit field spellings, the owner populated when known. */
export const assetSchema = z.object({
  _id: z.string(),
  userId: z.union([z.string(), assetOwnerSchema]).describe("Id del dueño, o el dueño en el feed y el detalle"),
  title: z.string(),
  description: z.string(),
  assetType: z.string().describe("bien | tiempo | dinero"),
  type: z.string().describe("Igual a assetType"),
  origin: z.string(),
  category: z.string(),
  subcategory: z.string(),
  especializacion: z.string(),
  condition: z.string(),
  physicalState: z.string(),
  yearOfPurchase: z.number().int().nullable(),
  baseValueCOP: z.number().int(),
  location: z.string(),
  ubicacion: z.object({ ciudad: z.string(), departamento: z.string() }),
  mainPurpose: z.string(),
  privacy: z.string(),
  images: z.array(z.string()).describe("URLs de las fotos (WebP)"),
  thumbnails: z.array(z.string()),
  depreciation: z.number().int(),
  valorActualCOP: z.number().int(),
  valorCOPOriginal: z.number().int(),
  valorCOPReconocido: z.number().int(),
  antiguedadAnios: z.number().int(),
  creditosAsignados: credits,
  valueCredits: credits,
  credits: credits,
  estadoCredito: z.string().describe("bloqueado | liberado"),
  vecesUsado: z.number().int(),
  status: z.string().describe("activo | disponible | operacion | desactivado | ..."),
  horas: z.number().int().nullable(),
  especializado: z.boolean().nullable(),
  tipoServicio: z.string().nullable(),
  monto: z.number().int().nullable(),
  tipoAporte: z.string().nullable(),
  createdAt: z.string().describe("ISO 8601"),
  updatedAt: z.string().describe("ISO 8601"),
  distanciaKm: z
    .number()
    .nullable()
    .optional()
    .describe("Con lat y lng: km (redondeados) hasta el punto público del activo, nunca el exacto; null si no tiene"),
  oculto: z
    .object({ motivo: z.string(), porSuspension: z.boolean() })
    .optional()
    .describe("Solo para su dueño (y administradores): la publicación está oculta por moderación, y por qué"),
});
export type AssetContract = z.infer<typeof assetSchema>;

/** The owner's balances after an operation. */
export const balancesSchema = z.object({
  creditosDisponibles: credits,
  creditosBloqueados: credits,
  credits: credits.describe("disponibles + bloqueados"),
  lastUpdated: z.string().nullable().describe("ISO 8601"),
});
export type BalancesDto = z.infer<typeof balancesSchema>;

export const userCreditsSchema = z.object({ previous: credits, added: credits, current: credits });

/** POST /api/assets */
export const assetRegisteredResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: assetSchema,
  userCredits: userCreditsSchema,
});
export type AssetRegisteredResponse = z.infer<typeof assetRegisteredResponseSchema>;

const timeAssetSchema = assetSchema.extend({
  creditos: credits,
  valorTotal: z.number().int(),
  valorHora: z.number().int(),
});
/** POST /api/tiempo/registrar */
export const timeRegisteredResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  activo: timeAssetSchema,
  data: timeAssetSchema,
  userCredits: userCreditsSchema,
});
export type TimeRegisteredResponse = z.infer<typeof timeRegisteredResponseSchema>;

const moneyAssetSchema = assetSchema.extend({
  monto: z.number().int(),
  creditos: credits,
  valorTotal: z.number().int(),
});
/** POST /api/dinero/registrar */
export const moneyRegisteredResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  activo: moneyAssetSchema,
  data: moneyAssetSchema,
  userCredits: userCreditsSchema,
});
export type MoneyRegisteredResponse = z.infer<typeof moneyRegisteredResponseSchema>;

/** GET /api/assets (the public feed) */
export const assetListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(assetSchema),
  total: z.number().int().describe("Cuántos activos cumplen la búsqueda y los filtros (todos, no solo esta página)"),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AssetListResponse = z.infer<typeof assetListResponseSchema>;

/** GET /api/assets/mine, /api/assets/user/{userId}: one page; `total` counts every matching asset. */
export const pagedAssetListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(assetSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type PagedAssetListResponse = z.infer<typeof pagedAssetListResponseSchema>;

/** GET /api/activos/{id} */
export const assetDetailResponseSchema = z.object({ success: z.literal(true), data: assetSchema });
export type AssetDetailResponse = z.infer<typeof assetDetailResponseSchema>;

/** PUT /api/activos/desactivar/{id} */
export const assetDeactivatedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    asset: assetSchema,
    creditMovement: z.object({ creditosDestruidos: credits, razon: z.string() }),
    balanceActualizado: balancesSchema,
  }),
});
export type AssetDeactivatedResponse = z.infer<typeof assetDeactivatedResponseSchema>;

/** PUT /api/operaciones/finalizar/{id} */
export const operationFinishedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    asset: assetSchema,
    creditMovement: z.object({ creditosLiberados: credits }),
    balanceActualizado: balancesSchema,
  }),
});
export type OperationFinishedResponse = z.infer<typeof operationFinishedResponseSchema>;

/** POST /api/activos/liberar-creditos */
export const creditsReleasedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ creditosLiberados: credits, yaLiberados: z.boolean(), balanceActualizado: balancesSchema }),
});
export type CreditsReleasedResponse = z.infer<typeof creditsReleasedResponseSchema>;

/** POST /api/assets/migrate-valorizacion */
export const valuationMigratedResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  stats: z.object({ updated: z.number().int(), total: z.number().int() }),
});
export type ValuationMigratedResponse = z.infer<typeof valuationMigratedResponseSchema>;

/** GET /api/formularios/categorias */
export const categoriesResponseSchema = z.object({
  success: z.literal(true),
  categorias: z
    .array(
      z.object({
        id: z.string(),
        nombre: z.string(),
        subcategorias: z
          .array(z.object({ id: z.string(), nombre: z.string(), especializaciones: z.array(z.string()).readonly() }))
          .readonly(),
      }),
    )
    .readonly(),
  ratio: z.string(),
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
