import type { Socket } from "node:net";
import { type ErrorCode, formatNumber, MSG } from "@valoriza/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";
import { uuidv7 } from "../lib/ids.ts";

/**
 * THE error envelope (ADR 005): every error answer of the API, whoever raises it
 * (a service's AppError, schema validation, Fastify itself, the router, the HTTP
 * parser), is `{ success: false, message, code, requestId }` with a Spanish message,
 * a code that names the failure (never BAD_REQUEST for a 401/404/429...), and the
 * request id that the `x-request-id` header also carries.
 */
export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  requestId: string;
}

export function errorEnvelope(requestId: string, code: ErrorCode, message: string): ErrorEnvelope {
  return { success: false, message, code, requestId };
}

/** Status -> code and Spanish message, for answers that carry only a status (Fastify, plugins, the router). */
const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: "BAD_REQUEST", message: MSG.invalidData },
  401: { code: "UNAUTHORIZED", message: MSG.loginRequired },
  403: { code: "FORBIDDEN", message: MSG.forbidden },
  404: { code: "NOT_FOUND", message: MSG.notFoundRoute },
  405: { code: "METHOD_NOT_ALLOWED", message: "Método no permitido" },
  406: { code: "NOT_ACCEPTABLE", message: "Formato de respuesta no aceptable" },
  409: { code: "CONFLICT", message: "La solicitud entra en conflicto con el estado actual" },
  413: { code: "PAYLOAD_TOO_LARGE", message: MSG.payloadTooLarge },
  415: { code: "UNSUPPORTED_MEDIA_TYPE", message: MSG.unsupportedMediaType },
  422: { code: "UNPROCESSABLE", message: MSG.invalidData },
  429: { code: "RATE_LIMITED", message: MSG.tooManyRequests },
  431: { code: "HEADERS_TOO_LARGE", message: "Los encabezados de la solicitud son demasiado grandes" },
  503: { code: "SERVICE_UNAVAILABLE", message: "El servicio no está disponible en este momento. Intenta de nuevo." },
};

export function describeStatus(status: number): { code: ErrorCode; message: string } {
  const known = BY_STATUS[status];
  if (known) return known;
  if (status >= 400 && status < 500) return { code: "BAD_REQUEST", message: MSG.invalidData };
  return { code: "INTERNAL", message: MSG.internal };
}

/** Fastify's own errors (body parsing, content type): status and message. */
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MSG.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MSG.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MSG.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MSG.invalidData },
};

type Issue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: {
    issue?: { path?: PropertyKey[] };
    expected?: string;
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    inclusive?: boolean;
    keys?: string[];
    values?: unknown[];
    format?: string;
    divisor?: number;
  };
};

/** zod's own (locale) wording: replaced by ours, which says which field and why (issue 15 item 23). */
const ZOD_WORDING =
  /^(Entrada inválida|Opción inválida|Demasiado (grande|pequeño)|Cadena inválida|Inválido |Número inválido|Llaves? (desconocidas?|inválida)|Valor inválido|Invalid input)/;

const TYPE_WORDS: Record<string, string> = {
  int: "un número entero",
  number: "un número",
  bigint: "un número entero",
  string: "un texto",
  boolean: "verdadero o falso",
  object: "un objeto",
  array: "una lista",
  date: "una fecha",
};

const FORMAT_WORDS: Record<string, string> = {
  email: "un correo electrónico válido",
  url: "una dirección web válida (http o https)",
  date: "una fecha válida (AAAA-MM-DD)",
  datetime: "una fecha y hora válidas (ISO 8601)",
};

const num = (n: number | bigint | undefined) => (typeof n === "number" ? formatNumber(n) : String(n ?? ""));

