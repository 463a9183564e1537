import { useQuery } from "@tanstack/react-query";
import { MSG, POLL, type Profile, type SaldoResponse, SEXOS, USER_TYPES, VISIBILITIES } from "@valoriza/domain";
import { ApiError, apiRequest } from "./api.ts";
import { queryKeys } from "./query-client.ts";
import { getToken, useSession } from "./session.tsx";

export type { Profile };

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);
const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * The server profile in the domain's Profile shape, tolerating a missing field (neutral default).
 * Hand-written (not profileSchema.parse) to keep zod out of the first page load: one of the home
 * route's readers, with normalizeAsset and normalizeAssetList (lib/assets.ts).
 */
export function normalizeProfile(raw: unknown): Profile {
  const p = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const redes = (p.redes && typeof p.redes === "object" ? p.redes : {}) as Record<string, unknown>;
  // `{ version, fecha }` of the terms accepted (issue 16), or null when there is none.
  const c = (p.consentimiento && typeof p.consentimiento === "object" ? p.consentimiento : {}) as Record<
    string,
    unknown
  >;
  return {
    _id: str(p._id) || str(p.id),
    name: str(p.name),
    apellido: str(p.apellido),
    email: str(p.email),
    verified: p.verified === true,
    pais: str(p.pais),
    ciudad: str(p.ciudad),
    telefono: str(p.telefono),
    sexo: oneOf(SEXOS, p.sexo, "no_especificar"),
    fechaNacimiento: str(p.fechaNacimiento).slice(0, 10),
    userType: oneOf(USER_TYPES, p.userType, "persona"),
    visibility: oneOf(VISIBILITIES, p.visibility, "publico"),
    description: str(p.description),
    redes: { facebook: str(redes.facebook), instagram: str(redes.instagram), linkedin: str(redes.linkedin) },
    credits: num(p.credits),
    creditosDisponibles: num(p.creditosDisponibles),
    creditosBloqueados: num(p.creditosBloqueados),
    isAdmin: p.isAdmin === true,
    createdAt: str(p.createdAt),
    emailVerificado: p.emailVerificado === true,
    consentimiento: typeof c.version === "string" && c.version ? { version: c.version, fecha: str(c.fecha) } : null,
  };
}

/** `{ success, data }` envelope of the API; returns `data`. */
export function unwrapData(body: unknown): unknown {
  if (body && typeof body === "object" && "data" in body) return (body as { data: unknown }).data;
  return body;
}

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  try {
    const body = await apiRequest("/profile", signal ? { signal } : {});
    const data = unwrapData(body);
    if (!data || typeof data !== "object") throw new Error(MSG.fetchProfileFailed);
    return normalizeProfile(data);
  } catch (error) {
    // Spec §8 Profile: a failed load reads 'Failed to fetch profile' (connection errors keep theirs).
    if (error instanceof ApiError && error.status === 0) throw error;
    if (signal?.aborted) throw error;
    throw new Error(MSG.fetchProfileFailed, { cause: error });
  }
}

/** The signed-in user's profile (including credits), polled every 10 s. */
export function useProfileQuery() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: queryKeys.profile(user?._id ?? ""),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: Boolean(token && user),
    refetchInterval: POLL.profile,
  });
}

export interface Credits {
  disponibles: number;
  bloqueados: number;
  /** disponibles + bloqueados */
  total: number;
}

/** GET /api/usuarios/{id}/saldo: `{ creditosDisponibles, creditosBloqueados, credits }` (also under data). */
export async function fetchSaldo(userId: string | undefined, signal?: AbortSignal): Promise<Credits> {
  // Spec §8 Generic: the balance query needs both the user id and the token.
  if (!userId || !getToken()) throw new Error(MSG.balanceUnavailable);
  // Typed by its contract, not parsed: the header shows it on the first load, which carries no zod.
  const { data } = await apiRequest<SaldoResponse>(
    `/usuarios/${encodeURIComponent(userId)}/saldo`,
    signal ? { signal } : {},
  );
  return { disponibles: data.creditosDisponibles, bloqueados: data.creditosBloqueados, total: data.credits };
}

/** The signed-in user's credits, polled every 10 s (overview §9); shown in the header. */
export function useSaldoQuery() {
  const { token, user } = useSession();
  return useQuery({
    queryKey: queryKeys.saldo(user?._id ?? ""),
    queryFn: ({ signal }) => fetchSaldo(user?._id, signal),
    enabled: Boolean(token && user?._id),
    refetchInterval: POLL.balance,
  });
}

export function useCredits(): { credits: Credits | null; isLoading: boolean; isError: boolean } {
  const saldo = useSaldoQuery();
  return { credits: saldo.data ?? null, isLoading: saldo.isLoading, isError: saldo.isError };
}
