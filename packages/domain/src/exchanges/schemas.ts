import { z } from "zod";
import { assetSchema } from "../assets/contracts.ts";
import { MOBILITY_MODES, PROXIMITY_BADGES } from "./geo.ts";
import { EXCHANGE_MSG } from "./messages.ts";
import { EXCHANGE_KINDS, EXCHANGE_STATES } from "./process.ts";

/**
 * Request schemas and response contracts of the exchange calls
 * (calls-validation-errors §7 Exchanges). Server routes declare them; the web imports them.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const requiredUuid = (message: string, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .regex(UUID_RE, { message })
    .transform((s) => s.toLowerCase());

const message = z
  .string({ error: EXCHANGE_MSG.messageTooLong })
  .trim()
  .max(500, EXCHANGE_MSG.messageTooLong)
  .default("");

const creditosAdicionales = z
  .number({ error: EXCHANGE_MSG.creditsInvalid })
  .int(EXCHANGE_MSG.creditsInvalid)
  .min(0, EXCHANGE_MSG.creditsInvalid)
  .max(1_000_000_000, EXCHANGE_MSG.creditsInvalid)
  .default(0);

/** A bound of the wished value range, in pesos: fractions of a peso are rounded (issue 15 item 23). */
const rangeBound = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(1_000_000_000_000, message)
    .transform((n) => Math.round(n));

export const latLngSchema = z.object(
  {
    lat: z
      .number({ error: EXCHANGE_MSG.locationInvalid })
      .min(-90, EXCHANGE_MSG.locationInvalid)
      .max(90, EXCHANGE_MSG.locationInvalid),
    lng: z
      .number({ error: EXCHANGE_MSG.locationInvalid })
      .min(-180, EXCHANGE_MSG.locationInvalid)
      .max(180, EXCHANGE_MSG.locationInvalid),
  },
  { error: EXCHANGE_MSG.locationInvalid },
);

export const mobilitySchema = z.enum(MOBILITY_MODES, { error: EXCHANGE_MSG.mobilityInvalid });

/** POST /exchanges */
export const createExchangeSchema = z.object({
  offeredAssetId: requiredUuid(EXCHANGE_MSG.invalidAssetId, EXCHANGE_MSG.assetsRequired),
  requestedAssetId: requiredUuid(EXCHANGE_MSG.invalidAssetId, EXCHANGE_MSG.assetsRequired),
  targetUserId: requiredUuid(EXCHANGE_MSG.invalidUserId, EXCHANGE_MSG.assetsRequired),
  message,
  /** Credits the proposer adds to balance the values (escrowed until the proposal ends). */
  creditosAdicionales,
});
export type CreateExchangeInput = z.input<typeof createExchangeSchema>;
export type CreateExchangeData = z.output<typeof createExchangeSchema>;

/** POST /intercambios/proponer-local */
export const createLocalExchangeSchema = createExchangeSchema.extend({ mobility: mobilitySchema.default("car") });
export type CreateLocalExchangeInput = z.input<typeof createLocalExchangeSchema>;
export type CreateLocalExchangeData = z.output<typeof createLocalExchangeSchema>;

export const exchangeIdParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(UUID_RE, EXCHANGE_MSG.invalidProposalId)
    .transform((s) => s.toLowerCase()),
});

/** PATCH /exchanges/{id}/status */
export const exchangeStatusSchema = z.object({
  status: z.enum(["aceptada", "rechazada", "cancelada"], { error: EXCHANGE_MSG.statusInvalid }),
});

