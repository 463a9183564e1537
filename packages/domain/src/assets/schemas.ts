/**
 * Zod schemas and Spanish messages of asset registration (calls §5 "Asset
 * registration", §7 "Assets", §8 "Assets and registration"). Shared by the
 * server (authoritative) and the web forms.
 *
 * Numbers may also arrive as numeric strings from HTML inputs ("3", " 1500 "):
 * they are converted; an empty string counts as missing.
 */
import { z } from "zod";
import { invalidIdMessage, UUID_RE } from "../common/ids.ts";
import { isBlankText } from "../common/text.ts";
import { MAX_AMOUNT_COP, MAX_IMAGES } from "../constants.ts";
import { isActionAllowed } from "../economy/actions.ts";
import {
  ASSET_ORIGINS,
  ASSET_PRIVACIES,
  ASSET_TYPES,
  CONDITIONS,
  currentYearInColombia,
  MAIN_PURPOSES,
  type MainPurpose,
  MONEY_CONTRIBUTION_TYPES,
  PHYSICAL_STATES,
  TIME_HOURS_MAX,
  TIME_HOURS_MIN,
  toAssetType,
  toMainPurpose,
  WIZARD_ASSET_TYPES,
  YEAR_OF_PURCHASE_MIN,
} from "../economy/constants.ts";
import {
  ASSET_MSG,
  CATEGORY_MAX,
  DESCRIPTION_MAX,
  LOCATION_MAX,
  PLACE_MAX,
  SUBCATEGORY_MAX,
  TITLE_MAX,
} from "./messages.ts";

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

const isMissing = (input: unknown) => input === undefined || input === null || input === "";

/** "3" -> 3, " 1500 " -> 1500, "" -> undefined; anything else unchanged (and then rejected by z.number). */
function toNumberish(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = value.trim();
  if (t === "") return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(t) ? Number(t) : value;
}

/** Required text: blank or only invisible characters (U+200B...) counts as missing. */
const requiredText = (required: string, max: number, maxMsg: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, maxMsg)
    .refine((v) => !isBlankText(v), required);

const optionalText = (max: number, maxMsg: string) => z.string({ error: maxMsg }).trim().max(max, maxMsg).optional();

const enumField = <const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.enum(values, { error: (iss) => (isMissing(iss.input) ? required : invalid) });

const mainPurposeField = (required: string) =>
  z.preprocess((v) => toMainPurpose(v) ?? v, enumField(MAIN_PURPOSES, required, ASSET_MSG.mainPurposeInvalid));

/** Purchase year: integer 1900..current year. Without a fixed year, "current" is read at parse time (Colombia). */
function yearOfPurchaseField(currentYear?: number) {
  const base = z
    .number({ error: (iss) => (isMissing(iss.input) ? ASSET_MSG.yearRequired : ASSET_MSG.yearInteger) })
    .int(ASSET_MSG.yearInteger)
    .min(YEAR_OF_PURCHASE_MIN, ASSET_MSG.yearMin);
  const bounded =
    currentYear === undefined
      ? base.refine((y) => y <= currentYearInColombia(), { error: () => ASSET_MSG.yearMax(currentYearInColombia()) })
      : base.max(currentYear, ASSET_MSG.yearMax(currentYear));
  return z.preprocess(toNumberish, bounded);
}

const imagesField = z
  .array(z.string({ error: ASSET_MSG.imagesInvalid }).trim().min(1, ASSET_MSG.imagesInvalid), {
    error: ASSET_MSG.imagesInvalid,
  })
  .max(MAX_IMAGES, ASSET_MSG.maxImages)
  .default([]);

const ubicacionSchema = z.object({
  ciudad: optionalText(PLACE_MAX, ASSET_MSG.placeMax).default(""),
  departamento: optionalText(PLACE_MAX, ASSET_MSG.placeMax).default(""),
});

/** The wizard's own userId (checked against the session): blank, or a well-formed id (else 400, issue 15 item 23). */
const userIdField = z
  .string({ error: invalidIdMessage("usuario") })
  .trim()
  .refine((s) => s === "" || (s.length <= 36 && UUID_RE.test(s)), invalidIdMessage("usuario"))
  .transform((s) => (s === "" ? undefined : s.toLowerCase()))
  .optional();

/**
 * Optional browser location of the asset ('usar mi ubicación'). The server
 * never stores or answers it as given: it keeps a point moved once by up to
 * ~500 m (ADR 013).
 */
