/** What the contract tests read of /api/docs (contracts.test.ts, contracts.docs.test.ts). Not a test file itself. */

export type Operation = {
  operationId?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
export type Doc = { paths: Record<string, Record<string, Operation>> };

/** Every documented operation: its path template, method (upper case) and OpenAPI object. */
export const operationsOf = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );
