import { randomInt } from "node:crypto";
import {
  type AssignCustodyData,
  CODE_SPACE,
  CUSTODY_PROCESS,
  type Custody,
  codeGuardAt,
  DEALS_MSG,
  DISPUTE_MSG,
  formatCustodyCode,
  type OpenDisputeData,
  type PaymentMode,
  salePrice,
} from "@valoriza/domain";
import type { SQL } from "drizzle-orm";
import { CommitThenThrow, type InlineStatements, lastStatement, runInline, type Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, notFound, rateLimited, unprocessable } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { assertNoBlock, noBlockWithOwnerOnLock } from "../blocks/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { openHoldAmount, userBalancesColumn } from "../ledger/index.ts";
import { findUserById } from "../users/index.ts";
import { custodyHandlers, type PurchaseInput } from "./custody.process.ts";
import {
  type CustodyRow,
  type CustodyView,
  findCustody,
  findCustodyView,
  foreseeCodeGuard,
  insertCustodyWithDealIfCodeFree,
  listCustodyViews,
  lockCodeGuard,
  saveCodeGuard,
} from "./custody.repository.ts";
import type { OpenDisputeStep } from "./disputes.process.ts";
import { prepareEvidence } from "./disputes.service.ts";

/** What a custody call returns: the custody as the caller sees it and the caller's balances. */
export interface CustodyResult {
  custodia: Custody;
  balances: { creditosDisponibles: number; creditosBloqueados: number; credits: number };
}

/** The custody as `viewerId` sees it: the code only for the offerer and only while pendiente. */
export function toCustodyDto(v: CustodyView, viewerId: string): Custody {
  const c = v.c;
  const miRol = c.oferenteId === viewerId ? "oferente" : "receptor";
  const estado = v.state as Custody["estado"];
  return {
    _id: c.id,
    assetId: { _id: c.assetId, title: v.assetTitle },
    oferenteId: { _id: c.oferenteId, name: v.oferenteName ?? "" },
    receptorId: { _id: c.receptorId, name: v.receptorName ?? "" },
    tipoTransaccion: c.tipoTransaccion as Custody["tipoTransaccion"],
    estado,
    creditosBloqueados: c.pagoCreditos + c.creditosActivo,
    pagoCreditos: c.pagoCreditos,
    creditosActivo: c.creditosActivo,
    modoPago: (c.modoPago as PaymentMode | null) ?? null,
    montoCOP: c.montoCOP,
    ...(miRol === "oferente" && estado === "pendiente" ? { codigoConfirmacion: c.codigo } : {}),
    notas: c.notas,
    fechaIngreso: c.fechaIngreso.toISOString(),
    fechaSalida: c.fechaSalida ? c.fechaSalida.toISOString() : null,
    fechaLimite: estado === "pendiente" && c.fechaLimite ? c.fechaLimite.toISOString() : null,
    miRol,
  };
}

const MAX_CODE_DRAWS = 20;

