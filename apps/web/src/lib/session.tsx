import { TIMINGS } from "@valoriza/domain";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { openAuthDialog } from "./auth-dialog.ts";
import { settled } from "./in-flight.ts";
import { forgetPersonalCaches } from "./personal-cache.ts";
import { queryClient, queryKeys, removeUserQueries } from "./query-client.ts";
import { createStore, useStore } from "./store.ts";
import { toast } from "./toast.ts";

export const TOKEN_KEY = "token";
export const USER_KEY = "user";

export interface SessionUser {
  /** Server id (the API calls it `_id`); `id` is kept as an alias for older readers. */
  _id: string;
  id: string;
  name: string;
  apellido: string;
  email: string;
  isAdmin: boolean;
  /**
   * Whether the email was verified, as the last answer that said it (sign-in, the profile) did: the
   * email banner shows with the page's first paint instead of moving it when the profile comes.
   * Unknown (undefined) in sessions stored before it existed; the profile is the truth.
   */
  emailVerificado?: boolean;
}

export interface Session {
  token: string;
  user: SessionUser;
}

/** Why the last session ended: only a sign-out on purpose suppresses the login prompt. */
export type SessionEndReason = "none" | "logout" | "expired";

/**
 * The shape of the stored user (same contract as the domain's sessionUserSchema, `_id` or `id`).
 * Checked by hand rather than with zod so that the first page load does not download zod.
 */
function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  const value: unknown = JSON.parse(raw);
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const u = value as Record<string, unknown>;
  const id = typeof u._id === "string" && u._id ? u._id : typeof u.id === "string" ? u.id : "";
  if (!id || typeof u.name !== "string" || typeof u.email !== "string") return null;
  if (u.apellido !== undefined && typeof u.apellido !== "string") return null;
  if (u.isAdmin !== undefined && typeof u.isAdmin !== "boolean") return null;
  return {
    _id: id,
    id,
    name: u.name,
    apellido: typeof u.apellido === "string" ? u.apellido : "",
    email: u.email,
    isAdmin: u.isAdmin === true,
    ...(typeof u.emailVerificado === "boolean" ? { emailVerificado: u.emailVerificado } : {}),
  };
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function removeStored(): void {
  const storage = safeStorage();
  try {
    storage?.removeItem(TOKEN_KEY);
    storage?.removeItem(USER_KEY);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}

/**
 * Reads token and user. A user that does not parse or has the wrong shape removes both, unless
 * `repair` is false (another tab may be half-way through writing them).
 */
export function readStoredSession(repair = true): Session | null {
  const storage = safeStorage();
  if (!storage) return null;
  let token: string | null;
  let rawUser: string | null;
  try {
    token = storage.getItem(TOKEN_KEY);
    rawUser = storage.getItem(USER_KEY);
  } catch {
    return null;
  }
  if (!token && !rawUser) return null;
  try {
    const user = parseStoredUser(rawUser);
    if (!token || !user) throw new Error("invalid stored session");
    return { token, user };
  } catch {
    if (repair) removeStored();
    return null;
  }
}

function writeStored(session: Session): void {
  try {
    // User first: another tab reacts to the token key and must find a matching user.
    safeStorage()?.setItem(USER_KEY, JSON.stringify(session.user));
    safeStorage()?.setItem(TOKEN_KEY, session.token);
  } catch {
    // Private mode or full storage: the session still lives in memory for this tab.
  }
}

const sessionStore = createStore<Session | null>(typeof window === "undefined" ? null : readStoredSession());
let endReason: SessionEndReason = "none";
let creditsReloadTimer: ReturnType<typeof setTimeout> | undefined;

export function getToken(): string | null {
  return sessionStore.get()?.token ?? null;
}

export function getSessionEndReason(): SessionEndReason {
  return endReason;
}

export function startSession(session: Session): void {
  endReason = "none";
  // The service worker's kept answers belong to one person: nobody else's survive a sign-in (ADR 023).
  forgetPersonalCaches();
  writeStored(session);
  sessionStore.set(session);
  // Spec §5 Authentication: credits are reloaded 500 ms after a successful login or register.
  clearTimeout(creditsReloadTimer);
  creditsReloadTimer = setTimeout(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.saldoRoot });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profileRoot });
  }, TIMINGS.creditsReloadAfterLogin);
}

/** How long the revocation waits at most for the calls still carrying the token. */
const REVOKE_AFTER_CALLS_MS = 2_000;

/**
 * 'Salir' ends the session on the server too (POST /api/users/logout): its token answers 401
 * afterwards in every process. Fire and forget (keepalive): signing out never waits for the network.
 * Sent once the calls still carrying the token are back (at most 2 s later), so none of them is
 * refused on the way.
 */
function revokeOnServer(token: string | undefined): void {
  if (!token || typeof fetch !== "function") return;
  void settled(token, REVOKE_AFTER_CALLS_MS).then(() =>
    fetch("/api/users/logout", {
      method: "POST",
      headers: { Accept: "application/json", Authorization: `Bearer ${token}` },
      credentials: "include",
      keepalive: true,
    }).catch(() => {}),
  );
}

export function endSession(reason: Exclude<SessionEndReason, "none"> = "logout"): void {
  endReason = reason;
  clearTimeout(creditsReloadTimer);
  removeStored();
  sessionStore.set(null);
  removeUserQueries();
  // Signing out leaves none of the person's answers on the device (an expired session keeps them).
  if (reason === "logout") forgetPersonalCaches();
}

/** Keeps the stored user in step with profile edits (name, apellido) and the email's verification. */
export function updateSessionUser(patch: Partial<Pick<SessionUser, "name" | "apellido" | "emailVerificado">>): void {
  const current = sessionStore.get();
  if (!current) return;
  const next = { ...current, user: { ...current.user, ...patch } };
  writeStored(next);
  sessionStore.set(next);
}

/**
 * A new token for the same user (PUT /profile/password revokes the old ones and answers a new
 * one): stored so the page keeps the session.
 */
export function replaceSessionToken(token: string): void {
  const current = sessionStore.get();
  if (!current || !token) return;
  const next = { ...current, token };
  writeStored(next);
  sessionStore.set(next);
}

/**
 * A 401 or 403 on an authenticated call: the session is cleared, the user is told and the login
 * modal reopens (spec §4 Session, §8 Generic).
 */
export function expireSession(): void {
  if (!sessionStore.get()) return;
  endSession("expired");
  toast({
    title: "Sesión expirada",
    description: "Inicia sesión de nuevo para continuar.",
    variant: "error",
  });
  openAuthDialog("login");
}

interface SessionContextValue {
  session: Session | null;
  token: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  login: (session: Session) => void;
  logout: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useStore(sessionStore);

  // Another tab signed in or out: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      const next = readStoredSession(false);
      const current = sessionStore.get();
      if (next?.token === current?.token) return;
      if (next) {
        removeUserQueries();
        sessionStore.set(next);
      } else if (current && !event.storageArea?.getItem(TOKEN_KEY)) {
        // Signed out elsewhere; in-memory only, storage is already clean.
        endReason = "logout";
        sessionStore.set(null);
        removeUserQueries();
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      token: session?.token ?? null,
      user: session?.user ?? null,
      isAuthenticated: session !== null,
      login: startSession,
      logout: () => {
        const token = sessionStore.get()?.token;
        // The person's queries go first (those with a signal are cancelled), then the token.
        endSession("logout");
        revokeOnServer(token);
      },
    }),
    [session],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used within a SessionProvider");
  return value;
}
