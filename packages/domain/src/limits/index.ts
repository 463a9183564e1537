/**
 * Limits on self-declared value (issue 12, docs/adr/015-issuance-and-release-limits.md).
 * THE one documented place for the figures: the server enforces them, the wizard and
 * /vender show them as the person types. Amounts in COP are of the declared (base)
 * value; amounts in credits are 1 crédito = 1000 COP.
 */
import { TASA_CAMBIO_COP } from "../constants.ts";
import { formatNumber } from "../economy/format.ts";

const fmt = (n: number) => formatNumber(n);

/** Max declared value (COP) of one registration of goods, per category; others get the default. */
export const MAX_GOOD_VALUE_COP_BY_CATEGORY: Readonly<Record<string, number>> = {
  Tecnología: 20_000_000,
  Vehículos: 300_000_000,
  "Movilidad Personal": 30_000_000,
  Muebles: 20_000_000,
  Electrodomésticos: 20_000_000,
  Herramientas: 20_000_000,
  "Ropa y Accesorios": 5_000_000,
  Joyas: 50_000_000,
  Relojes: 50_000_000,
  "Deporte y Aventura": 20_000_000,
  "Instrumentos Musicales": 30_000_000,
  "Juguetes y Juegos": 3_000_000,
  "Arte y Decoración": 50_000_000,
  "Libros y Educación": 3_000_000,
  Mascotas: 10_000_000,
  "Bebé y Niños": 5_000_000,
  Otros: 10_000_000,
};
export const MAX_GOOD_VALUE_COP_DEFAULT = 10_000_000;

/** Typical declared value (COP) per category: a registration at or above SIGNAL_VALUE_FACTOR x typical is flagged. */
export const TYPICAL_GOOD_VALUE_COP_BY_CATEGORY: Readonly<Record<string, number>> = {
  Tecnología: 2_000_000,
  Vehículos: 40_000_000,
  "Movilidad Personal": 3_000_000,
  Muebles: 1_500_000,
  Electrodomésticos: 1_500_000,
  Herramientas: 800_000,
  "Ropa y Accesorios": 300_000,
  Joyas: 3_000_000,
  Relojes: 2_000_000,
  "Deporte y Aventura": 1_000_000,
  "Instrumentos Musicales": 2_000_000,
  "Juguetes y Juegos": 200_000,
  "Arte y Decoración": 2_000_000,
  "Libros y Educación": 150_000,
  Mascotas: 1_000_000,
  "Bebé y Niños": 500_000,
  Otros: 1_000_000,
};
export const TYPICAL_GOOD_VALUE_COP_DEFAULT = 1_000_000;

/** Max declared value (COP) per registration of time (10 h x 120.000 already) and of money. */
export const MAX_TIME_VALUE_COP = 1_200_000;
export const MAX_MONEY_VALUE_COP = 20_000_000;

/** Per person per rolling 24 hours: registrations, and credits issued (blocked). */
export const MAX_REGISTRATIONS_PER_DAY = 10;
export const MAX_CREDITS_ISSUED_PER_DAY = 300_000;

/**
 * Tiers (issue 17, ADR 015): credits from self-declared assets become spendable only for people
 * whose identity is verified (users.verified). Without it: 0 (everything waits 'en revisión' until
 * the person verifies their identity). Verified: RELEASE_LIMIT_VERIFIED per rolling 30 days, oldest
 * review first; an admin may raise one person's window (up to MAX_RAISED_RELEASE_LIMIT).
 */
export const RELEASE_WINDOW_DAYS = 30;
export const RELEASE_LIMIT_UNVERIFIED = 0;
export const RELEASE_LIMIT_VERIFIED = 10_000;
export const MAX_RAISED_RELEASE_LIMIT = 1_000_000;

/**
 * Concentration: an account without identity verification holds at most this many spendable
 * credits; what it receives above it (from other people, or back from a refund) waits in review.
 */
export const MAX_SPENDABLE_UNVERIFIED = 5_000;

/** Fan-in signal: receipts from >= FAN_IN_SENDERS distinct accounts younger than 30 days within 7 days. */
export const FAN_IN_SENDERS = 3;
export const FAN_IN_WINDOW_DAYS = 7;
export const FAN_IN_YOUNG_ACCOUNT_DAYS = 30;

/**
 * The platform brake: automatic releases (the 30-day windows) make at most max(20.000, 1 % of the
 * circulation) credits spendable per Colombian calendar day; the rest queues, oldest first.
 */