const coordenadasField = z
  .object(
    {
      lat: z
        .number({ error: ASSET_MSG.coordsInvalid })
        .min(-90, ASSET_MSG.coordsInvalid)
        .max(90, ASSET_MSG.coordsInvalid),
      lng: z
        .number({ error: ASSET_MSG.coordsInvalid })
        .min(-180, ASSET_MSG.coordsInvalid)
        .max(180, ASSET_MSG.coordsInvalid),
    },
    { error: ASSET_MSG.coordsInvalid },
  )
  .optional();

/** Adds ASSET_MSG.actionNotAllowed at `path` when the matrix does not allow the action for the type. */
function checkActionAllowed(
  type: unknown,
  action: MainPurpose | string | undefined,
  path: string,
  ctx: { issues: z.core.$ZodRawIssue[]; value: unknown },
) {
  // Only judge a valid type and a valid action; a bad one already has its own issue.
  const assetType = toAssetType(type);
  if (assetType === null || action === undefined || !(MAIN_PURPOSES as readonly string[]).includes(action)) return;
  if (!isActionAllowed(assetType, action)) {
    ctx.issues.push({ code: "custom", message: ASSET_MSG.actionNotAllowed, path: [path], input: ctx.value });
  }
}

// ---------------------------------------------------------------------------
// POST /api/assets (registration form and wizard goods)
// ---------------------------------------------------------------------------

/**
 * The registration form, body of POST /api/assets. Required: title,
 * description, assetType, origin, category, condition, physicalState,
 * yearOfPurchase (1900..currentYear), baseValueCOP (whole pesos,
 * 0..MAX_AMOUNT_COP), mainPurpose. Optional: subcategory, location,
 * especializacion, ubicacion, userId (the wizard sends it; the server checks
 * it against the session, never trusts it). privacy defaults to 'publico',
 * images (data URLs) to [] and at most 10.
 * assetType also accepts the wizard name "bienes"; mainPurpose also accepts the
 * spec's nouns (venta, prestamo, ...). The purpose must be allowed for the type
 * by the actions matrix (e.g. dinero cannot be 'vender').
 *
 * @param currentYear fixes the max purchase year (tests, a form rendered for a
 *   given year). Omitted: the current year in Colombia at each parse.
 */
export function makeAssetFormSchema(currentYear?: number) {
  return z
    .object({
      title: requiredText(ASSET_MSG.titleRequired, TITLE_MAX, ASSET_MSG.titleMax),
      description: requiredText(ASSET_MSG.descriptionRequired, DESCRIPTION_MAX, ASSET_MSG.descriptionMax),
      assetType: z.preprocess(
        (v) => toAssetType(v) ?? v,
        enumField(ASSET_TYPES, ASSET_MSG.assetTypeRequired, ASSET_MSG.assetTypeInvalid),
      ),
      origin: enumField(ASSET_ORIGINS, ASSET_MSG.originRequired, ASSET_MSG.originInvalid),
      category: requiredText(ASSET_MSG.categoryRequired, CATEGORY_MAX, ASSET_MSG.categoryMax),
      subcategory: optionalText(SUBCATEGORY_MAX, ASSET_MSG.subcategoryMax),
      especializacion: optionalText(SUBCATEGORY_MAX, ASSET_MSG.especializacionMax),
      condition: enumField(CONDITIONS, ASSET_MSG.conditionRequired, ASSET_MSG.conditionInvalid),
      physicalState: enumField(PHYSICAL_STATES, ASSET_MSG.physicalStateRequired, ASSET_MSG.physicalStateInvalid),
      yearOfPurchase: yearOfPurchaseField(currentYear),
      baseValueCOP: z.preprocess(
        toNumberish,
        z
          .number({
            error: (iss) => (isMissing(iss.input) ? ASSET_MSG.baseValueRequired : ASSET_MSG.baseValueNumber),
          })
          .int(ASSET_MSG.baseValueInteger)
          .min(0, ASSET_MSG.baseValueMin)
          .max(MAX_AMOUNT_COP, ASSET_MSG.baseValueMax),
      ),
      location: optionalText(LOCATION_MAX, ASSET_MSG.locationMax),
      ubicacion: ubicacionSchema.optional(),
      coordenadas: coordenadasField,
      mainPurpose: mainPurposeField(ASSET_MSG.actionRequired),
      privacy: z.enum(ASSET_PRIVACIES, { error: ASSET_MSG.privacyInvalid }).default("publico"),
      images: imagesField,
      userId: userIdField,
    })
    .check((ctx) => checkActionAllowed(ctx.value.assetType, ctx.value.mainPurpose, "mainPurpose", ctx));
}
/** makeAssetFormSchema() with the current year (Colombia) read at each parse. */
export const assetFormSchema = makeAssetFormSchema();
export type AssetFormInput = z.input<typeof assetFormSchema>;
export type AssetFormData = z.output<typeof assetFormSchema>;

