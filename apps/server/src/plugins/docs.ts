import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { errorResponseSchema, isWalletMethod, WITHDRAWAL_METHODS } from "@valoriza/domain";
import type { FastifyInstance, RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * The answers every /api route really gives besides its own (issue 15 item 25), added to its
 * schema when the route is registered so /api/docs declares them:
 * - 400 where anything is validated (body, query, path, headers) and for any body (malformed JSON);
 * - 413 and 415 for every call that takes a body (too large, not JSON);
 * - 401 for a route behind the session (it declares `security`); 403 for /api/admin;
 * - 422 where an Idempotency-Key is accepted (a key reused with another body) and on the
 *   registrations, whose limits refuse with 422.
 * Every operation also gets an operationId (from its method and path) and a one-line description.
 */
type Schema = {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  headers?: { shape?: Record<string, unknown> } | unknown;
  security?: unknown;
  summary?: string;
  description?: string;
  operationId?: string;
  hide?: boolean;
  response?: Record<string | number, unknown>;
};

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** The registrations (assets, time, money): the person's limits refuse them with 422 (ADR 015). */
const REGISTRATIONS = new Set(["/api/assets", "/api/tiempo/registrar", "/api/dinero/registrar"]);

/** `POST /api/intercambios/ofertas` -> `postIntercambiosOfertas`; `/loans/approve/:id` -> `postLoansApproveById`. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((seg) => (seg.startsWith(":") ? ["by", seg.slice(1)] : seg.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]?.toUpperCase() + w.slice(1))].join("");
}

function hasIdempotencyHeader(headers: unknown): boolean {
  const shape = (headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && "idempotency-key" in shape;
}

/** onRoute: completes the declared answers, the operationId and the description of an /api route. */
export function declareAnswers(route: RouteOptions): void {
  const url = route.url ?? "";
  if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return;
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
  if (methods.every((m) => m === "HEAD" || m === "OPTIONS")) return;
  const schema = (route.schema ?? {}) as Schema;
  if (schema.hide) return;
  const response: Record<string | number, unknown> = { ...(schema.response ?? {}) };
  const add = (status: number) => {
    if (!(status in response)) response[status] = errorResponseSchema;
  };
  const write = methods.some((m) => WRITES.has(m));
  if (schema.body || schema.querystring || schema.params || schema.headers || write) add(400);
  if (write) {
    add(413);
    add(415);
  }
  if (schema.security) add(401);
  if (url.startsWith("/api/admin")) add(403);
  if (hasIdempotencyHeader(schema.headers) || (methods.includes("POST") && REGISTRATIONS.has(url))) add(422);
  const summary = schema.summary?.trim();
  route.schema = {
    ...schema,
    response,
    operationId: schema.operationId ?? operationIdOf(methods.find((m) => m !== "HEAD") ?? "get", url),
    // One line: the summary when the route gives no description of its own.
    description: (schema.description ?? summary ?? `${methods.join(", ")} ${url}`).replace(/\s*\n\s*/g, " "),
  } as RouteOptions["schema"];
}

type OpenApiDoc = {
  paths?: Record<string, Record<string, OpenApiOperation>>;
};
type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};

/** The parts of the document a zod schema cannot say (issue 15 item 25). */
export function completeDocument<T>(doc: T): T {
  const paths = (doc as OpenApiDoc).paths ?? {};
  // The live events are a text/event-stream, not JSON.
  const events = paths["/api/eventos"]?.get?.responses?.["200"];
  if (events?.content?.["application/json"]) {
    events.content = { "text/event-stream": events.content["application/json"] };
  }
  // A withdrawal's destination fields are required for its method: a phone for the wallets, the
  // bank account for Wompi/PSE (the body schema checks it; zod's JSON Schema cannot say it).
  const body = paths["/api/retiros"]?.post?.requestBody?.content?.["application/json"];
  if (body?.schema) {
    const wallets = WITHDRAWAL_METHODS.filter((m) => isWalletMethod(m));
    const banks = WITHDRAWAL_METHODS.filter((m) => !isWalletMethod(m));
    body.schema = {
      ...body.schema,
      oneOf: [
        { properties: { metodo: { enum: wallets } }, required: ["metodo", "celular"] },
        {
          properties: { metodo: { enum: banks } },
          required: ["metodo", "banco", "tipoCuenta", "numeroCuenta", "titular", "tipoDocumento", "numeroDocumento"],
        },
      ],
    };
  }
  return doc;
}

/** OpenAPI generated from the same zod schemas that validate the calls and document every answer (ADR 004/005). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", declareAnswers);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Valoriza API",
        description:
          "API del mercado colaborativo de activos y créditos Valoriza (1 crédito = 1000 COP). " +
          "Todo error responde { success: false, message, code, requestId } (el requestId también va en la " +
          "cabecera x-request-id). Las llamadas que mueven créditos aceptan la cabecera Idempotency-Key: " +
          "un reintento con la misma clave y el mismo cuerpo devuelve la respuesta guardada (Idempotent-Replayed: true).",
        version: "0.1.0",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      completeDocument("openapiObject" in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
