import { type LoginInput, MSG, type RegisterInput, type SessionUser } from "@valoriza/domain";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, notFound, rateLimited, unauthorized } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { DbThrottle } from "../../lib/throttle.ts";
import { openUserAccounts } from "../ledger/index.ts";
import { createLoginThrottle } from "./login-throttle.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
import { findUserByEmail, insertUser, type UserRow } from "./users.repository.ts";

export interface AuthResult extends SessionUser {
  token: string;
}

const isUniqueViolation = (e: unknown) => {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur; i++) {
    if ((cur as { code?: string }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
};

export function toSessionUser(u: UserRow): SessionUser {
  return { _id: u.id, name: u.name, apellido: u.apellido, email: u.email, isAdmin: u.isAdmin };
}

/** A user found by email to pick as a counterpart (custody, loans): only what the picker shows. */
export interface UserPick {
  _id: string;
  name: string;
}

/** Lookups by email per signed-in user and window: enough to pick a few people, too few to list accounts. */
export const EMAIL_LOOKUP_MAX = 30;
const EMAIL_LOOKUP_WINDOW_MS = 15 * 60_000;
export const USER_LOOKUP_MSG = {
  notFound: "No encontramos una cuenta con ese correo electrónico",
  tooMany: (minutes: number) =>
    `Demasiadas búsquedas de usuarios. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
} as const;

export function createUsersService(deps: AppDeps) {
  const { db, clock, config, tokens } = deps;
  const loginThrottle = createLoginThrottle(db, clock, config);
  const admins = new Set(config.adminEmails);
  // A quota on every lookup, not only failures: how many addresses one user may probe. In the
  // database, so several server processes share one count.
  const lookups = new DbThrottle(db, clock);

  async function session(user: UserRow): Promise<AuthResult> {
    return { token: await tokens.sign(user.id, user.tokenVersion), ...toSessionUser(user) };
  }

  return {
    async register(
      input: Required<Pick<RegisterInput, "name" | "email" | "password">> & { apellido: string },
    ): Promise<AuthResult> {
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          const u = await insertUser(tx, {
            id: uuidv7(clock.now().getTime()),
            email: input.email,
            passwordHash,
            name: input.name,
            apellido: input.apellido,
            isAdmin: admins.has(input.email),
          });
          await openUserAccounts(tx, u.id);
          return u;
        });
        return session(user);
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(MSG.emailTaken);
        throw e;
      }
    },

    async login(input: Required<LoginInput>, ip: string): Promise<AuthResult> {
      const email = input.email;
      await loginThrottle.check(email, ip);
      const user = await findUserByEmail(db, email);
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, input.password);
      else await burnPasswordCheck(input.password);
      if (!user || !ok) {
        await loginThrottle.failed(email, ip);
        throw unauthorized(MSG.badCredentials);
      }
      await loginThrottle.succeeded(email, ip);
      return session(user);
    },

    /**
     * GET /users/email/{email} for a signed-in user: the account's id and first name, nothing else
     * (no surname, email or balance). Rate-limited per requesting user.
     */
    async findByEmail(requesterId: string, email: string): Promise<UserPick> {
      const wait = await lookups.take(`lookup:user:${requesterId}`, 1, EMAIL_LOOKUP_MAX, EMAIL_LOOKUP_WINDOW_MS);
      if (wait > 0) {
        const minutes = Math.max(1, Math.ceil(wait / 60_000));
        throw rateLimited(USER_LOOKUP_MSG.tooMany(minutes), Math.ceil(wait / 1000));
      }
      const user = await findUserByEmail(db, email);
      if (!user) throw notFound(USER_LOOKUP_MSG.notFound);
      return { _id: user.id, name: user.name };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