export const BRAKE_MIN_CREDITS_PER_DAY = 20_000;
export const BRAKE_CIRCULATION_PERCENT = 1;

/**
 * Signals (flag the whole release for an admin): value >= factor x typical; >= N registrations made
 * in the 24 h up to the asset (whoever owns them now); >= N completed deals with one counterpart in
 * 30 days (this one included; cancelled, rejected or expired deals never count).
 */
export const SIGNAL_VALUE_FACTOR = 5;
export const SIGNAL_BURST_REGISTRATIONS = 8;
export const SIGNAL_REPEATED_DEALS = 3;
/** Completed deals (never cancelled, rejected or expired ones) count for this many days. */
export const SIGNAL_REPEATED_DEALS_DAYS = 30;

export const DAY_MS = 24 * 60 * 60 * 1000;

export type LimitAssetType = "bien" | "tiempo" | "dinero";

/** Max declared value (COP) of one registration. */
export function maxValueCOP(assetType: LimitAssetType, category?: string): number {
  if (assetType === "tiempo") return MAX_TIME_VALUE_COP;
  if (assetType === "dinero") return MAX_MONEY_VALUE_COP;
  return (category && MAX_GOOD_VALUE_COP_BY_CATEGORY[category]) || MAX_GOOD_VALUE_COP_DEFAULT;
}

export function typicalValueCOP(category: string): number {
  return TYPICAL_GOOD_VALUE_COP_BY_CATEGORY[category] ?? TYPICAL_GOOD_VALUE_COP_DEFAULT;
}

/** A person's 30-day window: 0 without identity verification; the admin's raise (if any) or the default. */
export const releaseLimit = (verified: boolean, raised?: number | null) =>
  verified ? (raised ?? RELEASE_LIMIT_VERIFIED) : RELEASE_LIMIT_UNVERIFIED;

/** The platform's automatic releases per day for a circulation of `circulation` credits. */
export const brakeCap = (circulation: number, minPerDay: number = BRAKE_MIN_CREDITS_PER_DAY) =>
  Math.max(minPerDay, Math.floor((Math.max(0, circulation) * BRAKE_CIRCULATION_PERCENT) / 100));

/** The first instant of the Colombian calendar day (UTC-5 all year) of `now`. */
export function colombiaDayStart(now: Date): Date {
  const co = new Date(now.getTime() - 5 * 60 * 60 * 1000);
  return new Date(Date.UTC(co.getUTCFullYear(), co.getUTCMonth(), co.getUTCDate(), 5, 0, 0));
}

// Made on first use: a page's first Intl use loads ICU's data (economy/format.ts).
let fechaFmt: Intl.DateTimeFormat | undefined;
/** '12 de mayo de 2026' (Colombia). */
export const formatReleaseDate = (d: Date) => {
  fechaFmt ??= new Intl.DateTimeFormat("es-CO", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "America/Bogota",
  });
  return fechaFmt.format(d);
};

export const LIMITS_MSG = {
  valueTooHigh: (max: number, what: string) =>
    `El valor declarado supera el máximo permitido para ${what}: ${fmt(max)} COP por registro`,
  tooManyToday: (max: number = MAX_REGISTRATIONS_PER_DAY) =>
    `Alcanzaste el máximo de ${max} registros en 24 horas. Intenta de nuevo más tarde.`,
  tooManyCreditsToday: (left: number) =>
    `Este registro supera el máximo de ${fmt(MAX_CREDITS_ISSUED_PER_DAY)} créditos emitidos por persona en 24 horas (te quedan ${fmt(left)}).`,
  /** The reason of self-declared credits of a person without identity verification (exactly this). */
  verifyIdentity: "Verifica tu identidad para liberar tus créditos",
  concentration: `Verifica tu identidad para liberar tus créditos. Sin verificación de identidad puedes tener hasta ${fmt(MAX_SPENDABLE_UNVERIFIED)} créditos disponibles: lo que recibas por encima espera aquí y se libera a medida que uses los que tienes.`,
  windowWait: (fecha: string, limit: number) =>
    `Se liberan el ${fecha}: puedes liberar hasta ${fmt(limit)} créditos de activos autodeclarados cada ${RELEASE_WINDOW_DAYS} días, en orden de llegada.`,
  brakeWait: (fecha: string, cap: number) =>
    `Se liberan el ${fecha} (fecha estimada): la plataforma libera hasta ${fmt(cap)} créditos al día, en orden de llegada.`,
  adminWait: (label: string) => `${label}. Un administrador debe revisarlos antes de liberarlos.`,
  reviewReasonLimit: (limit: number) =>
    `Superaste el límite de ${fmt(limit)} créditos liberados en ${RELEASE_WINDOW_DAYS} días. Se liberan en orden de llegada cuando la ventana lo permita.`,
  reviewReasonSignal: "La operación tiene señales que un administrador debe revisar antes de liberar los créditos.",
  inReviewExplain:
    "Créditos en revisión: vienen de activos autodeclarados o los recibiste por encima del tope sin verificación, y quedan bloqueados hasta la fecha indicada, hasta que verifiques tu identidad o hasta que un administrador los apruebe.",
} as const;

