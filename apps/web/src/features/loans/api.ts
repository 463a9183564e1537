import { useMutation, useQuery } from "@tanstack/react-query";
import type { Loan } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export const LOANS_ROOT = "loans";

/** A loan as the cards show it (overview §3 Loan), tolerant of missing fields. */
export interface LoanView {
  id: string;
  assetId: string;
  assetTitle: string;
  assetCategory: string;
  borrower: { id: string; name: string };
  lender: { id: string; name: string };
  estado: string;
  garantiaTipo: string;
  garantiaValor: number;
  /** The borrower's asset reserved as the guarantee (activo_colateral), else null. */
  collateral: { id: string; title: string } | null;
  plazoDias: number;
  interes: number;
  interesCreditos: number;
  notas: string;
  fechaDevolucionEsperada: string;
  puedeMarcarVencido: boolean;
}

const party = (value: unknown) => {
  const p = record(value);
  return { id: str(p._id) || str(value), name: str(p.name) };
};

export function normalizeLoan(raw: unknown): LoanView | null {
  const l = record(raw) as Partial<Record<keyof Loan, unknown>>;
  const id = str(l._id);
  if (!id) return null;
  const asset = record(l.activoId);
  const collateral = record(l.garantiaActivoId);
  const collateralId = str(collateral._id) || str(l.garantiaActivoId);
  return {
    id,
    assetId: str(asset._id) || str(l.activoId),
    assetTitle: str(asset.title) || "Activo",
    assetCategory: str(asset.category),
    borrower: party(l.prestatarioId),
    lender: party(l.prestamistaId),
    estado: str(l.estado) || "pendiente",
    garantiaTipo: str(l.garantiaTipo),
    garantiaValor: num(l.garantiaValor),
    collateral: collateralId ? { id: collateralId, title: str(collateral.title) || "Activo" } : null,
    plazoDias: num(l.plazoDias),
    interes: num(l.interes),
    interesCreditos: num(l.interesCreditos),
    notas: str(l.notas),
    fechaDevolucionEsperada: str(l.fechaDevolucionEsperada),
    puedeMarcarVencido: l.puedeMarcarVencido === true,
  };
}

const listOf = (body: unknown) => {
  const b = record(body);
  const list = Array.isArray(body) ? body : Array.isArray(b.data) ? b.data : [];
  return list.map(normalizeLoan).filter((l): l is LoanView => l !== null);
};

/** GET /loans/my-loans (as borrower) and GET /loans/as-lender: `data` arrays. */
export function useLoans(role: "my-loans" | "as-lender") {
  const { user } = useSession();
  return useQuery({
    queryKey: [LOANS_ROOT, role, user?._id ?? ""] as const,
    queryFn: async ({ signal }) => listOf(await apiRequest(`/loans/${role}`, { signal })),
    enabled: Boolean(user),
    refetchInterval: 15_000,
  });
}

/** My assets published for lending (GET /assets/user/{me}?mainPurpose=prestar&status=activo,disponible). */
export function useMyLendingAssets() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["myAssets", me, "prestar"] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      normalizeAssetList(
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=prestar&status=activo,disponible`, {
          signal,
        }),
      ),
    enabled: Boolean(user),
  });
}

/**
 * My listed assets (GET /assets/user/{me}?status=activo,disponible): the ones I can leave as the
 * guarantee of a loan (activo_colateral). Fetched only while that guarantee type is chosen.
 */
export function useMyListedAssets(enabled: boolean) {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["myAssets", me, "listed"] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      normalizeAssetList(
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?status=activo,disponible&limit=200`, { signal }),
      ),
    enabled: Boolean(user) && enabled,
  });
}

/** The lender's public assets offered for lending and free now. */
export async function fetchLenderAssets(lenderId: string): Promise<Asset[]> {
  return normalizeAssetList(await apiRequest(`/loans/lender-assets/${encodeURIComponent(lenderId)}`));
}

const refresh = () =>
  Promise.all([
    invalidateAfterCreditChange(),
    queryClient.invalidateQueries({ queryKey: [LOANS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: ["reputation"] }),
    queryClient.invalidateQueries({ queryKey: ["myAssets"] }),
  ]);

export interface CreateLoanBody {
  activoId: string;
  prestamistaId: string;
  garantiaTipo: string;
  garantiaValor: number;
  plazoDias: number;
  interes: number;
  notas: string;
  /** With garantiaTipo activo_colateral: my asset left as the guarantee. */
  garantiaActivoId?: string;
}

export function useCreateLoan() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: CreateLoanBody & { idempotencyKey: string }) => {
      const answer = record(await apiRequest("/loans/create", { method: "POST", body, idempotencyKey }));
      return { loan: normalizeLoan(answer.data), message: str(answer.message) };
    },
    onSettled: refresh,
  });
}

export type LoanAction = "approve" | "confirm-return" | "default" | "cancel" | "reject";

export function useLoanAction() {
  return useMutation({
    mutationFn: async ({ id, action, idempotencyKey }: { id: string; action: LoanAction; idempotencyKey: string }) => {
      const answer = record(
        await apiRequest(`/loans/${action}/${encodeURIComponent(id)}`, { method: "POST", idempotencyKey }),
      );
      return { loan: normalizeLoan(answer.data), message: str(answer.message) };
    },
    onSettled: refresh,
  });
}

/** GET /reputation/{id}: the figure (and its parts). */
export function useReputation(userId: string | undefined) {
  return useQuery({
    queryKey: ["reputation", userId ?? ""] as const,
    queryFn: async ({ signal }) => {
      const body = record(await apiRequest(`/reputation/${encodeURIComponent(userId ?? "")}`, { signal }));
      return num(record(body.data).reputacion);
    },
    enabled: Boolean(userId),
  });
}
