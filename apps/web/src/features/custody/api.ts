import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type Custody,
  type CustodyTransactionType,
  chatListResponseSchema,
  custodyListResponseSchema,
  custodyResponseSchema,
  pagedAssetListResponseSchema,
} from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import type { Asset } from "../../lib/assets.ts";
import { assetFromContract, parseAnswer } from "../../lib/contracts.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

export const CUSTODY_ROOT = "custodias";
const custodyKey = (userId: string) => [CUSTODY_ROOT, "mine", userId] as const;

/** A custody as the page shows it (overview §3 Custody), from the custody contract. */
export interface CustodyView {
  id: string;
  assetId: string;
  assetTitle: string;
  oferente: { id: string; name: string };
  receptor: { id: string; name: string };
  tipoTransaccion: Custody["tipoTransaccion"];
  estado: Custody["estado"];
  creditosBloqueados: number;
  /** The buyer's payment held in custody (a credit sale); 0 otherwise. */
  pagoCreditos: number;
  /** The price in pesos of a sale (paid outside Valoriza when modoPago is dinero). */
  montoCOP: number;
  /** "" when the custody is not a sale. */
  modoPago: string;
  /** The offerer's code while pendiente; "" otherwise. */
  codigoConfirmacion: string;
  notas: string;
  fechaIngreso: string;
  fechaSalida: string;
  fechaLimite: string;
  miRol: Custody["miRol"];
}

export function custodyView(c: Custody): CustodyView {
  return {
    id: c._id,
    assetId: c.assetId._id,
    assetTitle: c.assetId.title || "Activo",
    oferente: { id: c.oferenteId._id, name: c.oferenteId.name },
    receptor: { id: c.receptorId._id, name: c.receptorId.name },
    tipoTransaccion: c.tipoTransaccion,
    estado: c.estado,
    creditosBloqueados: c.creditosBloqueados,
    pagoCreditos: c.pagoCreditos,
    montoCOP: c.montoCOP,
    modoPago: c.modoPago ?? "",
    codigoConfirmacion: c.codigoConfirmacion ?? "",
    notas: c.notas,
    fechaIngreso: c.fechaIngreso,
    fechaSalida: c.fechaSalida ?? "",
    fechaLimite: c.fechaLimite ?? "",
    miRol: c.miRol,
  };
}

/** GET /custodia/mis-custodias: the custodies where I give or receive. */
export function useMyCustodies() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: custodyKey(me),
    queryFn: async ({ signal }): Promise<CustodyView[]> =>
      parseAnswer(custodyListResponseSchema, await apiRequest("/custodia/mis-custodias", { signal })).data.map(
        custodyView,
      ),
    enabled: Boolean(user),
    refetchInterval: 15_000,
  });
}

/**
 * GET /assets/mine (its largest page, 200), only the assets a custody can start from (listed, not in
 * another deal).
 */
export function useMyListedAssets() {
  const { user } = useSession();
  return useQuery({
    queryKey: ["myAssets", user?._id ?? "", "custody"] as const,
    queryFn: async ({ signal }): Promise<Asset[]> =>
      parseAnswer(pagedAssetListResponseSchema, await apiRequest("/assets/mine?limit=200", { signal }))
        .data.map(assetFromContract)
        .filter((a) => a.status === "disponible" || a.status === "activo"),
    enabled: Boolean(user),
  });
}

export interface Contact {
  id: string;
  name: string;
}

/** The other participants of my chats (GET /chat/usuario/{me}); none when the chat call fails. */
export function useChatContacts() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: ["chats", "contacts", me] as const,
    queryFn: async ({ signal }): Promise<Contact[]> => {
      try {
        const chats = parseAnswer(
          chatListResponseSchema,
          await apiRequest(`/chat/usuario/${encodeURIComponent(me)}`, { signal }),
        ).data;
        const seen = new Map<string, Contact>();
        for (const chat of chats) {
          for (const p of chat.participantes) {
            if (p._id && p._id !== me && !seen.has(p._id)) seen.set(p._id, { id: p._id, name: p.name });
          }
        }
        return [...seen.values()];
      } catch {
        return [];
      }
    },
    enabled: Boolean(user),
  });
}

const refresh = () =>
  Promise.all([invalidateAfterCreditChange(), queryClient.invalidateQueries({ queryKey: [CUSTODY_ROOT] })]);

export interface AssignInput {
  assetId: string;
  receptorId: string;
  tipoTransaccion: CustodyTransactionType;
  notas: string;
  idempotencyKey: string;
}

/** POST /custodia/asignar: answers `custodia` with `codigoConfirmacion`. */
export function useAssignCustody() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: AssignInput) => {
      const answer = parseAnswer(
        custodyResponseSchema,
        await apiRequest("/custodia/asignar", { method: "POST", body, idempotencyKey }),
      );
      return { custodia: custodyView(answer.custodia), message: answer.message };
    },
    onSettled: refresh,
  });
}

/** PUT /custodia/confirmar/{code}: answers `custodia.creditosBloqueados` (released to the offerer). */
export function useConfirmCustody() {
  return useMutation({
    mutationFn: async ({ code, idempotencyKey }: { code: string; idempotencyKey: string }) => {
      const answer = parseAnswer(
        custodyResponseSchema,
        await apiRequest(`/custodia/confirmar/${encodeURIComponent(code)}`, { method: "PUT", idempotencyKey }),
      );
      return { custodia: custodyView(answer.custodia), message: answer.message };
    },
    onSettled: refresh,
  });
}

/** PUT /custodia/cancelar/{id}: only the offerer, while pendiente. */
export function useCancelCustody() {
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => {
      const answer = parseAnswer(
        custodyResponseSchema,
        await apiRequest(`/custodia/cancelar/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey }),
      );
      return { custodia: custodyView(answer.custodia), message: answer.message };
    },
    onSettled: refresh,
  });
}
