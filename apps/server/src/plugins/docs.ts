import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI generated from the same zod schemas that validate the calls and document every answer (ADR 004/005). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
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
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