/** Our Spanish message for one of zod's generic issues, naming the field (`where`, e.g. rangoValorDeseadoCOP.min). */
export function ownIssueMessage(i: Issue, where: string): string {
  const p = i.params ?? {};
  const field = where ? `El campo ${where}` : "El cuerpo de la solicitud";
  const sized = p.origin === "string" ? "caracteres" : p.origin === "array" || p.origin === "set" ? "elementos" : "";
  switch (i.keyword) {
    case "invalid_type":
      if (/recibido undefined$/.test(i.message ?? "")) return where ? `Falta el campo ${where}` : MSG.invalidData;
      return `${field} debe ser ${TYPE_WORDS[p.expected ?? ""] ?? "de otro tipo"}`;
    case "too_small":
      if (sized)
        return p.minimum === 1 && sized === "caracteres"
          ? `${field} no puede estar vacío`
          : `${field} debe tener al menos ${num(p.minimum)} ${sized}`;
      return `${field} debe ser ${p.inclusive === false ? "mayor que" : "mayor o igual a"} ${num(p.minimum)}`;
    case "too_big":
      if (sized) return `${field} no puede tener más de ${num(p.maximum)} ${sized}`;
      return `${field} debe ser ${p.inclusive === false ? "menor que" : "menor o igual a"} ${num(p.maximum)}`;
    case "invalid_format":
      if (p.format === "uuid" || p.format === "guid")
        return where ? `El identificador ${where} no es válido` : "El identificador no es válido";
      return FORMAT_WORDS[p.format ?? ""]
        ? `${field} debe ser ${FORMAT_WORDS[p.format ?? ""]}`
        : `${field} no tiene un formato válido`;
    case "not_multiple_of":
      return `${field} debe ser múltiplo de ${num(p.divisor)}`;
    case "unrecognized_keys": {
      const keys = p.keys ?? [];
      return `${keys.length > 1 ? "Campos no permitidos" : "Campo no permitido"}: ${keys.join(", ")}`;
    }
    case "invalid_value": {
      const values = (p.values ?? []).map(String);
      return values.length === 1 ? `${field} debe ser ${values[0]}` : `${field} debe ser uno de: ${values.join(", ")}`;
    }
    default:
      return `${field} no es válido`;
  }
}

function issueMessage(i: Issue): string {
  const message = i.message ?? MSG.invalidData;
  const segments = i.params?.issue?.path ?? [];
  const where = segments.length
    ? segments.map(String).join(".")
    : (i.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  // zod's generic wording is replaced by ours; our own messages already say which field.
  return ZOD_WORDING.test(message) ? ownIssueMessage(i, where) : message;
}

/** Sends the envelope (JSON, whatever the route's content type was going to be). */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
): FastifyReply {
  return reply
    .status(status)
    .header("x-request-id", request.id)
    .type("application/json; charset=utf-8")
    .send(errorEnvelope(request.id, code, message));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "RATE_LIMITED" && typeof error.details?.retryAfterSeconds === "number") {
        reply.header("retry-after", String(error.details.retryAfterSeconds));
      }
      // 503 is a known, passing state (still starting, database not answering): a warning without a
      // stack; any other 5xx is a fault worth an error with its stack.
      if (error.status === 503) request.log.warn({ code: error.code, reason: error.message }, "not available");
      else if (error.status >= 500) request.log.error({ err: error }, "app error");
      return sendError(request, reply, error.status, error.code, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set((error.validation as Issue[]).map(issueMessage))].slice(0, 3);
      return sendError(request, reply, 400, "VALIDATION", messages.join(". "));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response serialization failed");
      return sendError(request, reply, 500, "INTERNAL", MSG.internal);
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return sendError(request, reply, known.status, describeStatus(known.status).code, known.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { code, message } = describeStatus(status);
      return sendError(request, reply, status, code, message);
    }
    // A 5xx never leaks internals: the log has the error, the client a generic message.
    request.log.error({ err: error }, "unhandled error");
    const { code, message } = status === 503 ? describeStatus(503) : describeStatus(500);
    return sendError(request, reply, status === 503 ? 503 : 500, code, message);
  });
}

/** Fastify option `frameworkErrors`: a URL the router cannot decode (e.g. "%ff") gets the envelope too. */
export function frameworkErrors(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(request, reply, 400, "BAD_REQUEST", "La dirección solicitada no es válida");
}

/**
 * Fastify option `clientErrorHandler`: errors of the HTTP parser, before any request
 * exists (headers too large: 431, malformed request: 400, timeout: 408). Same envelope,
 * with a fresh request id in the body and in x-request-id.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout"]
        : [400, "Bad Request"];
  const requestId = uuidv7();
  const { code, message } =
    status === 408
      ? { code: "BAD_REQUEST" as const, message: "La solicitud tardó demasiado" }
      : status === 400
        ? { code: "BAD_REQUEST" as const, message: "La solicitud no es válida" }
        : describeStatus(status);
  const body = JSON.stringify(errorEnvelope(requestId, code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