// ---------------------------------------------------------------------------
// Sell form (/vender)
// ---------------------------------------------------------------------------

/**
 * The sell form. A missing title, description or price gives the one spec
 * message ASSET_MSG.sellMissingFields. Price >= 0 (whole pesos). The output is
 * a ready POST /api/assets body: mainPurpose 'vender' and privacy 'publico'
 * always (calls §5), assetType 'bien', origin 'personal'.
 */
export function makeSellFormSchema(currentYear?: number) {
  const missing = ASSET_MSG.sellMissingFields;
  return z
    .object({
      title: requiredText(missing, TITLE_MAX, ASSET_MSG.titleMax),
      description: requiredText(missing, DESCRIPTION_MAX, ASSET_MSG.descriptionMax),
      baseValueCOP: z.preprocess(
        toNumberish,
        z
          .number({ error: (iss) => (isMissing(iss.input) ? missing : ASSET_MSG.baseValueNumber) })
          .int(ASSET_MSG.baseValueInteger)
          .min(0, ASSET_MSG.priceMin)
          .multipleOf(1000, ASSET_MSG.priceStep)
          .max(MAX_AMOUNT_COP, ASSET_MSG.baseValueMax),
      ),
      category: requiredText(ASSET_MSG.categoryRequired, CATEGORY_MAX, ASSET_MSG.categoryMax),
      subcategory: optionalText(SUBCATEGORY_MAX, ASSET_MSG.subcategoryMax),
      condition: enumField(CONDITIONS, ASSET_MSG.conditionRequired, ASSET_MSG.conditionInvalid),
      physicalState: enumField(PHYSICAL_STATES, ASSET_MSG.physicalStateRequired, ASSET_MSG.physicalStateInvalid),
      yearOfPurchase: yearOfPurchaseField(currentYear),
      location: optionalText(LOCATION_MAX, ASSET_MSG.locationMax),
      coordenadas: coordenadasField,
      images: imagesField,
    })
    .transform((v) => ({
      ...v,
      assetType: "bien" as const,
      origin: "personal" as const,
      mainPurpose: "vender" as const,
      privacy: "publico" as const,
    }));
}
export const sellFormSchema = makeSellFormSchema();

// ---------------------------------------------------------------------------
// PUT /activos/publicar/{id}
// ---------------------------------------------------------------------------

/**
 * Publishing again an asset its owner received unlisted (after a sale, an exchange, a donation
 * or a gift, deals.md): the purpose it is listed for; the matrix of the asset's type applies.
 */
export const publishAssetSchema = z.object({ mainPurpose: mainPurposeField(ASSET_MSG.actionRequired) });
export type PublishAssetData = z.output<typeof publishAssetSchema>;
export type SellFormInput = z.input<typeof sellFormSchema>;
export type SellFormData = z.output<typeof sellFormSchema>;

// ---------------------------------------------------------------------------
// Wizard (/registrar-activo family)
// ---------------------------------------------------------------------------

/** Steps 1-2: type (bienes|tiempo|dinero, "bien" accepted) and an action the matrix allows. */
export const wizardSelectionSchema = z
  .object({
    type: z.preprocess(
      (v) => (v === "bien" ? "bienes" : v),
      enumField(WIZARD_ASSET_TYPES, ASSET_MSG.assetTypeRequired, ASSET_MSG.assetTypeRequired),
    ),
    action: enumField(MAIN_PURPOSES, ASSET_MSG.actionRequired, ASSET_MSG.actionRequired),
  })
  .check((ctx) => checkActionAllowed(ctx.value.type, ctx.value.action, "action", ctx));
export type WizardSelection = z.output<typeof wizardSelectionSchema>;

/**
 * Step 3 for goods: category, value and description required ('Completa todos
 * los campos del bien'); value a whole number of pesos > 0 ('El valor del bien
 * debe ser un número positivo').
 */