export const SIGNAL_LABELS = {
  valor_alto: "Valor muy superior al típico de la categoría",
  rafaga: "Muchos registros en poco tiempo",
  tratos_repetidos: "Tratos repetidos con la misma persona",
  limite: "Límite de liberación de 30 días",
  verificacion: "Falta la verificación de identidad",
  freno: "Tope diario de la plataforma",
  concentracion: "Tope de créditos disponibles sin verificación",
} as const;
export type ReviewReason = keyof typeof SIGNAL_LABELS;
/** Reviews released by the queue on their own (window and brake); the others wait for an admin or a verification. */
export const AUTOMATIC_REVIEW_REASONS = ["limite", "verificacion", "freno"] as const;
/** Reasons that only an admin clears. */
export const ADMIN_REVIEW_REASONS = ["valor_alto", "rafaga", "tratos_repetidos"] as const;

/** What a review waits for. */
export const REVIEW_WAITS = {
  verificacion: "Tu verificación de identidad",
  ventana: "Tu ventana de 30 días",
  freno: "El tope diario de la plataforma",
  administrador: "Un administrador",
} as const;
export type ReviewWait = keyof typeof REVIEW_WAITS;

/** The refusal message for a registration of `valueCOP`, or null when it is within the per-registration bound. */
export function registrationValueRefusal(assetType: LimitAssetType, category: string, valueCOP: number): string | null {
  const max = maxValueCOP(assetType, category);
  if (valueCOP <= max) return null;
  const what =
    assetType === "tiempo" ? "el tiempo" : assetType === "dinero" ? "un aporte en dinero" : `la categoría ${category}`;
  return LIMITS_MSG.valueTooHigh(max, what);
}

/**
 * The refusal for a new registration issuing `credits` after `count` registrations and `issued` credits in 24 h.
 * `maxRegistrations` is MAX_REGISTRATIONS_PER_DAY unless the operator set MAX_REGISTROS_DIA.
 */
export function dailyRefusal(
  count: number,
  issued: number,
  credits: number,
  maxRegistrations: number = MAX_REGISTRATIONS_PER_DAY,
): string | null {
  if (count >= maxRegistrations) return LIMITS_MSG.tooManyToday(maxRegistrations);
  if (issued + credits > MAX_CREDITS_ISSUED_PER_DAY)
    return LIMITS_MSG.tooManyCreditsToday(Math.max(0, MAX_CREDITS_ISSUED_PER_DAY - issued));
  return null;
}

/**
 * dailyRefusal's bounds as two numbers a statement can compare (a registration checks them inside
 * its batch): refused exactly when `count >= maxCount` or `issued > maxIssuedBefore`.
 */
export function dailyBounds(
  credits: number,
  maxRegistrations: number = MAX_REGISTRATIONS_PER_DAY,
): { maxCount: number; maxIssuedBefore: number } {
  return { maxCount: maxRegistrations, maxIssuedBefore: MAX_CREDITS_ISSUED_PER_DAY - credits };
}

/** Whether a declared value is far above the category's typical value (a signal). */
export function valueSignal(assetType: LimitAssetType, category: string, valueCOP: number): boolean {
  if (assetType !== "bien") return false;
  return valueCOP >= SIGNAL_VALUE_FACTOR * typicalValueCOP(category);
}

/**
 * How much of a release of `amount` credits may become spendable now, given `releasedInWindow`
 * credits already released in the person's rolling window of `limit` and `brakeLeft` credits the
 * platform may still release today: the part within both is spendable, the rest waits 'en revisión'.
 */
