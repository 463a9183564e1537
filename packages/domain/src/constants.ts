/** 1 crédito = 1000 COP (economy.md, "Units"). The only place the rate lives. */
export const TASA_CAMBIO_COP = 1000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const MAX_IMAGES = 10;
/** Largest credit or COP amount any call accepts; far below 2^53. */
export const MAX_AMOUNT_COP = 100_000_000_000; // 100 mil millones COP
export const MAX_AMOUNT_CREDITS = 100_000_000;
export const WALLET_HISTORY_LIMIT = 10;
export const HOME_FEED_LIMIT = 6;
export const TOKEN_TTL_SECONDS = 60 * 60 * 24 * 7; // 7 días

export const SEXOS = ["no_especificar", "masculino", "femenino", "otro"] as const;
export const USER_TYPES = ["persona", "empresa", "ong"] as const;
export const VISIBILITIES = ["publico", "validado", "privado"] as const;

/** Polling intervals of the client, in milliseconds (overview §9). */
export const POLL = {
  balance: 10_000,
  profile: 10_000,
  walletMini: 10_000,
  notifications: 30_000,
  notificationsStale: 10_000,
  unreadCount: 10_000,
  unreadCountStale: 5_000,
} as const;

export const TIMINGS = {
  creditsReloadAfterLogin: 500,
  redirectAfterRegistration: 1_500,
  redirectAfterClean: 3_000,
  copyFeedback: 2_000,
  toast: 4_000,
  /** A toast that carries a link to follow (the credits how-to) stays long enough to read it and act. */
  toastWithAction: 10_000,
} as const;
