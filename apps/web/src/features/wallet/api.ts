import { useMutation, useQuery } from "@tanstack/react-query";
import { ASSET_MSG, WALLET_HISTORY_LIMIT } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { queryClient, queryKeys } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
/** `{ success, data: [...] }` or a bare array (spec §7: "array or data array"). */
const list = (body: unknown): unknown[] => {
  if (Array.isArray(body)) return body;
  const data = record(body).data;
  return Array.isArray(data) ? data : [];
};

export interface WalletBalance {
  balance: number;
  creditosDisponibles: number;
  creditosBloqueados: number;
  lastUpdated: string;
}

function normalizeBalance(raw: unknown): WalletBalance {
  const d = record(raw);
  return {
    balance: num(d.balance),
    creditosDisponibles: num(d.creditosDisponibles),
    creditosBloqueados: num(d.creditosBloqueados),
    lastUpdated: str(d.lastUpdated),
  };
}

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
    queryFn: async ({ signal }) => {
      const body = await apiRequest(`/wallet/balance/${encodeURIComponent(userId)}`, { signal });
      return normalizeBalance(record(body).data);
    },
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
      return list(body)
        .map(record)
        .map((t) => ({
          id: str(t._id) || str(t.id),
          tipo: str(t.tipo),
          descripcion: str(t.descripcion),
          valor: num(t.valor),
          saldoPosterior: typeof t.saldoPosterior === "number" ? t.saldoPosterior : null,
          createdAt: str(t.createdAt),
        }))
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
      const body = record(await apiRequest(`/wallet/sync/${encodeURIComponent(userId)}`, { method: "POST" }));
      return { balance: normalizeBalance(body.data), message: str(body.message) };
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
      return list(body)
        .map(record)
        .map((m) => ({
          id: str(m._id) || str(m.id),
          tipo: str(m.tipo),
          descripcion: str(m.descripcion),
          valor: num(m.valor),
          assetId: str(m.assetId) || str(record(m.assetId)._id),
          createdAt: str(m.createdAt),
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
      return list(body)
        .map(record)
        .map((t) => {
          const asset = t.assetId && typeof t.assetId === "object" ? record(t.assetId) : null;
          return {
            id: str(t._id) || str(t.id),
            type: str(t.type),
            asset: asset ? { id: str(asset._id), title: str(asset.title), category: str(asset.category) } : null,
            amountCOP: num(t.amountCOP),
            amountCredits: num(t.amountCredits),
            description: str(t.description),
            createdAt: str(t.createdAt),
          };
        });
    },
    enabled: userId !== "",
  });
}

export const WALLET_MSG = {
  loadTransactions: ASSET_MSG.loadTransactionsError,
  loadBalance: ASSET_MSG.loadBalanceError,
  sync: ASSET_MSG.syncWalletError,
};
