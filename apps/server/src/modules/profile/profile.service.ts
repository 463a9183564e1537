import { MSG, type Profile, type ProfileUpdateInput, SEXOS, USER_TYPES, VISIBILITIES } from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { getUserBalances } from "../ledger/index.ts";
import { findUserById, hashPassword, setPassword, type UserRow, updateUser, verifyPassword } from "../users/index.ts";
import { createPasswordThrottle } from "./password-throttle.ts";

const oneOf = <T extends readonly string[]>(list: T, v: string, fallback: T[number]): T[number] =>
  (list as readonly string[]).includes(v) ? (v as T[number]) : fallback;

export async function toProfile(exec: Executor, u: UserRow): Promise<Profile> {
  const b = await getUserBalances(exec, u.id);
  return {
    _id: u.id,
    name: u.name,
    apellido: u.apellido,
    email: u.email,
    verified: u.verified,
    pais: u.pais,
    ciudad: u.ciudad,
    telefono: u.telefono,
    sexo: oneOf(SEXOS, u.sexo, "no_especificar"),
    fechaNacimiento: u.fechaNacimiento,
    userType: oneOf(USER_TYPES, u.userType, "persona"),
    visibility: oneOf(VISIBILITIES, u.visibility, "publico"),
    description: u.description,
    redes: { facebook: u.redes.facebook ?? "", instagram: u.redes.instagram ?? "", linkedin: u.redes.linkedin ?? "" },
    credits: b.credits,
    creditosDisponibles: b.creditosDisponibles,
    creditosBloqueados: b.creditosBloqueados,
    isAdmin: u.isAdmin,
    createdAt: u.createdAt.toISOString(),
    emailVerificado: u.emailVerifiedAt !== null,
    consentimiento:
      u.consentVersion && u.consentAt ? { version: u.consentVersion, fecha: u.consentAt.toISOString() } : null,
  };
}

export function createProfileService({ db, clock, tokens }: AppDeps) {
  const passwordThrottle = createPasswordThrottle(db, clock);
  return {
    async get(userId: string): Promise<Profile> {
      const u = await findUserById(db, userId);
      if (!u) throw notFound(MSG.userNotFound);
      return toProfile(db, u);
    },

    async update(userId: string, input: ProfileUpdateInput): Promise<Profile> {
      return db.transaction(async (tx) => {
        const current = await findUserById(tx, userId);
        if (!current) throw notFound(MSG.userNotFound);
        const { redes, ...rest } = input;
        const patch: Partial<UserRow> = {};
        for (const [k, v] of Object.entries(rest)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
        if (redes)
          patch.redes = {
            ...current.redes,
            ...Object.fromEntries(Object.entries(redes).filter(([, v]) => v !== undefined)),
          };
        const u = Object.keys(patch).length ? await updateUser(tx, userId, patch) : current;
        if (!u) throw notFound(MSG.userNotFound);
        return toProfile(tx, u);
      });
    },

    /**
     * Wrong current passwords are throttled (429 after 5). Every earlier token
     * is revoked (token version + 1); the answer carries a new token for this
     * session so the page stays signed in.
     */
    async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<{ token: string }> {
      await passwordThrottle.check(userId);
      const u = await findUserById(db, userId);
      if (!u) throw notFound(MSG.userNotFound);
      // 400, not 401: a wrong current password must not end the session in the client.
      if (!(await verifyPassword(u.passwordHash, currentPassword))) {
        await passwordThrottle.failed(userId);
        throw badRequest(MSG.currentPasswordWrong);
      }
      if (currentPassword === newPassword) throw badRequest(MSG.samePassword);
      const hash = await hashPassword(newPassword);
      const updated = await db.transaction(async (tx) => {
        await setPassword(tx, userId, hash);
        return findUserById(tx, userId);
      });
      if (!updated) throw notFound(MSG.userNotFound);
      await passwordThrottle.succeeded(userId);
      return { token: await tokens.sign(updated.id, updated.tokenVersion) };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
