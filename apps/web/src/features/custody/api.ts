import { useMutation, useQuery } from "@tanstack/react-query";
import type { Custody, CustodyTransactionType } from "@valoriza/domain";
import { apiRequest } from "../../lib/api.ts";
import { type Asset, normalizeAssetList } from "../../lib/assets.ts";
import { invalidateAfterCreditChange, queryClient } from "../../lib/query-client.ts";
import { useSession } from "../../lib/session.tsx";

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

export const CUSTODY_ROOT = "custodias";
const custodyKey = (userId: string) => [CUSTODY_ROOT, "mine", userId] as const;

/** A custody as the page shows it (overview §3 Custody), tolerant of missing fields. */
export interface CustodyView {
  id: string;
  assetId: string;
  assetTitle: string;
  oferente: { id: string; name: string };
  receptor: { id: string; name: string };
  tipoTransaccion: string;
  estado: string;
  creditosBloqueados: number;
  /** The buyer's payment held in custody (a credit sale); 0 otherwise. */
  pagoCreditos: number;
  /** The price in pesos of a sale (paid outside Valoriza when modoPago is dinero). */
  montoCOP: number;
  modoPago: string;
  codigoConfirmacion: string;
  notas: string;
  fechaIngreso: string;
  fechaSalida: string;
  fechaLimite: string;
  miRol: "oferente" | "receptor" | null;
}

function party(value: unknown): { id: string; name: string } {
  const p = record(value);
  return { id: str(p._id) || str(p.id) || str(value), name: str(p.name) };
}

export function normalizeCustody(raw: unknown, myId: string): CustodyView | null {
  const c = record(raw) as Partial<Record<keyof Custody, unknown>>;
  const id = str(c._id);
  if (!id) return null;
  const asset = record(c.assetId);
  const oferente = party(c.oferenteId);
  const receptor = party(c.receptorId);
  const rol = str(c.miRol);
  return {
    id,
    assetId: str(asset._id) || str(c.assetId),
    assetTitle: str(asset.title) || "Activo",
    oferente,
    receptor,
    tipoTransaccion: str(c.tipoTransaccion),
    estado: str(c.estado),
    creditosBloqueados: num(c.creditosBloqueados),
    pagoCreditos: num(c.pagoCreditos),
    montoCOP: num(c.montoCOP),
    modoPago: str(c.modoPago),
    codigoConfirmacion: str(c.codigoConfirmacion),
    notas: str(c.notas),
    fechaIngreso: str(c.fechaIngreso),
    fechaSalida: str(c.fechaSalida),
    fechaLimite: str(c.fechaLimite),
    miRol:
      rol === "oferente" || rol === "receptor"
        ? rol
        : oferente.id === myId
          ? "oferente"
          : receptor.id === myId
            ? "receptor"
            : null,
  };
}

/** GET /custodia/mis-custodias: the custodies where I give or receive (`data`, also `custodias`). */
export function useMyCustodies() {
  const { user } = useSession();
  const me = user?._id ?? "";
  return useQuery({
    queryKey: custodyKey(me),
    queryFn: async ({ signal }): Promise<CustodyView[]> => {
      const body = record(await apiRequest("/custodia/mis-custodias", { signal }));
      const list = Array.isArray(body.data) ? body.data : Array.isArray(body.custodias) ? body.custodias : [];
      return list.map((c) => normalizeCustody(c, me)).filter((c): c is CustodyView => c !== null);
    },
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
      normalizeAssetList(await apiRequest("/assets/mine?limit=200", { signal })).filter(
        (a) => a.status === "disponible" || a.status === "activo",
      ),
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
        const body = record(await apiRequest(`/chat/usuario/${encodeURIComponent(me)}`, { signal }));
        const chats = Array.isArray(body.data) ? body.data : [];
        const seen = new Map<string, Contact>();
        for (const chat of chats) {
          const people = record(chat).participantes;
          for (const p of Array.isArray(people) ? people : []) {
            const person = party(p);
            if (person.id && person.id !== me && !seen.has(person.id)) seen.set(person.id, person);
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

/** GET /users/email/{email}: the account's id and name. */
export async function findUserByEmail(email: string): Promise<Contact> {
  const body = record(await apiRequest(`/users/email/${encodeURIComponent(email)}`));
  const data = record(body.data);
  const id = str(data._id) || str(body._id);
  if (!id) throw new Error("No encontramos una cuenta con ese correo electrónico");
  return { id, name: str(data.name) || str(body.name) };
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
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: AssignInput) => {
      const answer = record(await apiRequest("/custodia/asignar", { method: "POST", body, idempotencyKey }));
      return {
        custodia: normalizeCustody(answer.custodia ?? answer.data, user?._id ?? ""),
        message: str(answer.message),
      };
    },
    onSettled: refresh,
  });
}

/** PUT /custodia/confirmar/{code}: answers `custodia.creditosBloqueados` (released to the offerer). */
export function useConfirmCustody() {
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ code, idempotencyKey }: { code: string; idempotencyKey: string }) => {
      const answer = record(
        await apiRequest(`/custodia/confirmar/${encodeURIComponent(code)}`, { method: "PUT", idempotencyKey }),
      );
      return {
        custodia: normalizeCustody(answer.custodia ?? answer.data, user?._id ?? ""),
        message: str(answer.message),
      };
    },
    onSettled: refresh,
  });
}

/** PUT /custodia/cancelar/{id}: only the offerer, while pendiente. */
export function useCancelCustody() {
  const { user } = useSession();
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) => {
      const answer = record(
        await apiRequest(`/custodia/cancelar/${encodeURIComponent(id)}`, { method: "PUT", idempotencyKey }),
      );
      return {
        custodia: normalizeCustody(answer.custodia ?? answer.data, user?._id ?? ""),
        message: str(answer.message),
      };
    },
    onSettled: refresh,
  });
}
