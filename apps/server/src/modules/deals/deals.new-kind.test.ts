/**
 * ARCHITECTURE.md "How to add a kind of deal", followed step by step for a small new process that
 * lives only in this test: the 'préstamo de favor'. A friend borrows a listed asset for a week and
 * leaves a deposit (fianza) in escrow; the owner takes the asset back (deposit returned) or, after
 * 7 days, the system closes the loan as overdue and the deposit goes to the owner.
 * The step numbers below are the document's. Steps 7-8 (routes, app.ts) and 11 (web) need files of
 * their own in a real kind; here the service is built on the test app's engine instead.
 */
import {
  assetTransitionRefusal,
  fmtCreditos,
  type ProcessSpec,
  type Templates,
  validateProcess,
} from "@valoriza/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import { conflict, forbidden } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { createTestApp, json, signUp, type TestContext, type TestUser } from "../../test/harness.ts";
import { kit, quietPool } from "../custody/custody.testkit.ts";
import { checkInvariants, escrowHeld } from "../ledger/index.ts";
import {
  type DealRow,
  type DealsEngine,
  dealAsset,
  listDealsOfUser,
  listHistory,
  listTimers,
  type ProcessHandlers,
} from "./index.ts";

const DAY = 24 * 60 * 60 * 1000;

// Steps 1 and 2: the process table (in a real kind: packages/domain/src/<area>/process.ts, exported by the
// domain barrel). Roles, states with their timers, transitions with actors, guards, effects, and the
// outcome of every transition into a final state. The effects are the library's, configured under
// `effects` (ADR 026); the texts are templates over the deal's fields (in a real kind:
// packages/domain/src/<area>/templates.ts, with a unit test).
const FAVOR_LOAN_MS = 7 * DAY;
/** Step 2: the fields the effects and texts read (the handlers' `fields` gives them). */
interface FavorFields {
  titulo: string;
  fianza: number;
}
const FAVOR_TEMPLATES = {
  pedir: {
    titulo: "Préstamo de favor",
    texto: {
      prestamista: (v) =>
        `"${v.titulo}" quedó prestado por una semana; ${fmtCreditos(v.fianza)} créditos de fianza quedan en custodia.`,
      prestatario: (v) =>
        `"${v.titulo}" quedó prestado por una semana; ${fmtCreditos(v.fianza)} créditos de fianza quedan en custodia.`,
    },
  },
  devolver: {
    titulo: "Activo devuelto",
    texto: {
      prestamista: (v) =>
        `"${v.titulo}" fue devuelto: la fianza de ${fmtCreditos(v.fianza)} créditos volvió a quien lo pidió.`,
      prestatario: (v) =>
        `"${v.titulo}" fue devuelto: la fianza de ${fmtCreditos(v.fianza)} créditos volvió a quien lo pidió.`,
    },
  },
  vencer: {
    titulo: "Préstamo vencido",
    texto: {
      prestamista: (v) =>
        `El préstamo de favor de "${v.titulo}" venció: la fianza de ${fmtCreditos(v.fianza)} créditos es de quien lo prestó.`,
      prestatario: (v) =>
        `El préstamo de favor de "${v.titulo}" venció: la fianza de ${fmtCreditos(v.fianza)} créditos es de quien lo prestó.`,
    },
  },
} as const satisfies Templates<FavorFields>;

