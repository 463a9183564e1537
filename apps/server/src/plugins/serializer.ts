import type { FastifySerializerCompiler } from "fastify/types/schema.js";

/**
 * Response serialization (ADR 004/005). Every route declares its response schemas
 * (zod contracts from @valoriza/domain) so /api/docs documents every answer, but
 * answers are NOT re-validated with zod on every request: that would cost a full
 * parse of each body. They are written with JSON.stringify; the server's contract
 * tests parse real answers with the same contracts to prove they match.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
