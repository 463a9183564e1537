/**
 * One constant for the custody code's length (issue 18 item 3): CODE_LENGTH in the domain package.
 * The database keeps its own CHECK on custodias.codigo (migration 0004_deals, `^[0-9]{6}$`); this
 * reads it back from the migrated database (PGlite and PostgreSQL) and compares it with the constant,
 * and drawn codes have that length.
 */
import { CODE_LENGTH, CODE_SPACE, CUSTODY_CODE_RE } from "@valoriza/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, json, type TestContext, type TestUser } from "../../test/harness.ts";
import { insertCustodyWithDealIfCodeFree } from "./custody.repository.ts";
import { kit, quietPool } from "./custody.testkit.ts";

let t: TestContext;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
});
afterAll(() => t.close());

it("the SQL CHECK of custodias.codigo asks for CODE_LENGTH digits", async () => {
  const r = await t.database.db.execute(sql`select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid where t.relname = 'custodias' and c.conname = 'custodias_codigo'`);
  const def = (r as unknown as { rows: { def: string }[] }).rows[0]?.def ?? "";
  expect(def).toMatch(/\[0-9\]\{\d+\}/);
  expect(Number(/\{(\d+)\}/.exec(def)?.[1])).toBe(CODE_LENGTH);
  expect(CODE_SPACE).toBe(10 ** CODE_LENGTH);
});

it("a custody's code has CODE_LENGTH digits, and the database refuses one digit more", async () => {
  const [seller, buyer] = (await k.users(2)) as [TestUser, TestUser];
  await k.fund(buyer, 5000);
  const asset = await k.listFor(seller);
  const c = json(await k.buy(buyer, asset._id, seller.id)).custodia;
  const code = await k.codeOf(seller, c._id);
  expect(code).toHaveLength(CODE_LENGTH);
  expect(code).toMatch(CUSTODY_CODE_RE);
  await expect(
    t.database.db.execute(sql`update custodias set codigo = ${`${code}0`} where id = ${c._id}::uuid`),
  ).rejects.toThrow();
});

it("a code already taken by a pending custody inserts nothing of the new one; the next draw writes it and its deal once", async () => {
  const [seller, buyer, other] = (await k.users(3)) as [TestUser, TestUser, TestUser];
  await k.fund(buyer, 5000);
  const taken = json(await k.buy(buyer, (await k.listFor(seller))._id, seller.id)).custodia;
  const takenCode = await k.codeOf(seller, taken._id);
  const asset = await k.listFor(other);
  const id = "0190f000-0000-7000-8000-0000000000aa";
  const now = new Date();
  const row = {
    id,
    estado: "pendiente",
    codigo: takenCode,
    assetId: asset._id,
    oferenteId: other.id,
    receptorId: buyer.id,
    tipoTransaccion: "prestamo",
    origen: "asignacion",
    modoPago: null,
    pagoCreditos: 0,
    creditosActivo: 0,
    montoCOP: 0,
    notas: "",
    fechaIngreso: now,
    fechaSalida: null,
    fechaLimite: null,
  };
  // The deal's insert as the engine hands it to `save` (savesDeal): repeated with every draw.
  const dealRow = sql`insert into deals (id, process, state, asset_id, parties)
    values (${id}::uuid, 'custodia', 'pendiente', ${asset._id}::uuid, ${JSON.stringify({ oferente: other.id, receptor: buyer.id })}::jsonb)
    on conflict (id) do nothing`;
  const held = sql`(select 7)`;
  const count = async (q: ReturnType<typeof sql>) =>
    Number((((await t.database.db.execute(q)) as unknown as { rows: { n: unknown }[] }).rows[0] as { n: unknown }).n);
  await t.database.db.transaction(async (tx) => {
    expect(await insertCustodyWithDealIfCodeFree(tx, row, dealRow, held)).toBeUndefined();
    const fresh = takenCode === "000000" ? "000001" : "000000";
    const c = await insertCustodyWithDealIfCodeFree(tx, { ...row, codigo: fresh }, dealRow, held);
    expect(c).toMatchObject({ id, codigo: fresh, creditosActivo: 7, assetId: asset._id });
  });
  expect(await count(sql`select count(*) as n from deals where id = ${id}::uuid`)).toBe(1);
  expect(await count(sql`select count(*) as n from custodias where id = ${id}::uuid`)).toBe(1);
  // The first custody keeps its code.
  expect(await k.codeOf(seller, taken._id)).toBe(takenCode);
});