const FAVOR_PROCESS = {
  name: "prestamo_favor",
  roles: ["prestamista", "prestatario"],
  states: {
    prestado: { label: "Prestado", timers: [{ name: "vencimiento", transition: "vencer", afterMs: FAVOR_LOAN_MS }] },
    devuelto: { label: "Devuelto", final: true },
    vencido: { label: "Vencido", final: true },
  },
  transitions: {
    pedir: {
      label: "Préstamo de favor",
      from: null,
      to: "prestado",
      actors: ["prestatario"],
      guards: ["activoPrestable"],
      effects: ["reservarActivo", "cobrarFianza", "notificarPartes"],
    },
    devolver: {
      label: "Activo devuelto",
      from: ["prestado"],
      to: "devuelto",
      actors: ["prestamista"],
      guards: [],
      effects: ["liberarActivo", "devolverFianza", "notificarPartes"],
      outcome: { resultado: "completado", confirma: "devolucion" },
    },
    vencer: {
      label: "Préstamo vencido",
      from: ["prestado"],
      to: "vencido",
      actors: ["sistema"],
      guards: [],
      effects: ["liberarActivo", "pagarFianza", "notificarPartes"],
      outcome: { resultado: "incumplido", por: "prestatario" },
    },
  },
  stateMessages: {
    devuelto: "Este préstamo de favor ya terminó: el activo fue devuelto",
    vencido: "Este préstamo de favor venció",
  },
  finishRefusedMessage: "Este activo está en un préstamo de favor: quien lo presta lo recibe de vuelta",
  // The deposit waits in escrow under (process name, deal id), the library's default reference.
  effects: {
    reservarActivo: { kind: "asset.reserve" },
    liberarActivo: { kind: "asset.release" },
    cobrarFianza: {
      kind: "ledger.escrowPay",
      from: "prestatario",
      amount: "fianza",
      description: 'Fianza del préstamo de favor de "{titulo}"',
    },
    devolverFianza: {
      kind: "ledger.escrowRefund",
      to: "prestatario",
      amount: "fianza",
      description: 'Fianza devuelta: "{titulo}"',
    },
    pagarFianza: {
      kind: "ledger.escrowRelease",
      to: "prestamista",
      amount: "fianza",
      description: 'Fianza de un préstamo de favor vencido: "{titulo}"',
    },
    // Step 9: not 'prestamo_…': notification links match the tipo by prefix (that one opens /prestar).
    notificarPartes: { kind: "notify", tipo: "favor_{transition}", relacionado: "activo" },
  },
  templates: FAVOR_TEMPLATES,
} as const satisfies ProcessSpec;

// Step 3: the input of the creating transition is a zod schema (in a real kind: beside the table,
// also used as the route's body schema). The service parses it; handlers read it with inputOf.
const favorInputSchema = z.object({ fianza: z.number().int().min(1).max(1000) });
type FavorInput = z.infer<typeof favorInputSchema>;

// Step 4: the record. This kind keeps no fields of its own beyond the deal row (parties, asset) and
// the ledger (the deposit is what escrow holds for the deal), so it needs no table; a kind with fields
// adds db/schema/<area>.ts, its migration, and loads the row here (recordOf).
interface FavorRecord {
  prestamistaId: string;
  prestatarioId: string;
  fianza: number;
}

// Step 5: the one small handler file (in a real kind: modules/<area>/<area>.process.ts): the record,
// the guards, the fields the table's effects and texts read, and custom effects only for what no
// library effect does (none here).
const favorHandlers: ProcessHandlers<FavorRecord> = {
  async load(tx, deal: DealRow) {
    return {
      prestamistaId: deal.parties.prestamista ?? "",
      prestatarioId: deal.parties.prestatario ?? "",
      fianza: await escrowHeld(tx, FAVOR_PROCESS.name, deal.id),
    };
  },
  guards: {
    activoPrestable(ctx) {
      const a = dealAsset(ctx);
      if (a.userId === ctx.data.prestatarioId) throw forbidden("No puedes pedirte prestado tu propio activo");
      if (a.mainPurpose !== "prestar") throw conflict("Este activo no está publicado para prestar");
      if (assetTransitionRefusal(a, "reservar")) throw conflict("Este activo no está disponible en este momento");
    },
  },
  effects: {},
  fields: (ctx): FavorFields => ({ titulo: ctx.asset?.title ?? "", fianza: ctx.data.fianza }),
};

// Step 6: the service registers the process with the engine and runs every start/apply inside ONE
// transaction it owns (a UnitOfWork, so the route can make it idempotent).
function createFavorLoanService(db: Db, engine: DealsEngine) {
  engine.register(FAVOR_PROCESS, favorHandlers);
  const plain = plainUnitOfWork(db);
  return {
    pedir(user: AuthUser, assetId: string, input: FavorInput, uow: UnitOfWork<DealRow> = plain) {
      const parsed = favorInputSchema.parse(input);
      return uow(async (tx: Tx) => {
        const out = await engine.start<FavorRecord>(tx, {
          process: FAVOR_PROCESS.name,
          transition: "pedir",
          assetId,
          // Parties from the session and the LOCKED asset, never from a request body.
          parties: (asset) => ({ prestamista: asset.userId, prestatario: user.id }),
          actor: { user },
          input: parsed,
          // The deposit asked for: what cobrarFianza escrows (afterwards the record reads it from escrow).
          build: async (_tx, asset) => ({ prestamistaId: asset.userId, prestatarioId: user.id, fianza: parsed.fianza }),
          save: async (_tx, _deal, built) => built,
        });
        return out.deal;
      });
    },
    devolver(user: AuthUser, dealId: string, uow: UnitOfWork<{ deal: DealRow; applied: boolean }> = plain) {
      return uow(async (tx: Tx) => {
        const out = await engine.apply<FavorRecord>(tx, {
          dealId,
          transition: "devolver",
          actor: { user },
          process: FAVOR_PROCESS.name,
          messages: { notFound: "Préstamo de favor no encontrado" },
        });
        return { deal: out.deal, applied: out.applied };
      });
    },
  };
}

