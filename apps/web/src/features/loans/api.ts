import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type Loan,
  lendableAssetsResponseSchema,
  loanListResponseSchema,
  loanResponseSchema,
  pagedAssetListResponseSchema,
  reputationResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export const LOANS_ROOT = "loans";

/** A loan as the cards show it (overview §3 Loan), from the loan contract. */
export interface LoanView {
  id: string;
  assetId: string;
  assetTitle: string;
  assetCategory: string;
  borrower: { id: string; name: string };
  lender: { id: string; name: string };
  estado: Loan["estado"];
  garantiaTipo: Loan["garantiaTipo"];
  garantiaValor: number;
  /** The borrower's asset reserved as the guarantee (activo_colateral), else null. */
  collateral: { id: string; title: string } | null;
  plazoDias: number;
  interes: number;
  interesCreditos: number;
  notas: string;
  /** "" until the lender approves. */
  fechaDevolucionEsperada: string;
  puedeMarcarVencido: boolean;
}

export function loanView(l: Loan): LoanView {
  return {
    id: l._id,
    assetId: l.activoId._id,
    assetTitle: l.activoId.title || "Activo",
    assetCategory: l.activoId.category,
    borrower: { id: l.prestatarioId._id, name: l.prestatarioId.name },
    lender: { id: l.prestamistaId._id, name: l.prestamistaId.name },
    estado: l.estado,
    garantiaTipo: l.garantiaTipo,
    garantiaValor: l.garantiaValor,
    collateral: l.garantiaActivoId ? { id: l.garantiaActivoId._id, title: l.garantiaActivoId.title || "Activo" } : null,
    plazoDias: l.plazoDias,
    interes: l.interes,
    interesCreditos: l.interesCreditos,
    notas: l.notas,
    fechaDevolucionEsperada: l.fechaDevolucionEsperada ?? "",
    puedeMarcarVencido: l.puedeMarcarVencido,
  };
}

/** GET /loans/my-loans (as borrower) and GET /loans/as-lender: `data` arrays. */
export function useLoans(role: "my-loans" | "as-lender") {
  const { user } = useSession();
  return useQuery({
    queryKey: [LOANS_ROOT, role, user?._id ?? ""] as const,
    queryFn: async ({ signal }) =>
      parseAnswer(loanListResponseSchema, await apiRequest(`/loans/${role}`, { signal })).data.map(loanView),
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
      parseAnswer(
        pagedAssetListResponseSchema,
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?mainPurpose=prestar&status=activo,disponible`, {
          signal,
        }),
      ).data.map(assetFromContract),
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
      parseAnswer(
        pagedAssetListResponseSchema,
        await apiRequest(`/assets/user/${encodeURIComponent(me)}?status=activo,disponible&limit=200`, { signal }),
      ).data.map(assetFromContract),
    enabled: Boolean(user) && enabled,
  });
}

/** The lender's public assets offered for lending and free now. */
export async function fetchLenderAssets(lenderId: string): Promise<Asset[]> {
  const body = await apiRequest(`/loans/lender-assets/${encodeURIComponent(lenderId)}`);
  return parseAnswer(lendableAssetsResponseSchema, body).data.map(assetFromContract);
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
      const answer = parseAnswer(
        loanResponseSchema,
        await apiRequest("/loans/create", { method: "POST", body, idempotencyKey }),
      );
      return { loan: loanView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

export type LoanAction = "approve" | "confirm-return" | "default" | "cancel" | "reject";

export function useLoanAction() {
  return useMutation({
    mutationFn: async ({ id, action, idempotencyKey }: { id: string; action: LoanAction; idempotencyKey: string }) => {
      const answer = parseAnswer(
        loanResponseSchema,
        await apiRequest(`/loans/${action}/${encodeURIComponent(id)}`, { method: "POST", idempotencyKey }),
      );
      return { loan: loanView(answer.data), message: answer.message };
    },
    onSettled: refresh,
  });
}

/** GET /reputation/{id}: the figure (and its parts). */
export function useReputation(userId: string | undefined) {
  return useQuery({
    queryKey: ["reputation", userId ?? ""] as const,
    queryFn: async ({ signal }) => {
      const body = await apiRequest(`/reputation/${encodeURIComponent(userId ?? "")}`, { signal });
      return parseAnswer(reputationResponseSchema, body).data.reputacion;
    },
    enabled: Boolean(userId),
  });
}
