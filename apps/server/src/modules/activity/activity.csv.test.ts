/**
 * CSV downloads of /movimientos and /mi-actividad (issue 20): parsed back with a CSV parser.
 */
import { currentYearInColombia } from "@valoriza/domain";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";

let t: TestContext;
let u: TestUser;
let other: TestUser;
const TRICKY = 'Sofá; cama "grande"';
const FORMULA = "=HYPERLINK(1)";

beforeAll(async () => {
  t = await createTestApp({ dataDir: `/tmp/vz-activity-csv-test-${process.pid}` });
  u = await signUp(t.app);
  other = await signUp(t.app);
  for (const title of [TRICKY, FORMULA]) {
    t.clock.advance(1000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/assets",
      headers: u.auth,
      payload: {
        title,
        description: "Línea uno\nlínea dos",
        assetType: "bien",
        origin: "personal",
        category: "Muebles",
        condition: "usado",
        physicalState: "bueno",
        yearOfPurchase: currentYearInColombia(new Date()) - 1,
        baseValueCOP: 800_000,
        mainPurpose: "vender",
        privacy: "publico",
        images: [],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  await t.app.inject({
    method: "POST",
    url: "/api/tiempo/registrar",
    headers: other.auth,
    payload: {
      tipo: "Asesoría de otra persona",
      horas: 1,
      descripcion: "No es mía",
    },
  });
});
afterAll(() => t?.close());

const ddmmyyyyInColombia = (iso: string) => {
  const d = new Date(new Date(iso).getTime() - 5 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};

async function download(url: string, who: TestUser = u) {
  const res = await t.app.inject({ method: "GET", url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(String(res.headers["content-disposition"])).toMatch(
    /^attachment; filename="valoriza-(movimientos|transacciones)-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
  const rows = parse(bytes.toString("utf8"), { delimiter: ";", bom: true }) as string[][];
  return { rows, raw: bytes.toString("utf8") };
}

describe("GET /api/movimientos/mis-movimientos/all?formato=csv", () => {
  it("a Spanish header, dd/mm/aaaa in Colombia, and titles with ';' and quotes survive the round trip", async () => {
    const { rows, raw } = await download("/api/movimientos/mis-movimientos/all?formato=csv");
    expect(rows[0]).toEqual(["Fecha", "Hora", "Tipo", "Descripción", "Créditos", "Activo"]);
    const jsonList = json(
      await t.app.inject({ method: "GET", url: "/api/movimientos/mis-movimientos/all", headers: u.auth }),
    ).data as { descripcion: string; valor: number; createdAt: string }[];
    const body = rows.slice(1);
    expect(body).toHaveLength(jsonList.length);
    expect(body).toHaveLength(2);
    // Newest first, like the page.
    const [formula, tricky] = body as string[][];
    expect(tricky?.[0]).toBe(ddmmyyyyInColombia(jsonList[1]?.createdAt ?? ""));
    expect(tricky?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(tricky?.[1]).toMatch(/^\d{2}:\d{2}$/);
    expect(tricky?.[2]).toBe("Registro de activo");
    expect(tricky?.[3]).toBe(`Registraste "${TRICKY}"`);
    expect(Number(tricky?.[4])).toBe(jsonList[1]?.valor);
    expect(tricky?.[5]).toBe(TRICKY);
    // The raw text quotes the field and doubles its quotes (RFC 4180).
    expect(raw).toContain('"Sofá; cama ""grande"""');
    expect(raw).toContain("\r\n");
    // A title that looks like a formula is kept as text, never run by the spreadsheet.
    expect(formula?.[5]).toBe(`'${FORMULA}`);
    // Only my own history.
    expect(raw).not.toContain("Asesoría de otra persona");
  });

  it("JSON stays the default; a bad formato is a 400 in Spanish; signed out is 401", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/movimientos/mis-movimientos/all", headers: u.auth });
    expect(plain.headers["content-type"]).toMatch(/application\/json/);
    expect(json(plain).success).toBe(true);
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/movimientos/mis-movimientos/all?formato=xml",
      headers: u.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/formato debe ser csv o json/);
    const anon = await t.app.inject({ method: "GET", url: "/api/movimientos/mis-movimientos/all?formato=csv" });
    expect(anon.statusCode).toBe(401);
  });
});

describe("GET /api/transacciones/mis-transacciones/all?formato=csv", () => {
  it("a Spanish header and every transaction, with its asset's title and category", async () => {
    const { rows } = await download("/api/transacciones/mis-transacciones/all?formato=csv");
    expect(rows[0]).toEqual(["Fecha", "Hora", "Tipo", "Descripción", "Activo", "Categoría", "Valor (COP)", "Créditos"]);
    const tricky = rows.find((r) => r[4] === TRICKY);
    expect(tricky).toBeDefined();
    expect(tricky?.[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(tricky?.[2]).toBe("Registro de activo");
    expect(tricky?.[3]).toBe(`Registro de "${TRICKY}"`);
    expect(tricky?.[5]).toBe("Muebles");
    expect(Number(tricky?.[6])).toBeGreaterThan(0);
    expect(rows).toHaveLength(3);
  });

  it("an empty history is just the header", async () => {
    const nobody = await signUp(t.app);
    const { rows } = await download("/api/transacciones/mis-transacciones/all?formato=csv", nobody);
    expect(rows).toHaveLength(1);
  });
});
