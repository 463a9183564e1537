/**
 * Constants of the credit economy (overview.md §3 and §9, economy.md "Units").
 *
 * The exchange rate itself lives in ../constants.ts (TASA_CAMBIO_COP): it is
 * re-exported here only through the functions that use it.
 */

// ---------------------------------------------------------------------------
// Time assets (economy.md "Units"; overview §9)
// ---------------------------------------------------------------------------

/** COP per hour of a non-specialized time asset. */
export const TIME_RATE_COP = 30_000;
/** COP per hour of a specialized time asset. */
export const TIME_RATE_SPECIALIZED_COP = 120_000;
export const TIME_HOURS_MIN = 1;
export const TIME_HOURS_MAX = 10;

/** Purchase year bounds of a good (overview §9): min 1900, max current year. */
export const YEAR_OF_PURCHASE_MIN = 1900;
/** Year options: this many most recent years, then one per decade (overview §9). */
export const YEAR_OPTIONS_RECENT = 50;

// ---------------------------------------------------------------------------
// Asset types
// ---------------------------------------------------------------------------

/** Asset types as stored and sent by the registration form (overview §3). */
export const ASSET_TYPES = ["bien", "tiempo", "dinero"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Asset types as named by the wizard and by GET /api/actions/{type}. */
export const WIZARD_ASSET_TYPES = ["bienes", "tiempo", "dinero"] as const;
export type WizardAssetType = (typeof WIZARD_ASSET_TYPES)[number];

export const WIZARD_TO_ASSET_TYPE: Readonly<Record<WizardAssetType, AssetType>> = {
  bienes: "bien",
  tiempo: "tiempo",
  dinero: "dinero",
};
export const ASSET_TO_WIZARD_TYPE: Readonly<Record<AssetType, WizardAssetType>> = {
  bien: "bienes",
  tiempo: "tiempo",
  dinero: "dinero",
};

/**
 * Accepts either vocabulary ("bien" or "bienes", "tiempo", "dinero") and
 * returns the stored asset type, or null for anything else (e.g. a bad route
 * parameter of GET /api/actions/{type}). Exact, case-sensitive match.
 */
export function toAssetType(value: unknown): AssetType | null {
  if (typeof value !== "string") return null;
  if ((ASSET_TYPES as readonly string[]).includes(value)) return value as AssetType;
  if ((WIZARD_ASSET_TYPES as readonly string[]).includes(value)) {
    return WIZARD_TO_ASSET_TYPE[value as WizardAssetType];
  }
  return null;
}

export const ASSET_TYPE_LABELS: Readonly<Record<AssetType, string>> = {
  bien: "Bien",
  tiempo: "Tiempo",
  dinero: "Dinero",
};
export const WIZARD_ASSET_TYPE_LABELS: Readonly<Record<WizardAssetType, string>> = {
  bienes: "Bienes",
  tiempo: "Tiempo",
  dinero: "Dinero",
};

// ---------------------------------------------------------------------------
// Origin, condition, physical state
// ---------------------------------------------------------------------------

export const ASSET_ORIGINS = ["personal", "corporativo", "comunitario"] as const;
export type AssetOrigin = (typeof ASSET_ORIGINS)[number];
export const ASSET_ORIGIN_LABELS: Readonly<Record<AssetOrigin, string>> = {
  personal: "Personal",
  corporativo: "Corporativo",
  comunitario: "Comunitario",
};

export const CONDITIONS = ["nuevo", "usado"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  nuevo: "Nuevo",
  usado: "Usado",
};

export const PHYSICAL_STATES = ["excelente", "bueno", "regular", "malo"] as const;
export type PhysicalState = (typeof PHYSICAL_STATES)[number];
export const PHYSICAL_STATE_LABELS: Readonly<Record<PhysicalState, string>> = {
  excelente: "Excelente",
  bueno: "Bueno",
  regular: "Regular",
  malo: "Malo",
};

// ---------------------------------------------------------------------------
// Main purposes (= the actions of the wizard and of the actions matrix)
// ---------------------------------------------------------------------------

/** Order as in overview §3: intercambiar|vender|prestar|alquilar|donar|regalar. */
export const MAIN_PURPOSES = ["intercambiar", "vender", "prestar", "alquilar", "donar", "regalar"] as const;
export type MainPurpose = (typeof MAIN_PURPOSES)[number];
export const MAIN_PURPOSE_LABELS: Readonly<Record<MainPurpose, string>> = {
  intercambiar: "Intercambiar",
  vender: "Vender",
  prestar: "Prestar",
  alquilar: "Alquilar",
  donar: "Donar",
  regalar: "Regalar",
};

/**
 * The noun forms the spec also uses for the same purposes: the marketplace
 * purposes of overview §1 (venta, intercambio, prestamo, alquiler, donacion,
 * regalo) and the loan screens' query values (prestamo, alquiler, donacion).
 * Only these spec-given words are mapped; nothing else is guessed.
 */
export const MAIN_PURPOSE_NOUNS: Readonly<Record<string, MainPurpose>> = {
  intercambio: "intercambiar",
  venta: "vender",
  prestamo: "prestar",
  alquiler: "alquilar",
  donacion: "donar",
  regalo: "regalar",
};

/** "vender" -> "vender", "venta" -> "vender", anything else -> null. */
export function toMainPurpose(value: unknown): MainPurpose | null {
  if (typeof value !== "string") return null;
  if ((MAIN_PURPOSES as readonly string[]).includes(value)) return value as MainPurpose;
  return Object.hasOwn(MAIN_PURPOSE_NOUNS, value) ? (MAIN_PURPOSE_NOUNS[value] ?? null) : null;
}

// ---------------------------------------------------------------------------
// Money contributions
// ---------------------------------------------------------------------------

export const MONEY_CONTRIBUTION_TYPES = ["donacion", "inversion", "prestamo", "regalo", "patrocinio", "otro"] as const;
export type MoneyContributionType = (typeof MONEY_CONTRIBUTION_TYPES)[number];
export const MONEY_CONTRIBUTION_TYPE_LABELS: Readonly<Record<MoneyContributionType, string>> = {
  donacion: "Donación",
  inversion: "Inversión",
  prestamo: "Préstamo",
  regalo: "Regalo",
  patrocinio: "Patrocinio",
  otro: "Otro",
};

// ---------------------------------------------------------------------------
// Asset status and credit state (overview §3, §4)
// ---------------------------------------------------------------------------

export const ASSET_STATUSES = ["activo", "disponible", "inactivo", "operacion", "retirado", "desactivado"] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
export const ASSET_STATUS_LABELS: Readonly<Record<AssetStatus, string>> = {
  activo: "Activo",
  disponible: "Disponible",
  inactivo: "Inactivo",
  operacion: "En operación",
  retirado: "Retirado",
  desactivado: "Desactivado",
};
/** Status of a newly registered asset (the home feed defaults to 'disponible'). */
export const DEFAULT_ASSET_STATUS: AssetStatus = "disponible";
/** Deactivation is offered only in these statuses, and only with vecesUsado 0 (overview §4). */
export const DEACTIVATABLE_STATUSES: readonly AssetStatus[] = ["activo", "disponible"];

/** True when the asset may be deactivated (overview §4; economy.md "What moves credits"). */
export function canDeactivate(asset: { status: string; vecesUsado: number }): boolean {
  return (DEACTIVATABLE_STATUSES as readonly string[]).includes(asset.status) && asset.vecesUsado === 0;
}

export const ESTADOS_CREDITO = ["bloqueado", "liberado"] as const;
export type EstadoCredito = (typeof ESTADOS_CREDITO)[number];
export const ESTADO_CREDITO_LABELS: Readonly<Record<EstadoCredito, string>> = {
  bloqueado: "Bloqueado",
  liberado: "Liberado",
};

// ---------------------------------------------------------------------------
// Privacy of an asset. The spec only ever shows 'publico' (overview §3; the
// sell form always sends it), so that is the only accepted value.
// ---------------------------------------------------------------------------

export const ASSET_PRIVACIES = ["publico"] as const;
export type AssetPrivacy = (typeof ASSET_PRIVACIES)[number];

// ---------------------------------------------------------------------------
// Loans (overview §9; calls-validation-errors §5 Loans)
// ---------------------------------------------------------------------------

export const GUARANTEE_TYPES = ["creditos_bloqueados", "activo_colateral", "tarjeta", "ninguna"] as const;
export type GuaranteeType = (typeof GUARANTEE_TYPES)[number];
export const GUARANTEE_TYPE_LABELS: Readonly<Record<GuaranteeType, string>> = {
  creditos_bloqueados: "Créditos bloqueados",
  activo_colateral: "Activo colateral",
  tarjeta: "Tarjeta",
  ninguna: "Ninguna",
};

export const LOAN_DEFAULTS = {
  plazoDias: 7,
  /** Percent. */
  interes: 0,
  garantiaTipo: "creditos_bloqueados",
} as const satisfies { plazoDias: number; interes: number; garantiaTipo: GuaranteeType };

// ---------------------------------------------------------------------------
// Registration form defaults (overview §9)
// ---------------------------------------------------------------------------

/**
 * Defaults of the registration form: assetType bien, origin personal, category
 * Tecnología, condition nuevo, physicalState excelente, current year,
 * mainPurpose intercambiar (and privacy publico).
 */
export function assetFormDefaults(currentYear: number) {
  return {
    assetType: "bien" as AssetType,
    origin: "personal" as AssetOrigin,
    category: "Tecnología",
    condition: "nuevo" as Condition,
    physicalState: "excelente" as PhysicalState,
    yearOfPurchase: currentYear,
    mainPurpose: "intercambiar" as MainPurpose,
    privacy: "publico" as AssetPrivacy,
  };
}

/**
 * The current calendar year in Colombia (America/Bogota, UTC-5, no DST).
 * Use it for "max current year" so that the server (which may run in UTC) and
 * a browser in Colombia agree around New Year's Eve.
 */
export function currentYearInColombia(now: Date = new Date()): number {
  const year = new Intl.DateTimeFormat("en-US", { timeZone: "America/Bogota", year: "numeric" }).format(now);
  return Number.parseInt(year, 10);
}
