import { type LoginInput, MSG, type RegisterInput, type SessionUser } from "@valoriza/domain";
import type { AppDeps } from "../../lib/deps.ts";
import { conflict, rateLimited, unauthorized } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { FailureThrottle } from "../../lib/throttle.ts";
import { openUserAccounts } from "../ledger/ledger.accounts.ts";
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

export function createUsersService(deps: AppDeps) {
  const { db, clock, config, tokens } = deps;
  const windowMs = config.loginWindowMs ?? 15 * 60_000;
  const perAccount = new FailureThrottle(clock, config.loginMaxPerAccount ?? 5, windowMs);
  const perIp = new FailureThrottle(clock, config.loginMaxPerIp ?? 30, windowMs);
  const admins = new Set(config.adminEmails);

  async function session(user: UserRow): Promise<AuthResult> {
    return { token: await tokens.sign(user.id, user.tokenVersion), ...toSessionUser(user) };
  }

  function checkThrottle(email: string, ip: string): void {
    const wait = Math.max(perAccount.blockedFor(`acct:${email}`), perIp.blockedFor(`ip:${ip}`));
    if (wait > 0) {
      const minutes = Math.max(1, Math.ceil(wait / 60_000));
      throw rateLimited(MSG.tooManyLoginAttempts(minutes), Math.ceil(wait / 1000));
    }
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
      checkThrottle(email, ip);
      const user = await findUserByEmail(db, email);
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, input.password);
      else await burnPasswordCheck(input.password);
      if (!user || !ok) {
        perAccount.fail(`acct:${email}`);
        perIp.fail(`ip:${ip}`);
        throw unauthorized(MSG.badCredentials);
      }
      perAccount.reset(`acct:${email}`);
      return session(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