// Step 10: the test, on a fresh database, driving the service and the engine's timers.
let t: TestContext;
let favor: ReturnType<typeof createFavorLoanService>;
const k = kit(() => t);
beforeAll(async () => {
  t = await createTestApp();
  quietPool(t.database);
  favor = createFavorLoanService(t.database.db, t.app.deals);
});
afterAll(() => t.close());

const auth = (u: TestUser): AuthUser => ({ id: u.id, email: u.email, isAdmin: false });
const later = (ms: number) => new Date(t.clock.now().getTime() + ms);
const reputation = async (u: TestUser) => json(await k.req("GET", null, `/api/reputation/${u.id}`)).data;
const history = async (dealId: string) =>
  (await listHistory(t.database.db, dealId)).map(
    (h) => `${h.fromState ?? "∅"}>${h.toState}:${h.transition}:${h.actorRole}:${h.actorUserId ? "persona" : "sistema"}`,
  );

async function setUp() {
  const lender = await signUp(t.app, { name: "Marta" });
  const borrower = await signUp(t.app, { name: "Julián" });
  const asset = await k.listFor(lender, { mainPurpose: "prestar", title: "Taladro percutor" });
  await k.fund(borrower, 100);
  return { lender, borrower, asset };
}

describe("a new kind of deal, added by the steps of ARCHITECTURE.md (préstamo de favor)", () => {
  it("steps 1, 2 and 5: the table is sound against its handlers (every waiting state has a deadline)", () => {
    expect(
      validateProcess(FAVOR_PROCESS, {
        guards: Object.keys(favorHandlers.guards),
        effects: Object.keys(favorHandlers.effects),
      }),
    ).toEqual([]);
    // Step 6: the engine checks the same at registration, so a table naming an effect nobody wrote
    // (or a final transition without outcome) stops the server at boot.
    const broken = {
      ...FAVOR_PROCESS,
      name: "prestamo_favor_roto",
      transitions: {
        ...FAVOR_PROCESS.transitions,
        devolver: { ...FAVOR_PROCESS.transitions.devolver, effects: ["avisarAlBarrio"], outcome: undefined },
      },
    };
    expect(() => t.app.deals.register(broken, favorHandlers)).toThrow(
      /devolver: llega al estado final devuelto sin resultado[\s\S]*efecto sin implementar avisarAlBarrio/,
    );
    // The library's settings are checked too: an unknown kind of effect or a template nobody wrote.
    const typo: ProcessSpec = {
      ...FAVOR_PROCESS,
      effects: {
        ...FAVOR_PROCESS.effects,
        notificarPartes: { kind: "notify", tipo: "favor", relacionado: "activo", template: "pedirr" },
      },
    };
    expect(validateProcess(typo)).toEqual([
      "pedir.notificarPartes: plantilla desconocida pedirr",
      "devolver.notificarPartes: plantilla desconocida pedirr",
      "vencer.notificarPartes: plantilla desconocida pedirr",
    ]);
  });

  it("borrowed and given back: deposit in escrow and back, history, the timer cancelled", async () => {
    const { lender, borrower, asset } = await setUp();
    const deal = await favor.pedir(auth(borrower), asset._id, { fianza: 30 });

    expect(deal).toMatchObject({ process: "prestamo_favor", state: "prestado", assetId: asset._id });
    expect(deal.parties).toEqual({ prestamista: lender.id, prestatario: borrower.id });
    expect((await k.asset(lender, asset._id)).status).toBe("operacion");
    // Ledger: the deposit left the borrower's spendable credits and waits in escrow under the deal.
    expect(await k.balance(borrower)).toEqual({ disponibles: 70, bloqueados: 0 });
    expect(await escrowHeld(t.database.db, "prestamo_favor", deal.id)).toBe(30);
    const timers = await listTimers(t.database.db, deal.id);
    expect(timers.map((x) => [x.name, x.transition, x.state, x.status])).toEqual([
      ["vencimiento", "vencer", "prestado", "pendiente"],
    ]);
    expect(timers[0]?.dueAt.getTime()).toBe(deal.createdAt.getTime() + FAVOR_LOAN_MS);

    // The guard refuses a second loan of the same asset under the lock; nothing of it is written.
    const other = await signUp(t.app);
    await k.fund(other, 50);
    await expect(favor.pedir(auth(other), asset._id, { fianza: 10 })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await k.balance(other)).toEqual({ disponibles: 50, bloqueados: 0 });
    // Roles: the borrower may not take the lender's transition; a stranger does not see the deal.
    await expect(favor.devolver(auth(borrower), deal.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(favor.devolver(auth(other), deal.id)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const back = await favor.devolver(auth(lender), deal.id);
    // The outcome the table declares is stored on the deal: completed, by the lender, proving a return.
    expect(back).toMatchObject({
      applied: true,
      deal: { state: "devuelto", outcome: "completado", outcomeRole: "prestamista", outcomeProof: "devolucion" },
    });
    expect(back.deal.closedAt).not.toBeNull();
    expect(await k.balance(borrower)).toEqual({ disponibles: 100, bloqueados: 0 });
    expect(await escrowHeld(t.database.db, "prestamo_favor", deal.id)).toBe(0);
    expect((await k.asset(lender, asset._id)).status).toBe("disponible");

    // The same transition again is one effect; the week's timer was cancelled and never fires.
    expect(await favor.devolver(auth(lender), deal.id)).toMatchObject({ applied: false });
    expect(await t.app.deals.fireDueTimers(t.database.db, later(FAVOR_LOAN_MS + DAY))).toBe(0);
    expect((await listTimers(t.database.db, deal.id)).map((x) => x.status)).toEqual(["cancelado"]);
    expect(await history(deal.id)).toEqual([
      "∅>prestado:pedir:prestatario:persona",
      "prestado>devuelto:devolver:prestamista:persona",
    ]);
    expect(await k.balance(borrower)).toEqual({ disponibles: 100, bloqueados: 0 });

    // Both parties were told at each step (the bell's notifications).
    const bell = await k.req("GET", lender, "/api/notificaciones/usuario");
    const mine = (json(bell).data as { titulo: string; enlace: string | null }[]).filter(
      (n) => n.enlace === `/ver-activo/${asset._id}`,
    );
    expect(mine.map((n) => n.titulo)).toEqual(["Activo devuelto", "Préstamo de favor", "Activo registrado"]);
    // Reputation reads the outcome, not the process's name: a returned loan, +5 to both parties.
    expect(await reputation(lender)).toMatchObject({ reputacion: 5, partes: { prestamosDevueltos: { cantidad: 1 } } });
    expect(await reputation(borrower)).toMatchObject({ reputacion: 5 });
  });

  it("forgotten: the timer closes it as the system once, and the deposit goes to the lender", async () => {
    const { lender, borrower, asset } = await setUp();
    const deal = await favor.pedir(auth(borrower), asset._id, { fianza: 40 });

    expect(await t.app.deals.fireDueTimers(t.database.db, later(FAVOR_LOAN_MS - 1000))).toBe(0);
    expect(await t.app.deals.fireDueTimers(t.database.db, later(FAVOR_LOAN_MS + 1))).toBe(1);
    expect(await t.app.deals.fireDueTimers(t.database.db, later(FAVOR_LOAN_MS + DAY))).toBe(0);

    expect((await listTimers(t.database.db, deal.id)).map((x) => x.status)).toEqual(["disparado"]);
    expect(await history(deal.id)).toEqual([
      "∅>prestado:pedir:prestatario:persona",
      "prestado>vencido:vencer:sistema:sistema",
    ]);
    expect((await listDealsOfUser(t.database.db, borrower.id)).find((d) => d.id === deal.id)).toMatchObject({
      state: "vencido",
      outcome: "incumplido",
      outcomeRole: "prestatario",
      outcomeProof: null,
    });
    expect(await reputation(borrower)).toMatchObject({
      reputacion: -10,
      partes: { prestamosVencidos: { cantidad: 1 } },
    });
    expect(await reputation(lender)).toMatchObject({ reputacion: 0 });
    // Ledger: escrow paid out once, to the lender; the borrower keeps the rest.
    expect(await escrowHeld(t.database.db, "prestamo_favor", deal.id)).toBe(0);
    expect((await k.balance(lender)).disponibles).toBe(40);
    expect(await k.balance(borrower)).toEqual({ disponibles: 60, bloqueados: 0 });
    expect((await k.asset(lender, asset._id)).status).toBe("disponible");
    // A final state admits nothing more.
    await expect(favor.devolver(auth(lender), deal.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Este préstamo de favor venció",
    });
    expect((await checkInvariants(t.database.db)).problems).toEqual([]);
  });
});
