import { MSG, type Profile, type ProfileUpdateInput, SEXOS, USER_TYPES, VISIBILITIES } from "@valoriza/domain";
import type { Executor } from "../../db/client.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { getUserBalances } from "../ledger/ledger.accounts.ts";
import { hashPassword, verifyPassword } from "../users/password.ts";
import { findUserById, setPassword, type UserRow, updateUser } from "../users/users.repository.ts";

const oneOf = <T extends readonly string[]>(list: T, v: string, fallback: T[number]): T[number] =>
  (list as readonly string[]).includes(v) ? (v as T[number]) : fallback;

async function toProfile(exec: Executor, u: UserRow): Promise<Profile> {
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
  };
}

export function createProfileService({ db }: AppDeps) {
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

    async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
      const u = await findUserById(db, userId);
      if (!u) throw notFound(MSG.userNotFound);
      // 400, not 401: a wrong current password must not end the session in the client.
      if (!(await verifyPassword(u.passwordHash, currentPassword))) throw badRequest(MSG.currentPasswordWrong);
      if (currentPassword === newPassword) throw badRequest(MSG.samePassword);
      await setPassword(db, userId, await hashPassword(newPassword));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
