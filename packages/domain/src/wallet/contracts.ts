import { z } from "zod";
import { creditsSchema as credits } from "../common/contracts.ts";

export const saldoSchema = z.object({
  creditosDisponibles: credits,
  creditosBloqueados: credits,
  credits: credits.describe("disponibles + bloqueados"),
});
export type SaldoDto = z.infer<typeof saldoSchema>;

export const walletBalanceSchema = z.object({
  balance: credits.describe("disponibles + bloqueados"),
  creditosDisponibles: credits,
  creditosBloqueados: credits,
  lastUpdated: z.string().describe("ISO 8601"),
});
export type WalletBalanceDto = z.infer<typeof walletBalanceSchema>;

export const walletTransactionSchema = z.object({
  _id: z.string(),
  tipo: z.string().describe("Tipo legible, p. ej. 'Créditos emitidos'"),
  descripcion: z.string(),
  valor: credits.describe(
    "Cambio con signo de la cuenta afectada: créditos disponibles si el movimiento los toca, si no créditos bloqueados",
  ),
  saldoPosterior: credits.describe("Balance de la wallet (disponibles + bloqueados) después del movimiento"),
  createdAt: z.string().describe("ISO 8601"),
});
export type WalletTransactionDto = z.infer<typeof walletTransactionSchema>;

/** GET /api/usuarios/{id}/saldo */
export const saldoResponseSchema = saldoSchema.extend({ success: z.literal(true), data: saldoSchema });
export type SaldoResponse = z.infer<typeof saldoResponseSchema>;
/** GET /api/wallet/balance/{userId} */
export const walletBalanceResponseSchema = z.object({ success: z.literal(true), data: walletBalanceSchema });
/** GET /api/wallet/transactions/{userId} */
export const walletTransactionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(walletTransactionSchema),
});
/** GET /api/wallet/mini/{userId} */
export const walletMiniResponseSchema = z.object({
  success: z.literal(true),
  balance: credits,
  lastUpdated: z.string(),
});
/** POST /api/wallet/sync/{userId} */
export const walletSyncResponseSchema = z.object({
  success: z.literal(true),
  data: walletBalanceSchema,
  message: z.string(),
});
