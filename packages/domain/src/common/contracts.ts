import { z } from "zod";

/**
 * Response contracts shared by every area (ADR 004, ADR 005). Contracts document
 * what the server sends; the server does not re-validate its answers with them at
 * run time (tests parse real answers with them instead).
 */

/** Codes of the one error envelope (ADR 005). */
export const ERROR_CODES = [
  "VALIDATION",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  /** 403: the two people blocked each other (issue 19 part 4); the session is fine. */
  "BLOCKED",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "NOT_ACCEPTABLE",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "UNPROCESSABLE",
  "INSUFFICIENT_FUNDS",
  "IDEMPOTENCY_MISMATCH",
  "RATE_LIMITED",
  "HEADERS_TOO_LARGE",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every error answer of the API: `{ success: false, message, code, requestId }`. */
export const errorResponseSchema = z
  .object({
    success: z.literal(false),
    message: z.string().describe("Mensaje en español para mostrar a la persona"),
    code: z.string().describe(`Código estable: ${ERROR_CODES.join(", ")}`),
    requestId: z.string().describe("Identificador de la solicitud (también en la cabecera x-request-id)"),
  })
  .describe("Error");
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The same envelope for every listed status: `response: { ...errorResponses(400, 401) }`. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}

/** Whole credits (1 crédito = 1000 COP). */
export const creditsSchema = z.number().int();
/** An ISO 8601 date-time string. */
export const isoDateTimeSchema = z.string().describe("ISO 8601");

/** GET /api/health */
export const healthResponseSchema = z.object({ status: z.literal("ok"), database: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
