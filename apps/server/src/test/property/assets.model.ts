/**
 * Assets in the ledger property test: registrations (issued blocked credits, by the ledger call and
 * by POST /api/dinero/registrar's service), releases of an asset's hold, deactivations (destroyed).
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { AppDeps } from "../../lib/deps.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { type AssetsService, createAssetsService } from "../../modules/assets/index.ts";
import { destroyHold, issueBlocked, releaseHold } from "../../modules/ledger/index.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { asUser, moveReviewed, USERS } from "./model.ts";

const user = fc.integer({ min: 0, max: USERS - 1 });
const pick = fc.nat({ max: 50 });

let assetsService: AssetsService;
const applied = { registrosApi: 0 };

export const assetsModel: AreaModel = {
  name: "assets",
  wire(deps) {
    // Registrations as the API makes them (the lean 3-round-trip path, ADR 012). The daily limits have
    // their own tests (assets.limits); here they are set out of the way.
    assetsService = createAssetsService({
      ...deps,
      config: { maxRegistrationsPerDay: 1_000_000, uploadImagesPerHour: 100, dataDir: "/tmp/vz-ledger-pbt" },
    } as unknown as AppDeps);
  },
  applied,
  steps: [
    stepKind({
      t: "register" as const,
      weight: 4,
      arbitrary: fc.record({ t: fc.constant("register" as const), user, amount: fc.integer({ min: 0, max: 500 }) }),
      async apply({ db, ids, m }, op) {
        const ref = uuidv7();
        const r = await db.transaction((tx) =>
          issueBlocked(tx, {
            userId: ids[op.user]!,
            amount: op.amount,
            refType: "activo",
            refId: ref,
            actorUserId: ids[op.user]!,
          }),
        );
        if (op.amount === 0) {
          expect(r).toEqual({ holdId: null, transferId: null });
          m.refs.push({ ref, refType: "activo", hold: null });
          return;
        }
        expect(r.holdId).toEqual(expect.any(Number));
        m.openHold(ref, "activo", op.user, op.amount);
        m.sys.emision -= op.amount;
      },
    }),
    stepKind({
      t: "registerMoney" as const,
      weight: 2,
      arbitrary: fc.record({
        t: fc.constant("registerMoney" as const),
        user,
        amount: fc.integer({ min: 1, max: 500 }),
      }),
      async apply({ ids, m }, op) {
        // POST /api/dinero/registrar's service: the asset row and its blocked credits in one batch.
        const r = await assetsService.registerMoney(asUser(ids[op.user]!), {
          monto: op.amount * 1000,
          tipo: "prestamo",
          descripcion: "Aporte",
        });
        // previous: the person's credits (available + blocked) before the registration.
        const before = m.disp[op.user]! + m.bloq[op.user]!;
        expect(r.userCredits).toEqual({ previous: before, added: op.amount, current: before + op.amount });
        m.openHold(r.asset._id, "activo", op.user, op.amount);
        m.sys.emision -= op.amount;
        applied.registrosApi++;
      },
    }),
    ...(["release", "deactivate"] as const).map((t) =>
      stepKind({
        t,
        weight: t === "release" ? 3 : 2,
        arbitrary: fc.record({ t: fc.constant(t), asset: pick }),
        async apply(ctx, op) {
          const { db, m } = ctx;
          const assetRefs = m.refs.filter((r) => r.refType === "activo");
          if (assetRefs.length === 0) return;
          const target = assetRefs[op.asset % assetRefs.length]!;
          const r = await db.transaction((tx) =>
            (op.t === "release" ? releaseHold : destroyHold)(tx, { refType: "activo", refId: target.ref }),
          );
          const expected = m.resolve(target.hold, op.t === "release" ? "liberada" : "destruida");
          // A release of an asset that had deals may be flagged by the limits (ADR 015, e.g. repeated
          // deals between the same two people): the flagged part stays bloqueado, in review.
          const inReview =
            op.t === "release" && target.hold && expected.amount > 0
              ? await moveReviewed(ctx, target.ref, target.hold)
              : 0;
          expect(r).toMatchObject({ ...expected, amount: expected.amount - inReview });
        },
      }),
    ),
  ],
};