/** POST /intercambios/ofertas */
export const createOpenOfferSchema = z
  .object({
    activoId: requiredUuid(EXCHANGE_MSG.invalidAssetId, EXCHANGE_MSG.offerFieldsRequired),
    tipoIntercambio: z.enum(["P2P", "ChanChan"]).default("P2P"),
    categoriaDeseada: z
      .string({ error: EXCHANGE_MSG.offerFieldsRequired })
      .trim()
      .min(1, EXCHANGE_MSG.offerFieldsRequired)
      .max(80),
    subcategoriaDeseada: z.string().trim().max(120).default(""),
    /** Defaults to 80-120% of the asset's base value (the server fills it in). */
    rangoValorDeseadoCOP: z
      .object(
        { min: rangeBound(EXCHANGE_MSG.rangeMinInvalid), max: rangeBound(EXCHANGE_MSG.rangeMaxInvalid) },
        { error: EXCHANGE_MSG.rangeShape },
      )
      .refine((r) => r.min <= r.max, EXCHANGE_MSG.rangeInvalid)
      .optional(),
    modalidadEconomica: z.enum(["creditos", "dinero", "mixto"]).default("creditos"),
    radioKm: z.number().min(0).max(1000).default(10),
    preferenciaContraparte: z.string().trim().max(40).default("cualquiera"),
    permiteContraofertas: z.boolean().default(true),
    /** The spec's client may send its own id: ignored, the offer is always the session user's. */
    userId: z.unknown().optional(),
  })
  .transform(({ userId: _ignored, ...offer }) => offer);
export type CreateOpenOfferInput = z.input<typeof createOpenOfferSchema>;
export type CreateOpenOfferData = z.output<typeof createOpenOfferSchema>;

export const openOffersQuerySchema = z.object({ tipo: z.enum(["mias", "todas"]).optional() });

/** POST /intercambios/buscar-cercanos */
export const nearbySearchSchema = z.object({
  userLocation: latLngSchema,
  mobility: mobilitySchema.default("car"),
});
export type NearbySearchInput = z.input<typeof nearbySearchSchema>;

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

const exchangeAssetSchema = z.object({
  _id: z.string(),
  title: z.string(),
  category: z.string(),
  creditosAsignados: z.number().int(),
  baseValueCOP: z.number().int(),
  thumbnail: z.string().nullable(),
});
const personSchema = z.object({ _id: z.string(), name: z.string() });

export const exchangeProposalSchema = z.object({
  _id: z.string(),
  offeredAssetId: exchangeAssetSchema,
  requestedAssetId: exchangeAssetSchema,
  targetUserId: personSchema,
  proposingUserId: personSchema,
  message: z.string(),
  status: z.enum(EXCHANGE_STATES),
  tipo: z.enum(EXCHANGE_KINDS),
  creditosAdicionales: z.number().int(),
  createdAt: z.string(),
  /** When a pending proposal expires; null once closed. */
  expiresAt: z.string().nullable(),
});
export type ExchangeProposal = z.infer<typeof exchangeProposalSchema>;

export const exchangeProposalResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: exchangeProposalSchema,
});
export const exchangeListResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  data: z.array(exchangeProposalSchema),
});
export type ExchangeListResponse = z.infer<typeof exchangeListResponseSchema>;

export const openOfferSchema = z.object({
  _id: z.string(),
  activoId: z.string(),
  activoOfrecidoId: exchangeAssetSchema,
  userId: personSchema,
  tipoIntercambio: z.enum(["P2P", "ChanChan"]),
  categoriaDeseada: z.string(),
  subcategoriaDeseada: z.string(),
  rangoValorDeseadoCOP: z.object({ min: z.number().int(), max: z.number().int() }),
  modalidadEconomica: z.enum(["creditos", "dinero", "mixto"]),
  radioKm: z.number(),
  preferenciaContraparte: z.string(),
  permiteContraofertas: z.boolean(),
  estado: z.enum(["abierta", "cerrada"]),
  createdAt: z.string(),
  /** The session user's assets that fit this offer (category, subcategory when set, value range). */
  activosCompatibles: z.array(exchangeAssetSchema),
});
export type OpenOffer = z.infer<typeof openOfferSchema>;
export const openOfferResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: openOfferSchema,
});
export const openOfferListResponseSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  data: z.array(openOfferSchema),
});
export type OpenOfferListResponse = z.infer<typeof openOfferListResponseSchema>;

export const nearbyAssetSchema = assetSchema.extend({
  distanceKm: z.number(),
  proximityBadge: z.enum(PROXIMITY_BADGES),
});
export type NearbyAsset = z.infer<typeof nearbyAssetSchema>;
export const nearbyResponseSchema = z.object({
  success: z.literal(true),
  results: z.array(nearbyAssetSchema),
  count: z.number().int(),
  maxKm: z.number(),
});
export type NearbyResponse = z.infer<typeof nearbyResponseSchema>;