export function splitRelease(
  amount: number,
  releasedInWindow: number,
  limit: number,
  brakeLeft: number = Number.POSITIVE_INFINITY,
): { spendable: number; inReview: number } {
  const left = Math.max(0, Math.min(limit - releasedInWindow, brakeLeft));
  const spendable = Math.max(0, Math.min(amount, left));
  return { spendable, inReview: amount - spendable };
}

/**
 * The bound on people (ADR 015): the most spendable credits that can be made from self-declared
 * value over a span of `days` (0 = one instant) by `verifiedPeople` identity-verified people with
 * the default window, whatever the number of accounts without identity verification (they make
 * none). Any releases less than 30 days apart lie in one rolling window, so a span of `days` holds
 * at most floor(days / 30) + 1 windows per person.
 */
export function selfDeclaredBound(verifiedPeople: number, days: number): number {
  return verifiedPeople * RELEASE_LIMIT_VERIFIED * (Math.floor(days / RELEASE_WINDOW_DAYS) + 1);
}

/** The platform's bound on automatic releases over `days` calendar days at a brake of `cap` per day. */
export const brakeBound = (cap: number, days: number) => cap * (Math.ceil(days) + 1);

export interface ReleaseSchedule {
  /** When the whole item will be spendable (estimated when the brake decides it). */
  at: Date;
  /** What decides the date: the person's 30-day window or the platform's daily brake. */
  by: "ventana" | "freno";
}

/**
 * When each of a verified person's queued items (oldest first, `remaining` credits each) becomes
 * spendable: the rolling window frees each release's credits 30 days after it, items are released
 * in parts, oldest first; the brake (optional) gives `leftToday` today and `cap` each later day,
 * first to the `ahead` credits queued before this person's items. Items that can never be released
 * (a window of 0) are left out.
 */
export function scheduleReleases(input: {
  now: Date;
  limit: number;
  windowReleases: readonly { at: Date; amount: number }[];
  pending: readonly { id: string; remaining: number }[];
  brake?: { leftToday: number; cap: number; ahead: number };
}): Map<string, ReleaseSchedule> {
  const out = new Map<string, ReleaseSchedule>();
  if (input.limit <= 0) return out;
  const W = RELEASE_WINDOW_DAYS * DAY_MS;
  const now = input.now.getTime();
  const exp = input.windowReleases
    .filter((r) => r.at.getTime() > now - W && r.amount > 0)
    .map((r) => ({ t: r.at.getTime() + W, a: r.amount }))
    .sort((x, y) => x.t - y.t);
  let room = input.limit - exp.reduce((s, e) => s + e.a, 0);
  let t = now;
  let cum = 0;
  const dayStart = colombiaDayStart(input.now).getTime();
  for (const item of input.pending) {
    let rem = item.remaining;
    for (let guard = 0; rem > 0 && guard < 100_000; guard++) {
      while (exp.length > 0 && (exp[0]?.t ?? Number.POSITIVE_INFINITY) <= t) room += exp.shift()?.a ?? 0;
      const g = Math.min(rem, Math.max(0, room));
      if (g > 0) {
        room -= g;
        rem -= g;
        exp.push({ t: t + W, a: g });
      }
      if (rem > 0) {
        const next = exp[0];
        if (!next) break;
        t = Math.max(t, next.t);
      }
    }
    if (rem > 0) break;
    cum += item.remaining;
    let at = t;
    let by: ReleaseSchedule["by"] = "ventana";
    if (input.brake) {
      const need = input.brake.ahead + cum - Math.max(0, input.brake.leftToday);
      if (need > 0) {
        const days = Math.ceil(need / Math.max(1, input.brake.cap));
        const brakeAt = dayStart + days * DAY_MS;
        if (brakeAt > at) {
          at = brakeAt;
          by = "freno";
        }
      }
    }
    out.set(item.id, { at: new Date(at), by });
  }
  return out;
}

/** Live warning for the wizard and /vender: the declared value against the bound (null when fine). */
export function declaredValueWarning(assetType: LimitAssetType, category: string, valueCOP: number): string | null {
  if (!Number.isFinite(valueCOP) || valueCOP <= 0) return null;
  return registrationValueRefusal(assetType, category, valueCOP);
}

export const COP_PER_CREDIT = TASA_CAMBIO_COP;

export * from "./contracts.ts";
