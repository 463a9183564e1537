import { type ErrorCode as EnvelopeCode, MSG } from "@valoriza/domain";

/**
 * The one error taxonomy. Services throw AppError with a code; the single error
 * handler (plugins/error-handler.ts) maps the code to an HTTP status and answers the
 * envelope `{ success: false, message, code, requestId }` (ADR 005). Anything else
 * becomes a 500 with a generic Spanish message.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Partial<Record<EnvelopeCode, number>>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", message, details);
export const unauthorized = (message: string = MSG.loginRequired) => new AppError("UNAUTHORIZED", message);
export const forbidden = (message: string = MSG.forbidden) => new AppError("FORBIDDEN", message);
export const notFound = (message: string = MSG.notFound) => new AppError("NOT_FOUND", message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError("CONFLICT", message, details);
export const unprocessable = (message: string, details?: Record<string, unknown>) =>
  new AppError("UNPROCESSABLE", message, details);
export const insufficientFunds = (message: string) => new AppError("INSUFFICIENT_FUNDS", message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", message, { retryAfterSeconds });
