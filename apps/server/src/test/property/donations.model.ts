/**
 * Donations and gifts in the ledger property test (issue 9): direct (to a recipient, who accepts or
 * rejects) or community (the first claim wins), cancelled by the donor, or expired after 30 days.
 * Nothing is paid; an accepted donation releases the asset's hold to whoever it was issued to, once,
 * and the asset changes hands.
 */
import { DONATION_EXPIRY_MS, DONATION_PROCESS } from "@valoriza/domain";
import fc from "fast-check";
import { expect } from "vitest";
import { createDonationsService, type DonationsService } from "../../modules/donations/index.ts";
import { caught } from "../../modules/ledger/ledger.testkit.ts";
import { type AreaModel, stepKind } from "./area.ts";
import { expectDbEqualsModel } from "./checks.ts";
import {
  areaState,
  asUser,
  type Ctx,
  insertAsset,
  type ModelAsset,
  predict,
  releaseAssetHold,
  USERS,
} from "./model.ts";

type Action = "aceptar" | "rechazar" | "cancelar" | "reclamar";
interface ModelDonation {
  id: string;
  asset: ModelAsset;
  donor: number;
  recipient: number | null;
  community: boolean;
  estado: "pendiente" | "completada" | "cancelada";
  last: string;
  dueAt: number;
}
interface ResolveOp {
  t: "donationResolve";
  donation: number;
  action: Action;
  claimer: number;
}

const state = areaState(() => ({ donations: [] as ModelDonation[], giftable: [] as ModelAsset[] }));
let donations: DonationsService;
const applied = { donaciones: 0, donacionesEntregadas: 0, donacionesCerradas: 0, donacionesVencidas: 0 };

const user = fc.integer({ min: 0, max: USERS - 1 });
const action = fc.constantFrom<Action>("aceptar", "rechazar", "cancelar", "reclamar");

/** A donation that ends without changing hands (or once it has): the asset is free again. */
function endDonation(d: ModelDonation, last: "aceptar" | "rechazar" | "cancelar" | "expirar") {
  d.estado = DONATION_PROCESS.transitions[last].to;
  d.last = last;
  d.asset.status = "disponible";
}

async function resolve(ctx: Ctx, op: ResolveOp) {
  const { ids, m } = ctx;
  const all = state(m).donations;
  if (all.length === 0) return;
  const d = all[op.donation % all.length]!;
  const status = { pendiente: "pending", completada: "completed", cancelada: "cancelled" };
  let run: () => Promise<{ donation: { status: string } }>;
  let transition: "aceptar" | "rechazar" | "cancelar";
  let claimer: number | null = null;
  if (op.action === "cancelar") {
    transition = "cancelar";
    run = () => donations.cancel(asUser(ids[d.donor]!), d.id);
  } else if (op.action !== "reclamar") {
    // Accepting or rejecting is the direct recipient's (a community donation is claimed instead).
    if (d.recipient === null) return;
    transition = op.action;
    const r = d.recipient;
    run = () => (op.action === "aceptar" ? donations.accept : donations.reject)(asUser(ids[r]!), d.id);
  } else {
    transition = "aceptar";
    claimer = op.claimer;
    const c = claimer;
    run = () => donations.claim(asUser(ids[c]!), d.id);
    if (claimer === d.donor || (!d.community && d.recipient !== claimer)) {
      expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
      return;
    }
  }
  let check = predict(DONATION_PROCESS, d.estado, d.last, transition);
  // Someone else's claim on a community donation already taken (or closed) is refused.
  if (claimer !== null && d.community && d.recipient !== claimer && d.estado !== "pendiente") check = "conflict";
  if (check === "conflict") {
    expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
    return;
  }
  const r = await run();
  if (check === "apply") {
    if (transition === "aceptar") {
      if (claimer !== null) d.recipient = claimer;
      // The asset changes hands; its hold is released to whoever it was issued to (once).
      await releaseAssetHold(ctx, d.asset);
      d.asset.owner = d.recipient!;
      endDonation(d, transition);
      applied.donacionesEntregadas++;
    } else {
      endDonation(d, transition);
      applied.donacionesCerradas++;
    }
  }
  expect(r.donation.status).toBe(status[d.estado]);
}

export const donationsModel: AreaModel = {
  name: "donations",
  wire(deps, engine) {
    donations = createDonationsService(deps, engine);
  },
  applied,
  steps: [
    stepKind({
      t: "donate" as const,
      weight: 3,
      arbitrary: fc.record({
        t: fc.constant("donate" as const),
        donor: user,
        recipient: fc.option(user, { nil: null }),
        asset: fc.nat({ max: 50 }),
        fresh: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null, freq: 3 }),
        follow: fc.array(fc.record({ action, claimer: user }), { maxLength: 2 }),
      }),
      async apply(ctx, op) {
        const { ids, m, clock } = ctx;
        const { donations: all, giftable } = state(m);
        let a: ModelAsset;
        if (op.fresh !== null || giftable.length === 0) {
          a = await insertAsset(ctx, op.donor, op.fresh ?? 100, "donar");
          giftable.push(a);
        } else a = giftable[op.asset % giftable.length]!;
        // Mostly the owner donates; sometimes someone else tries to.
        const donor = op.fresh === null && op.donor > 0 ? a.owner : op.donor;
        const run = () =>
          donations.create(asUser(ids[donor]!), {
            assetId: a.id,
            recipientId: op.recipient === null ? null : ids[op.recipient]!,
            message: "Para ti",
          });
        if (op.recipient === donor) {
          expect(await caught(run)).toMatchObject({ code: "BAD_REQUEST" });
          return;
        }
        if (a.owner !== donor) {
          expect(await caught(run)).toMatchObject({ code: "FORBIDDEN" });
          return;
        }
        if (a.status !== "disponible") {
          expect(await caught(run)).toMatchObject({ code: "CONFLICT" });
          return;
        }
        const r = await run();
        expect(r.donation).toMatchObject({ status: "pending", community: op.recipient === null });
        a.status = "operacion";
        all.push({
          id: r.donation._id,
          asset: a,
          donor,
          recipient: op.recipient,
          community: op.recipient === null,
          estado: "pendiente",
          last: "donar",
          dueAt: clock.now().getTime() + DONATION_EXPIRY_MS,
        });
        applied.donaciones++;
        const donation = all.length - 1;
        for (const f of op.follow) {
          await expectDbEqualsModel(ctx);
          await resolve(ctx, { t: "donationResolve", donation, ...f });
        }
      },
    }),
    stepKind<ResolveOp>({
      t: "donationResolve",
      weight: 4,
      arbitrary: fc.record({
        t: fc.constant("donationResolve" as const),
        donation: fc.nat({ max: 50 }),
        action,
        claimer: user,
      }),
      apply: resolve,
    }),
  ],
  due({ m }, now) {
    const due = state(m).donations.filter((d) => d.estado === "pendiente" && d.dueAt <= now);
    return {
      count: due.length,
      async fire() {
        for (const d of due) endDonation(d, "expirar");
        applied.donacionesVencidas += due.length;
      },
    };
  },
  waitsAtMostMs: DONATION_EXPIRY_MS,
  async checkEnd({ m }) {
    expect(state(m).donations.every((d) => d.estado !== "pendiente")).toBe(true);
  },
};
