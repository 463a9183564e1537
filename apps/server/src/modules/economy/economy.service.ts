import { TASA_CAMBIO_COP } from "@valoriza/domain";
import type { AppDeps } from "../../lib/deps.ts";
import { getEconomyTotals } from "../ledger/index.ts";
import { limitTotals } from "../limits/index.ts";
import { countUsersAndActiveAssets, type DayTotals, issuedAndDestroyedPerDay } from "./economy.repository.ts";

/** The history chart covers this many most recent days that had issuing or destruction. */
export const HISTORY_DAYS = 30;

export interface EconomicReport {
  creditosCirculacion: number;
  creditosEmitidos: number;
  creditosDestruidos: number;
  /** Credits 'en revisión' now, and released (spendable) from self-declared assets this month (ADR 015). */
  creditosEnRevision: number;
  creditosLiberadosMes: number;
  /** The release queue of self-declared credits (ADR 015): waiting, the daily brake, released today. */
  colaLiberacion: {
    creditos: number;
    revisiones: number;
    topeDiario: number;
    liberadosHoy: number;
    esperanVerificacion: number;
  };
  metricas: { totalUsuarios: number; totalActivos: number; creditosPromedioUsuario: number };
  ultimaActualizacion: string;
  equilibrado: boolean;
  sistema: { custodia: number; tienda: number; retiros: number; tasaCambio: number };
  historial: DayTotals[];
}

/**
 * The public economic report (economy.md "The economic report"). Three
 * aggregate statements (ledger totals, counts, daily history), read in one
 * REPEATABLE READ snapshot so the numbers agree with each other even while
 * credits move.
 */
export function createEconomyService({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    async report(): Promise<EconomicReport> {
      const { totals, counts, historial, limits } = await db.transaction(
        async (tx) => {
          const totals = await getEconomyTotals(tx);
          const counts = await countUsersAndActiveAssets(tx);
          const historial = await issuedAndDestroyedPerDay(tx, HISTORY_DAYS);
          const limits = await limitTotals(tx, clock.now());
          return { totals, counts, historial, limits };
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
      const circulacion = totals.creditosCirculacion;
      return {
        creditosCirculacion: circulacion,
        // `0 +` turns the -0 of an empty ledger into 0.
        creditosEmitidos: 0 + totals.creditosEmitidos,
        creditosDestruidos: totals.creditosDestruidos,
        creditosEnRevision: limits.creditosEnRevision,
        creditosLiberadosMes: limits.creditosLiberadosMes,
        colaLiberacion: limits.colaLiberacion,
        metricas: {
          totalUsuarios: counts.usuarios,
          totalActivos: counts.activos,
          creditosPromedioUsuario: counts.usuarios > 0 ? Math.round(circulacion / counts.usuarios) : 0,
        },
        ultimaActualizacion: clock.now().toISOString(),
        // Invariant 1 as read now: the sum of all account balances is 0.
        equilibrado: totals.equilibrado,
        sistema: {
          custodia: totals.custodia,
          tienda: totals.tienda,
          retiros: totals.retiros,
          tasaCambio: TASA_CAMBIO_COP,
        },
        historial,
      };
    },

    estado() {
      return { tasaCambio: TASA_CAMBIO_COP, moneda: "COP" as const };
    },
  };
}

export type EconomyService = ReturnType<typeof createEconomyService>;