export function createCustodyService({ db, clock }: AppDeps, engine: DealsEngine) {
  engine.register(CUSTODY_PROCESS, custodyHandlers);
  const plain = plainUnitOfWork(db);

  /**
   * Inserts the custody record with a fresh code, unique among pending custodies (CSPRNG draws), in
   * one statement with its deal (`dealRow`, the engine's `savesDeal`) and the asset's open hold
   * (`creditosActivo`, read after the asset's lock).
   */
  async function insertWithCode(tx: Tx, row: CustodyRow, dealRow: SQL | undefined): Promise<CustodyRow> {
    if (!dealRow) throw new Error("custody: the deal's insert goes with the custody's (savesDeal)");
    for (let i = 0; i < MAX_CODE_DRAWS; i++) {
      const c = await insertCustodyWithDealIfCodeFree(
        tx,
        { ...row, estado: "pendiente", codigo: formatCustodyCode(randomInt(0, CODE_SPACE)) },
        dealRow,
        openHoldAmount("activo", row.assetId),
      );
      if (c) return c;
    }
    throw new Error("custody: no free confirmation code after several draws");
  }

  type Balances = { creditosDisponibles: number; creditosBloqueados: number; credits: number };
  const pick = (b: Balances): Balances => ({
    creditosDisponibles: b.creditosDisponibles,
    creditosBloqueados: b.creditosBloqueados,
    credits: b.credits,
  });

  /** A step's answer: the custody's view and the viewer's balances, read in one statement. */
  async function answer(tx: Tx, id: string, viewerId: string): Promise<{ custodia: Custody; balances: Balances }> {
    const column = userBalancesColumn(viewerId);
    // The step's last statement: COMMIT travels with it (db/client.ts lastStatement).
    const v = await lastStatement(tx, () => findCustodyView(tx, id, column.sql));
    if (!v) throw notFound(DEALS_MSG.custodyNotFound);
    return { custodia: toCustodyDto(v, viewerId), balances: pick(column.read(v.extra)) };
  }

  const expiry = (now: Date) => new Date(now.getTime() + CUSTODY_PROCESS.states.pendiente.timers[0].afterMs);

  return {
    /**
     * The sale's first statement, sent with BEGIN (one round trip less): the asset locked with the
     * blocks between the buyer and its owner (openSale's start, foreseen).
     */
    saleOpening(buyer: AuthUser, activoId: string): InlineStatements {
      return engine.foreseeStart({ assetId: activoId, withLock: noBlockWithOwnerOnLock(buyer.id) });
    },

    /**
     * The sale's escrow and custody (called by the sales area in its transaction):
     * the buyer is the session user, the seller the asset's owner under the lock,
     * the price the server's.
     */
    async openSale(tx: Tx, buyer: AuthUser, input: { activoId: string } & PurchaseInput) {
      const out = await engine.start<CustodyRow>(tx, {
        // Buyer and seller must not have blocked each other (issue 19 part 4): the seller is the
        // asset's owner, the blocks read in the statement that locks the asset (saleOpening's).
        withLock: noBlockWithOwnerOnLock(buyer.id),
        process: CUSTODY_PROCESS.name,
        transition: "comprar",
        assetId: input.activoId,
        parties: (asset) => ({ oferente: asset.userId, receptor: buyer.id }),
        actor: { user: buyer },
        input,
        messages: { assetNotFound: DEALS_MSG.assetNotFound },
        savesDeal: true,
        save: (tx2, _deal, built, dealRow) => insertWithCode(tx2, built, dealRow),
        // The answer is the custody's view, read below.
        reload: false,
        build: async (_tx, asset, { id, now }) => {
          const price = salePrice(asset);
          return {
            id,
            estado: "pendiente",
            codigo: "",
            assetId: asset.id,
            oferenteId: asset.userId,
            receptorId: buyer.id,
            tipoTransaccion: "venta",
            origen: "venta",
            modoPago: input.modoPago,
            pagoCreditos: input.modoPago === "creditos" ? price.creditos : 0,
            // Read with the custody's insert (insertWithCode).
            creditosActivo: 0,
            montoCOP: price.cop,
            notas: "",
            fechaIngreso: now,
            fechaSalida: null,
            fechaLimite: expiry(now),
          };
        },
      });
      const { custodia, balances: balance } = await answer(tx, out.deal.id, buyer.id);
      return { custodia, record: out.data, balance };
    },

    async assign(
      user: AuthUser,
      input: AssignCustodyData,
      uow: UnitOfWork<CustodyResult> = plain,
    ): Promise<CustodyResult> {
      if (input.receptorId === user.id) throw badRequest(DEALS_MSG.receiverIsYou);
      const receiver = await findUserById(db, input.receptorId);
      if (!receiver) throw notFound(DEALS_MSG.receiverNotFound);
      return uow(async (tx) => {
        await assertNoBlock(tx, user.id, input.receptorId);
        const out = await engine.start<CustodyRow>(tx, {
          process: CUSTODY_PROCESS.name,
          transition: "asignar",
          assetId: input.assetId,
          parties: () => ({ oferente: user.id, receptor: input.receptorId }),
          actor: { user },
          messages: { assetNotFound: DEALS_MSG.assetNotFound },
          savesDeal: true,
          save: (tx2, _deal, built, dealRow) => insertWithCode(tx2, built, dealRow),
          build: async (_tx, asset, { id, now }) => ({
            id,
            estado: "pendiente",
            codigo: "",
            assetId: asset.id,
            oferenteId: user.id,
            receptorId: input.receptorId,
            tipoTransaccion: input.tipoTransaccion,
            origen: "asignacion",
            modoPago: null,
            pagoCreditos: 0,
            // Read with the custody's insert (insertWithCode).
            creditosActivo: 0,
            montoCOP: 0,
            notas: input.notas,
            fechaIngreso: now,
            fechaSalida: null,
            fechaLimite: expiry(now),
          }),
        });
        return answer(tx, out.deal.id, user.id);
      });
    },

    /**
     * The receiver types the code. Only the receiver's own custodies are
     * searched; a code that matches none of them counts as wrong, and 5 wrong
     * codes in an hour lock the receiver's confirmations until the hour ends
     * (the 6th attempt is refused even when right). The counter is committed
     * before the error is answered.
     */
    async confirm(user: AuthUser, code: string, uow: UnitOfWork<CustodyResult> = plain): Promise<CustodyResult> {
      const now = clock.now();
      // One transaction (issue 21): the guard's row under its lock (sent with BEGIN, or after the key
      // row of an Idempotency-Key), then the step's locks and record (foreseen, one round trip) and
      // the step. A wrong code keeps its count: committed, then refused (CommitThenThrow; the key is
      // not kept). The receiver's confirmations wait on each other's guard row.
      return uow(
        async (tx) => {
          const g = await lockCodeGuard(tx, user.id, code);
          const guard = codeGuardAt({ failures: g.failures, windowStartedAt: g.windowStartedAt }, now);
          if (guard.locked) {
            const seconds = Math.max(1, Math.ceil(((guard.unlocksAt ?? now).getTime() - now.getTime()) / 1000));
            throw new CommitThenThrow(rateLimited(DEALS_MSG.tooManyWrongCodes(Math.ceil(seconds / 60)), seconds));
          }
          if (!g.custodyId) {
            const next = guard.afterWrong();
            await saveCodeGuard(tx, user.id, next.failures, next.windowStartedAt);
            throw new CommitThenThrow(unprocessable(DEALS_MSG.wrongCode));
          }
          await runInline(tx, engine.foreseeApply(CUSTODY_PROCESS.name, g.custodyId, "confirmar", user.id));
          const out = await engine.apply<CustodyRow>(tx, {
            dealId: g.custodyId,
            transition: "confirmar",
            actor: { user },
            input: { code },
            process: CUSTODY_PROCESS.name,
            reload: false,
            messages: { notFound: DEALS_MSG.custodyNotFound },
          });
          return answer(tx, out.deal.id, user.id);
        },
        foreseeCodeGuard(user.id, code),
      );
    },

    async cancel(user: AuthUser, id: string, uow: UnitOfWork<CustodyResult> = plain): Promise<CustodyResult> {
      return uow(
        async (tx) => {
          const out = await engine.apply<CustodyRow>(tx, {
            dealId: id,
            transition: "cancelar",
            actor: { user },
            process: CUSTODY_PROCESS.name,
            messages: { notFound: DEALS_MSG.custodyNotFound, notAllowed: DEALS_MSG.onlyOfferer },
          });
          return answer(tx, out.deal.id, user.id);
        },
        engine.foreseeApply(CUSTODY_PROCESS.name, id, "cancelar", user.id),
      );
    },

    /**
     * Either party of a pending custody opens a dispute (issue 19 part 2): the custody waits in
     * en_disputa for an admin (its expiry timer cancelled). Someone outside the custody gets 404;
     * the photos are checked and re-encoded before the transaction.
     */
    async openDispute(
      user: AuthUser,
      id: string,
      data: OpenDisputeData,
      uow: UnitOfWork<CustodyResult> = plain,
    ): Promise<CustodyResult> {
      const c = await findCustody(db, id);
      if (!c || (c.oferenteId !== user.id && c.receptorId !== user.id)) throw notFound(DEALS_MSG.custodyNotFound);
      // Cheap refusals before any image work; the engine checks again under the locks.
      if (c.estado === "en_disputa") throw conflict(DISPUTE_MSG.enDisputa);
      if (c.estado !== "pendiente") throw conflict(DISPUTE_MSG.soloPendiente);
      const input: OpenDisputeStep = {
        disputeId: uuidv7(clock.now().getTime()),
        motivo: data.motivo,
        descripcion: data.descripcion,
        imagenes: await prepareEvidence(data.imagenes),
      };
      return uow(async (tx) => {
        const out = await engine.apply<CustodyRow>(tx, {
          dealId: id,
          transition: "disputar",
          actor: { user },
          input,
          process: CUSTODY_PROCESS.name,
          messages: { notFound: DEALS_MSG.custodyNotFound },
        });
        // Opened a moment ago by the same party (a second request without its key): one dispute.
        if (!out.applied) throw conflict(DISPUTE_MSG.enDisputa);
        return answer(tx, out.deal.id, user.id);
      });
    },

    async listMine(user: AuthUser) {
      const rows = await listCustodyViews(db, user.id);
      const data = rows.map((v) => toCustodyDto(v, user.id));
      return { success: true as const, data, custodias: data };
    },
  };
}

export type CustodyService = ReturnType<typeof createCustodyService>;