export const wizardGoodsSchema = z.object({
  category: requiredText(ASSET_MSG.goodsFieldsRequired, CATEGORY_MAX, ASSET_MSG.categoryMax),
  subcategory: optionalText(SUBCATEGORY_MAX, ASSET_MSG.subcategoryMax),
  especializacion: optionalText(SUBCATEGORY_MAX, ASSET_MSG.especializacionMax),
  baseValueCOP: z.preprocess(
    toNumberish,
    z
      .number({
        error: (iss) => (isMissing(iss.input) ? ASSET_MSG.goodsFieldsRequired : ASSET_MSG.goodsValuePositive),
      })
      .positive(ASSET_MSG.goodsValuePositive)
      .int(ASSET_MSG.goodsValueInteger)
      .max(MAX_AMOUNT_COP, ASSET_MSG.valueMax),
  ),
  description: requiredText(ASSET_MSG.goodsFieldsRequired, DESCRIPTION_MAX, ASSET_MSG.descriptionMax),
});
export type WizardGoodsInput = z.input<typeof wizardGoodsSchema>;

// ---------------------------------------------------------------------------
// POST /tiempo/registrar
// ---------------------------------------------------------------------------

/**
 * Time asset: tipo (service type), horas integer 1..10, especializado
 * (default false), descripcion; optional mainPurpose (must be allowed for
 * tiempo: not 'prestar') and userId (checked against the session).
 */
export const timeRegisterSchema = z
  .object({
    tipo: requiredText(ASSET_MSG.serviceTypeRequired, SUBCATEGORY_MAX, ASSET_MSG.subcategoryMax),
    horas: z.preprocess(
      toNumberish,
      z
        .number({ error: ASSET_MSG.hoursRange })
        .int(ASSET_MSG.hoursRange)
        .min(TIME_HOURS_MIN, ASSET_MSG.hoursRange)
        .max(TIME_HOURS_MAX, ASSET_MSG.hoursRange),
    ),
    especializado: z.boolean({ error: ASSET_MSG.especializadoInvalid }).default(false),
    descripcion: requiredText(ASSET_MSG.descriptionRequired, DESCRIPTION_MAX, ASSET_MSG.descriptionMax),
    mainPurpose: mainPurposeField(ASSET_MSG.actionRequired).optional(),
    userId: userIdField,
  })
  .check((ctx) => checkActionAllowed("tiempo", ctx.value.mainPurpose, "mainPurpose", ctx));
export type TimeRegisterInput = z.input<typeof timeRegisterSchema>;
export type TimeRegisterData = z.output<typeof timeRegisterSchema>;

// ---------------------------------------------------------------------------
// POST /dinero/registrar
// ---------------------------------------------------------------------------

/**
 * Money contribution: monto (whole pesos, 1..MAX_AMOUNT_COP), tipo
 * (donacion|inversion|prestamo|regalo|patrocinio|otro), descripcion; optional
 * mainPurpose (must be allowed for dinero: prestar, donar, regalar) and userId.
 */
export const moneyRegisterSchema = z
  .object({
    monto: z.preprocess(
      toNumberish,
      z
        .number({ error: (iss) => (isMissing(iss.input) ? ASSET_MSG.amountRequired : ASSET_MSG.amountPositive) })
        .positive(ASSET_MSG.amountPositive)
        .int(ASSET_MSG.amountInteger)
        .max(MAX_AMOUNT_COP, ASSET_MSG.amountMax),
    ),
    tipo: enumField(MONEY_CONTRIBUTION_TYPES, ASSET_MSG.contributionTypeRequired, ASSET_MSG.contributionTypeInvalid),
    descripcion: requiredText(ASSET_MSG.descriptionRequired, DESCRIPTION_MAX, ASSET_MSG.descriptionMax),
    mainPurpose: mainPurposeField(ASSET_MSG.actionRequired).optional(),
    userId: userIdField,
  })
  .check((ctx) => checkActionAllowed("dinero", ctx.value.mainPurpose, "mainPurpose", ctx));
export type MoneyRegisterInput = z.input<typeof moneyRegisterSchema>;
export type MoneyRegisterData = z.output<typeof moneyRegisterSchema>;

// ---------------------------------------------------------------------------
// GET /api/actions/{type}
// ---------------------------------------------------------------------------

const availability = z.union([z.boolean(), z.literal("compensacion")]);
export const actionsResponseSchema = z.object({
  success: z.literal(true),
  type: z.string(),
  availableActions: z.object({
    vender: availability,
    intercambiar: availability,
    prestar: availability,
    alquilar: availability,
    donar: availability,
    regalar: availability,
  }),
});
