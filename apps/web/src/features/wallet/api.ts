import { useMutation, useQuery } from "@tanstack/react-query";
import {
  ASSET_MSG,
  movimientosResponseSchema,
  transaccionesResponseSchema,
  WALLET_HISTORY_LIMIT,
  type WalletBalanceDto,
  walletBalanceResponseSchema,
  walletSyncResponseSchema,
  walletTransactionsResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { parseAnswer } from "../../lib/contracts.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export type WalletBalance = WalletBalanceDto;

export interface WalletTransaction {
  id: string;
  tipo: string;
  descripcion: string;
  valor: number;
  saldoPosterior: number | null;
  createdAt: string;
}

export interface Movement {
  id: string;
  tipo: string;
  descripcion: string;
  valor: number;
  assetId: string;
  createdAt: string;
}

export interface Transaction {
  id: string;
  type: string;
  asset: { id: string; title: string; category: string } | null;
  amountCOP: number;
  amountCredits: number;
  description: string;
  createdAt: string;
}

function useUserId(): string {
  return useSession().user?._id ?? "";
}

/** GET /wallet/balance/{userId}. */
export function useWalletBalance() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.walletBalance(userId),
    queryFn: async ({ signal }): Promise<WalletBalance> =>
      parseAnswer(
        walletBalanceResponseSchema,
        await apiRequest(`/wallet/balance/${encodeURIComponent(userId)}`, { signal }),
      ).data,
    enabled: userId !== "",
  });
}

/** GET /wallet/transactions/{userId}?limit=10: the last 10 (overview §9 "Wallet history limit 10"). */
export function useWalletTransactions() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.walletTransactions(userId),
    queryFn: async ({ signal }): Promise<WalletTransaction[]> => {
      const body = await apiRequest(
        `/wallet/transactions/${encodeURIComponent(userId)}?limit=${WALLET_HISTORY_LIMIT}`,
        { signal },
      );
      return parseAnswer(walletTransactionsResponseSchema, body)
        .data.map(({ _id, ...t }) => ({ id: _id, ...t }))
        .slice(0, WALLET_HISTORY_LIMIT);
    },
    enabled: userId !== "",
  });
}

/** POST /wallet/sync/{userId} (empty body): re-reads the balances and refreshes the wallet. */
export function useWalletSync() {
  const userId = useUserId();
  return useMutation({
    mutationFn: async () => {
      const answer = parseAnswer(
        walletSyncResponseSchema,
        await apiRequest(`/wallet/sync/${encodeURIComponent(userId)}`, { method: "POST" }),
      );
      return { balance: answer.data, message: answer.message };
    },
    onSuccess: ({ balance }) => {
      queryClient.setQueryData(queryKeys.walletBalance(userId), balance);
      void queryClient.invalidateQueries({ queryKey: queryKeys.walletTransactions(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.saldoRoot });
    },
  });
}

/** GET /movimientos/mis-movimientos/all. */
export function useMovements() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.movements(userId),
    queryFn: async ({ signal }): Promise<Movement[]> => {
      const body = await apiRequest("/movimientos/mis-movimientos/all", { signal });
      return parseAnswer(movimientosResponseSchema, body).data.map(({ _id, assetId, ...m }) => ({
        id: _id,
        ...m,
        assetId: assetId ?? "",
      }));
    },
    enabled: userId !== "",
  });
}

/** GET /transacciones/mis-transacciones/all. */
export function useTransactions() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.transactions(userId),
    queryFn: async ({ signal }): Promise<Transaction[]> => {
      const body = await apiRequest("/transacciones/mis-transacciones/all", { signal });
      return parseAnswer(transaccionesResponseSchema, body).data.map(({ _id, assetId, ...t }) => ({
        id: _id,
        ...t,
        asset: assetId ? { id: assetId._id, title: assetId.title, category: assetId.category } : null,
      }));
    },
    enabled: userId !== "",
  });
}

export const WALLET_MSG = {
  loadTransactions: ASSET_MSG.loadTransactionsError,
  loadBalance: ASSET_MSG.loadBalanceError,
  sync: ASSET_MSG.syncWalletError,
};
