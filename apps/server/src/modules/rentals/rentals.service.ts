import {
  type AssetRental,
  type BookRentalInput,
  type CreateRentalData,
  colombiaToday,
  MAX_AMOUNT_CREDITS,
  RENTAL_MSG,
  RENTAL_PROCESS,
  RENTAL_PURPOSES,
  type Rental,
  type RentalBooking,
  type RentalStatus,
  rentalDays,
} from "@valoriza/domain";
import type { Tx } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, insufficientFunds, notFound } from "../../lib/errors.ts";
import { plainUnitOfWork, type UnitOfWork } from "../../lib/idempotency.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { lockAsset } from "../assets/index.ts";
import { assertNoBlock } from "../blocks/index.ts";
import type { DealsEngine } from "../deals/index.ts";
import { getUserBalances, INSUFFICIENT_FUNDS_MESSAGE } from "../ledger/index.ts";
import { checkRentable, rentalHandlers } from "./rentals.process.ts";
import {
  type BookingRow,
  type BookingView,
  closeRental,
  findActiveRentalForAsset,
  findBookingView,
  findRental,
  findRentalView,
  insertBooking,
  insertRental,
  listBookingViews,
  listRentalViews,
  listReservedRanges,
  lockRentalShared,
  type RentalView,
} from "./rentals.repository.ts";

export interface RentalResult {
  rental: Rental;
}

export interface Balances {
  creditosDisponibles: number;
  creditosBloqueados: number;
  credits: number;
}

export interface BookingResult {
  booking: RentalBooking;
  balances: Balances;
}

/** 'finished' on read once the period's last day has passed (Colombia); otherwise as stored. */
export function rentalStatus(r: { status: string; endDate: string }, today: string): RentalStatus {
  if (r.status === "active" && r.endDate < today) return "finished";
  return r.status === "closed" ? "closed" : "active";
}

export function toRentalDto(v: RentalView, today: string): Rental {
  const r = v.r;
  return {
    _id: r.id,
    assetId: { _id: r.assetId, title: v.assetTitle },
    ownerId: r.ownerId,
    ownerName: v.ownerName ?? "",
    pricePerDay: r.pricePerDay,
    startDate: r.startDate,
    endDate: r.endDate,
    terms: r.terms,
    status: rentalStatus(r, today),
    createdAt: r.createdAt.toISOString(),
  };
}

export function toBookingDto(v: BookingView, viewerId: string, today: string): RentalBooking {
  const b = v.b;
  const running = b.estado === "reservada";
  const miRol = b.arrendadorId === viewerId ? "arrendador" : "arrendatario";
  return {
    _id: b.id,
    rentalId: b.rentalId,
    assetId: { _id: b.assetId, title: v.assetTitle },
    arrendatarioId: { _id: b.arrendatarioId, name: v.arrendatarioName ?? "" },
    arrendadorId: { _id: b.arrendadorId, name: v.arrendadorName ?? "" },
    startDate: b.startDate,
    endDate: b.endDate,
    dias: b.dias,
    pricePerDay: b.pricePerDay,
    total: b.total,
    estado: b.estado as RentalBooking["estado"],
    miRol,
    puedeCancelar: running && today < b.startDate,
    puedeFinalizar: running && miRol === "arrendador" && today >= b.startDate,
    createdAt: b.createdAt.toISOString(),
  };
}

/** The PostgreSQL error behind a (possibly wrapped) driver or Drizzle error. */
function pgCode(e: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === "string" && /^[0-9A-Z]{5}$/.test(c.code)) return { code: c.code, constraint: c.constraint };
    cur = c.cause;
  }
  return undefined;
}

/** The database refused a booking that shares a day with another running booking of the asset. */
export function isOverlapViolation(e: unknown): boolean {
  const pg = pgCode(e);
  return pg?.code === "23P01" && (pg.constraint === undefined || pg.constraint === "rental_bookings_no_overlap");
}

/** A second open publication of the asset (the partial unique index), raced past the check. */
function isDuplicatePublication(e: unknown): boolean {
  const pg = pgCode(e);
  return pg?.code === "23505" && pg.constraint === "rentals_one_active_per_asset";
}

