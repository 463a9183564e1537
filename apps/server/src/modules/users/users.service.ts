import {
  ACCOUNT_MSG,
  EMAIL_VERIFICATION_TTL_MS,
  type LoginInput,
  MODERATION_MSG,
  MSG,
  PASSWORD_RESET_TTL_MS,
  type RegisterInput,
  type SessionUser,
  TERMINOS_VERSION,
} from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AuthUser } from "../../lib/auth.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, conflict, forbidden, notFound, rateLimited, unauthorized } from "../../lib/errors.ts";
import { uuidv7 } from "../../lib/ids.ts";
import { DbThrottle } from "../../lib/throttle.ts";
import { openUserAccounts } from "../ledger/index.ts";
import { enqueueMail, publicUrl } from "../mail/index.ts";
import {
  findAccountToken,
  hashLinkToken,
  insertAccountToken,
  newLinkToken,
  retireAccountTokens,
  revokeSession,
  type TokenPurpose,
  useAccountToken,
} from "./account-tokens.repository.ts";
import { createLoginThrottle, throttleAddress } from "./login-throttle.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.ts";
import {
  findUserByEmail,
  findUserById,
  insertUser,
  setPassword,
  type UserRow,
  updateUser,
} from "./users.repository.ts";

export interface AuthResult extends SessionUser {
  token: string;
  /** false until the person follows the mailed verification link (issue 16). */
  emailVerificado: boolean;
}

