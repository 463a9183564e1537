import { MSG } from "@valoriza/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

type Issue = { path?: string; instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function issueMessage(i: Issue): string {
  const message = i.message ?? MSG.invalidData;
  const segments = i.params?.issue?.path ?? [];
  const where = segments.length ? segments.map(String).join(".") : (i.instancePath ?? "").replace(/^\//, "");
  // Our own messages name the field already; zod's generic ones ("Entrada inválida: ...") do not.
  return where && message.includes(":") ? `${where}: ${message}` : message;
}

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MSG.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MSG.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MSG.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: MSG.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: MSG.invalidData },
};

const GENERIC_4XX: Record<number, string> = {
  400: MSG.invalidData,
  401: MSG.loginRequired,
  403: MSG.forbidden,
  404: MSG.notFound,
  405: "Método no permitido",
  406: "Formato de respuesta no aceptable",
  413: MSG.payloadTooLarge,
  415: MSG.unsupportedMediaType,
  429: MSG.tooManyRequests,
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === "RATE_LIMITED" && typeof error.details?.retryAfterSeconds === "number") {
        reply.header("retry-after", String(error.details.retryAfterSeconds));
      }
      if (error.status >= 500) request.log.error({ err: error }, "app error");
      return reply.status(error.status).send({ success: false, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set((error.validation as Issue[]).map(issueMessage))].slice(0, 3);
      return reply.status(400).send({ success: false, message: messages.join(". "), code: "VALIDATION" });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response serialization failed");
      return reply.status(500).send({ success: false, message: MSG.internal, code: "INTERNAL" });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ success: false, message: known.message, code: "BAD_REQUEST" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ success: false, message: GENERIC_4XX[status] ?? MSG.invalidData, code: "BAD_REQUEST" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ success: false, message: MSG.internal, code: "INTERNAL" });
  });
}
