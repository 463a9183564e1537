/**
 * /api/docs documents every route's answers (issue 15 item 25): a response schema for every
 * operation, errors in the envelope, an operationId and a description, the statuses every body, query
 * and Idempotency-Key imply. That the server really answers only what is documented: contracts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Doc, operationsOf } from "./contracts.testkit.ts";
import { createTestApp, type TestContext } from "./harness.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("/api/docs documents a response for every route", () => {
  it("every operation has a 2xx response schema and its errors use the envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const doc = res.json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const responses = op.responses ?? {};
        const ok = Object.entries(responses).find(([s]) => s.startsWith("2"));
        // JSON, or the live events' text/event-stream (issue 15 item 25).
        const okSchema = (ok?.[1].content?.["application/json"] ?? ok?.[1].content?.["text/event-stream"]) as
          | { schema?: Record<string, unknown> }
          | undefined;
        const props = Object.keys((okSchema?.schema?.properties as object | undefined) ?? {});
        // A real contract, not an open `{ success: true }` object.
        if (!okSchema?.schema || (okSchema.schema.type === "object" && props.length < 2 && props[0] !== "status"))
          missing.push(`${method.toUpperCase()} ${path}`);
        for (const [status, r] of Object.entries(responses)) {
          if (!status.startsWith("4") && !status.startsWith("5")) continue;
          const schema = JSON.stringify(r.content?.["application/json"] ?? {});
          if (!schema.includes("requestId")) missing.push(`${method.toUpperCase()} ${path} ${status} (envelope)`);
        }
      }
    }
    expect(operations).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });
});

describe("/api/docs says what the server really answers (issue 15 item 25)", () => {
  let doc: Doc;
  beforeAll(async () => {
    doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as Doc;
  });
  const operations = () => operationsOf(doc);

  it("every operation has a unique operationId and a one-line description", () => {
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = operations().filter((o) => !o.op.description?.trim() || o.op.description.includes("\n"));
    expect(bad.map((o) => `${o.method} ${o.path}`)).toEqual([]);
  });

  it("declares 415 on every body, 400 where input is validated, 422 with an Idempotency-Key and on registrations", () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const declared = Object.keys(op.responses ?? {});
      const need = (status: string, why: string) => {
        if (!declared.includes(status)) missing.push(`${method} ${path}: ${status} (${why})`);
      };
      if (op.requestBody) need("415", "body");
      if (op.requestBody || op.parameters?.some((p) => p.in === "query" || p.in === "path")) need("400", "validated");
      if (op.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key")) need("422", "idempotency");
    }
    for (const path of ["/api/assets", "/api/tiempo/registrar", "/api/dinero/registrar"]) {
      if (!doc.paths[path]?.post?.responses?.["422"]) missing.push(`POST ${path}: 422 (registration limits)`);
    }
    expect(missing).toEqual([]);
  });

  it("/api/eventos is a text/event-stream; a withdrawal's destination is required by its method", () => {
    expect(Object.keys(doc.paths["/api/eventos"]?.get?.responses?.["200"]?.content ?? {})).toEqual([
      "text/event-stream",
    ]);
    const body = doc.paths["/api/retiros"]?.post?.requestBody?.content?.["application/json"]?.schema as {
      oneOf?: { properties: { metodo: { enum: string[] } }; required: string[] }[];
    };
    const byMethod = Object.fromEntries(
      (body.oneOf ?? []).flatMap((v) => v.properties.metodo.enum.map((m) => [m, v.required])),
    );
    expect(byMethod.nequi).toContain("celular");
    expect(byMethod.daviplata).toContain("celular");
    expect(byMethod.pse).toEqual(expect.arrayContaining(["banco", "tipoCuenta", "numeroCuenta", "titular"]));
    expect(byMethod.wompi).toEqual(expect.arrayContaining(["tipoDocumento", "numeroDocumento"]));
  });
});
