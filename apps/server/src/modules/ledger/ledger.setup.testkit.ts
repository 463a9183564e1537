import { afterAll, beforeAll, expect } from "vitest";
import type { Database, Executor } from "../../db/client.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { freshDatabase } from "../../test/harness.ts";
import { checkInvariants, destroyHold, issueBlocked, releaseHold, transfer } from "./ledger.service.ts";
import { createUser, quietPoolErrors } from "./ledger.testkit.ts";

/**
 * The shared setup of the ledger's unit tests (ledger.test.ts, ledger.transfers.test.ts): a fresh
 * database for the file, and the small moves the tests are written with.
 */
export function useLedgerDatabase() {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
    quietPoolErrors(database);
  });
  afterAll(() => drop());

  const db = () => database.db;
  const tx = <T>(fn: (tx: Executor) => Promise<T>) => db().transaction((t) => fn(t));

  const issue = (userId: string, amount: number, refId = uuidv7()) =>
    tx((t) =>
      issueBlocked(t, { userId, amount, refType: "activo", refId, actorUserId: userId, description: "Registro" }),
    );
  const release = (refId: string, refType = "activo") => tx((t) => releaseHold(t, { refType, refId }));
  const destroy = (refId: string) => tx((t) => destroyHold(t, { refType: "activo", refId }));
  const pay = (from: string, to: string, amount: number) =>
    tx((t) =>
      transfer(t, {
        from: { userId: from, kind: "disponible" },
        to: { userId: to, kind: "disponible" },
        amount,
        kind: "alquiler",
      }),
    );

  async function expectBalanced() {
    const inv = await checkInvariants(db());
    expect(inv).toEqual({
      sumIsZero: true,
      noNegative: true,
      balancesMatchTransfers: true,
      holdsMatchBloqueado: true,
      total: 0,
      problems: [],
    });
  }

  async function userWithAvailable(amount: number): Promise<string> {
    const u = await createUser(db());
    if (amount > 0) {
      const ref = uuidv7();
      await issue(u, amount, ref);
      await release(ref);
    }
    return u;
  }

  return { db, tx, issue, release, destroy, pay, expectBalanced, userWithAvailable };
}