export function createRentalsService({ db, clock }: AppDeps, engine: DealsEngine) {
  engine.register(RENTAL_PROCESS, rentalHandlers);
  const plain = plainUnitOfWork(db);

  const balances = async (tx: Tx, userId: string): Promise<Balances> => {
    const b = await getUserBalances(tx, userId);
    return { creditosDisponibles: b.creditosDisponibles, creditosBloqueados: b.creditosBloqueados, credits: b.credits };
  };

  async function rentalView(tx: Tx, id: string): Promise<Rental> {
    const v = await findRentalView(tx, id);
    if (!v) throw notFound(RENTAL_MSG.notFound);
    return toRentalDto(v, colombiaToday(clock.now()));
  }

  async function bookingView(tx: Tx, id: string, viewerId: string): Promise<RentalBooking> {
    const v = await findBookingView(tx, id);
    if (!v) throw notFound(RENTAL_MSG.bookingNotFound);
    return toBookingDto(v, viewerId, colombiaToday(clock.now()));
  }

  async function step(
    user: AuthUser,
    id: string,
    transition: "finalizar" | "cancelar",
    uow: UnitOfWork<BookingResult>,
  ) {
    return uow(async (tx) => {
      const out = await engine.apply<BookingRow>(tx, {
        dealId: id,
        transition,
        actor: { user },
        process: RENTAL_PROCESS.name,
        messages: { notFound: RENTAL_MSG.bookingNotFound },
      });
      return { booking: await bookingView(tx, out.deal.id, user.id), balances: await balances(tx, user.id) };
    });
  }

  return {
    /** POST /rentals: the owner publishes one of their `alquilar` assets (nothing moves). */
    async create(user: AuthUser, input: CreateRentalData, uow: UnitOfWork<RentalResult> = plain) {
      if (input.ownerId && input.ownerId.toLowerCase() !== user.id) throw badRequest(RENTAL_MSG.notYourAsset);
      if (input.startDate < colombiaToday(clock.now())) throw badRequest(RENTAL_MSG.startBeforeToday);
      return uow(async (tx) => {
        const now = clock.now();
        const today = colombiaToday(now);
        // The asset's lock serializes publishing with bookings and the other deals on it.
        const a = await lockAsset(tx, input.assetId);
        if (!a || a.status === "desactivado") throw notFound(RENTAL_MSG.notAvailable);
        if (a.userId !== user.id) throw forbidden(RENTAL_MSG.notYourAsset);
        if (!RENTAL_PURPOSES.includes(a.mainPurpose)) throw conflict(RENTAL_MSG.notForRent);
        await checkRentable(tx, a);
        const open = await findActiveRentalForAsset(tx, a.id);
        if (open) {
          // A publication whose period is over no longer holds the asset: it closes now.
          if (open.endDate >= today) throw conflict(RENTAL_MSG.alreadyPublished);
          await closeRental(tx, open.id, now);
        }
        try {
          const r = await insertRental(tx, {
            id: uuidv7(now.getTime()),
            assetId: a.id,
            ownerId: user.id,
            pricePerDay: input.pricePerDay,
            startDate: input.startDate,
            endDate: input.endDate,
            terms: input.terms,
            status: "active",
            createdAt: now,
            closedAt: null,
          });
          return { rental: await rentalView(tx, r.id) };
        } catch (e) {
          if (isDuplicatePublication(e)) throw conflict(RENTAL_MSG.alreadyPublished);
          throw e;
        }
      });
    },

    /** POST /rentals/{id}/cerrar (owner): no new bookings; the existing ones go on. Repeating it is harmless. */
    async close(user: AuthUser, id: string, uow: UnitOfWork<RentalResult> = plain) {
      return uow(async (tx) => {
        const r = await findRental(tx, id);
        if (!r) throw notFound(RENTAL_MSG.notFound);
        if (r.ownerId !== user.id) throw forbidden(RENTAL_MSG.onlyOwner);
        await closeRental(tx, r.id, clock.now());
        return { rental: await rentalView(tx, r.id) };
      });
    },

    /** GET /rentals: open publications (period not over) plus, signed in, the user's own others. */
    async list(viewer: AuthUser | null): Promise<Rental[]> {
      const today = colombiaToday(clock.now());
      const rows = await listRentalViews(db, today, viewer?.id ?? null);
      return rows.map((v) => toRentalDto(v, today));
    },

    /** GET /rentals/asset/{assetId} (public): the open publication and the days already booked. */
    async forAsset(assetId: string): Promise<AssetRental> {
      const today = colombiaToday(clock.now());
      const open = await findActiveRentalForAsset(db, assetId);
      const v = open ? await findRentalView(db, open.id) : undefined;
      const reservas = await listReservedRanges(db, assetId, today);
      return { rental: v ? toRentalDto(v, today) : null, reservas, today };
    },

    /**
     * POST /rentals/{id}/reservar: a booking (an 'alquiler' deal) of whole days inside the period,
     * paid into escrow in the same transaction. Overlap is refused by the database.
     */
    async book(user: AuthUser, id: string, input: BookRentalInput, uow: UnitOfWork<BookingResult> = plain) {
      const dias = rentalDays(input.startDate, input.endDate);
      return uow(async (tx) => {
        // Lock order, as everywhere: the asset first (the engine locks it again, a no-op), then the
        // publication (FOR SHARE: closing it waits for this booking), the deal, the ledger's accounts.
        const peek = await findRental(tx, id);
        if (!peek) throw notFound(RENTAL_MSG.notFound);
        // Renter and owner must not have blocked each other (issue 19 part 4).
        await assertNoBlock(tx, user.id, (await lockAsset(tx, peek.assetId))?.userId);
        const rental = await lockRentalShared(tx, id);
        if (!rental) throw notFound(RENTAL_MSG.notFound);
        const total = rental.pricePerDay * dias;
        if (total > MAX_AMOUNT_CREDITS) throw insufficientFunds(INSUFFICIENT_FUNDS_MESSAGE);
        try {
          const out = await engine.start<BookingRow>(tx, {
            process: RENTAL_PROCESS.name,
            transition: "reservar",
            assetId: rental.assetId,
            parties: (asset) => ({ arrendatario: user.id, arrendador: asset.userId }),
            actor: { user },
            input: { rental },
            messages: { assetNotFound: RENTAL_MSG.notAvailable },
            build: async (_tx, asset, deal) => ({
              id: deal.id,
              rentalId: rental.id,
              assetId: asset.id,
              arrendatarioId: user.id,
              arrendadorId: asset.userId,
              startDate: input.startDate,
              endDate: input.endDate,
              dias,
              pricePerDay: rental.pricePerDay,
              total,
              estado: "reservada",
              createdAt: deal.now,
              closedAt: null,
            }),
            save: (t, _deal, built) => insertBooking(t, built),
          });
          return { booking: await bookingView(tx, out.deal.id, user.id), balances: await balances(tx, user.id) };
        } catch (e) {
          // The exclusion constraint rental_bookings_no_overlap: the transaction rolls back whole.
          if (isOverlapViolation(e)) throw conflict(RENTAL_MSG.overlap);
          throw e;
        }
      });
    },

    /** The owner ends a booking from its first day on: payment to the owner, first-completion release. */
    finish: (user: AuthUser, id: string, uow: UnitOfWork<BookingResult> = plain) => step(user, id, "finalizar", uow),
    /** Either party cancels before the first day: full refund. */
    cancel: (user: AuthUser, id: string, uow: UnitOfWork<BookingResult> = plain) => step(user, id, "cancelar", uow),

    /** GET /rentals/bookings: the user's bookings as renter or owner, newest first. */
    async bookings(user: AuthUser): Promise<RentalBooking[]> {
      const today = colombiaToday(clock.now());
      return (await listBookingViews(db, user.id)).map((v) => toBookingDto(v, user.id, today));
    },
  };
}

export type RentalsService = ReturnType<typeof createRentalsService>;