/** olvide-contrasena answers no sooner than this, whether or not the email has an account. */
const FORGOT_FLOOR_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  // Mails asked for (verification resends, reset requests): quotas in the database too.
  const verifyMails = new DbThrottle(db, clock);

  async function session(user: UserRow): Promise<AuthResult> {
    return {
      token: await tokens.sign(user.id, user.tokenVersion),
      ...toSessionUser(user),
      emailVerificado: user.emailVerifiedAt !== null,
    };
  }

  /** A one-use link for `user`, mailed through the outbox in the caller's transaction. */
  async function mailLink(tx: Executor, user: UserRow, purpose: TokenPurpose): Promise<void> {
    const now = clock.now();
    const { token, hash } = newLinkToken();
    const ttl = purpose === "verificar_email" ? EMAIL_VERIFICATION_TTL_MS : PASSWORD_RESET_TTL_MS;
    await insertAccountToken(tx, {
      hash,
      userId: user.id,
      purpose,
      expiresAt: new Date(now.getTime() + ttl),
      createdAt: now,
    });
    const page = purpose === "verificar_email" ? "verificar-email" : "restablecer-contrasena";
    const link = `${publicUrl(config)}/${page}?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, clock, {
      userId: user.id,
      to: user.email,
      template: purpose,
      data: { name: user.name, link },
    });
  }

  /** The link's token, checked: unknown 400, used 409, expired 400 (distinct Spanish messages). */
  async function checkLink(tx: Executor, token: string, purpose: TokenPurpose) {
    const hash = hashLinkToken(token);
    const row = await findAccountToken(tx, hash, purpose);
    if (!row) throw badRequest(ACCOUNT_MSG.linkInvalid);
    if (row.usedAt) throw conflict(ACCOUNT_MSG.linkUsed);
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw badRequest(ACCOUNT_MSG.linkExpired);
    if (!(await useAccountToken(tx, hash, clock.now()))) throw conflict(ACCOUNT_MSG.linkUsed);
    const user = await findUserById(tx, row.userId);
    if (!user || user.deletedAt) throw badRequest(ACCOUNT_MSG.linkInvalid);
    if (user.suspendedAt) throw forbidden(MODERATION_MSG.accountSuspended(user.suspensionReason ?? ""));
    return user;
  }

  return {
    async register(
      input: Required<Pick<RegisterInput, "name" | "email" | "password">> & {
        apellido: string;
        aceptaTerminos?: boolean | undefined;
      },
      /**
       * Demo data only (seed/demo.ts): made-up addresses get no mail and count as verified; the demo
       * accounts share one password, hashed once (`passwordHash`) instead of once per account.
       */
      opts: { demo?: boolean; passwordHash?: string } = {},
    ): Promise<AuthResult> {
      const passwordHash = (opts.demo && opts.passwordHash) || (await hashPassword(input.password));
      try {
        const user = await db.transaction(async (tx) => {
          const now = clock.now();
          const u = await insertUser(tx, {
            id: uuidv7(now.getTime()),
            email: input.email,
            passwordHash,
            name: input.name,
            apellido: input.apellido,
            isAdmin: admins.has(input.email),
            // Consent on record (Ley 1581): the version of the terms accepted and when.
            ...(input.aceptaTerminos === true ? { consentVersion: TERMINOS_VERSION, consentAt: now } : {}),
            ...(opts.demo ? { emailVerifiedAt: now } : {}),
          });
          await openUserAccounts(tx, u.id);
          if (!opts.demo) await mailLink(tx, u, "verificar_email");
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
      if (user && !user.deletedAt) ok = await verifyPassword(user.passwordHash, input.password);
      else await burnPasswordCheck(input.password);
      if (!user || !ok) {
        await loginThrottle.failed(email, ip);
        throw unauthorized(MSG.badCredentials);
      }
      await loginThrottle.succeeded(email, ip);
      // Suspended by an admin (issue 19): told why, only after the right password.
      if (user.suspendedAt) throw forbidden(MODERATION_MSG.accountSuspended(user.suspensionReason ?? ""));
      return session(user);
    },

    /** POST /users/verificar-email: the mailed link's token (48 h, one use). */
    async verifyEmail(token: string): Promise<{ emailVerificado: true }> {
      await db.transaction(async (tx) => {
        const user = await checkLink(tx, token, "verificar_email");
        if (!user.emailVerifiedAt) await updateUser(tx, user.id, { emailVerifiedAt: clock.now() });
      });
      return { emailVerificado: true };
    },

    /** POST /users/verificacion/reenviar: another link, at most one a minute and five an hour. */
    async resendVerification(userId: string): Promise<{ message: string; emailVerificado: boolean }> {
      const user = await findUserById(db, userId);
      if (!user || user.deletedAt) throw unauthorized(MSG.sessionExpired);
      if (user.emailVerifiedAt) return { message: ACCOUNT_MSG.alreadyVerified, emailVerificado: true };
      const wait = Math.max(
        await verifyMails.take(`mail:verificar:min:${userId}`, 1, 1, 60_000),
        await verifyMails.take(`mail:verificar:hora:${userId}`, 1, 5, 60 * 60_000),
      );
      if (wait > 0) {
        throw rateLimited(
          ACCOUNT_MSG.tooManyVerificationMails(Math.max(1, Math.ceil(wait / 60_000))),
          Math.ceil(wait / 1000),
        );
      }
      await db.transaction((tx) => mailLink(tx, user, "verificar_email"));
      return { message: ACCOUNT_MSG.verificationSent, emailVerificado: false };
    },

    /**
     * POST /users/olvide-contrasena: the same answer, no sooner than FORGOT_FLOOR_MS, whether or not
     * the email has an account. At most 3 links per account an hour (silently) and 20 requests per
     * client address an hour (429, which says nothing about the account).
     */
    async forgotPassword(email: string, ip: string): Promise<{ message: string }> {
      const started = performance.now();
      const wait = await verifyMails.take(`olvide:ip:${throttleAddress(ip)}`, 1, 20, 60 * 60_000);
      if (wait > 0) {
        throw rateLimited(
          ACCOUNT_MSG.tooManyResetRequests(Math.max(1, Math.ceil(wait / 60_000))),
          Math.ceil(wait / 1000),
        );
      }
      const user = await findUserByEmail(db, email);
      if (user && !user.deletedAt) {
        const quiet = await verifyMails.take(`olvide:cuenta:${user.id}`, 1, 3, 60 * 60_000);
        if (quiet === 0) await db.transaction((tx) => mailLink(tx, user, "restablecer_contrasena"));
      }
      const left = FORGOT_FLOOR_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
      return { message: ACCOUNT_MSG.resetRequested };
    },

    /**
     * POST /users/restablecer-contrasena: sets the new password (ending every session opened
     * before: token version + 1, and the other reset links), counts the email as verified (the
     * link reached it) and answers a new session.
     */
    async resetPassword(token: string, newPassword: string): Promise<AuthResult> {
      const passwordHash = await hashPassword(newPassword);
      const user = await db.transaction(async (tx) => {
        const u = await checkLink(tx, token, "restablecer_contrasena");
        await setPassword(tx, u.id, passwordHash);
        await retireAccountTokens(tx, u.id, "restablecer_contrasena", clock.now());
        if (!u.emailVerifiedAt) await updateUser(tx, u.id, { emailVerifiedAt: clock.now() });
        return findUserById(tx, u.id);
      });
      if (!user) throw badRequest(ACCOUNT_MSG.linkInvalid);
      return session(user);
    },

    /** POST /users/logout: this session's token answers 401 from now on, in every process. */
    async logout(user: AuthUser): Promise<void> {
      const now = clock.now();
      if (user.session) {
        await revokeSession(db, user.id, user.session.jti, new Date(user.session.exp * 1000), now);
      } else {
        // A token from before sessions had ids: only ending all of the person's sessions ends it.
        await db.transaction(async (tx) => {
          const u = await findUserById(tx, user.id);
          if (u) await updateUser(tx, u.id, { tokenVersion: u.tokenVersion + 1 });
        });
      }
      tokens.onRevoke?.(user.id);
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
