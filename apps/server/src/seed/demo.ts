import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../lib/deps.ts";
import { countUsers, updateUser } from "../modules/users/users.repository.ts";
import { createUsersService } from "../modules/users/users.service.ts";

export const DEMO_PASSWORD = "valoriza123";

export const DEMO_USERS = [
  { name: "Ana", apellido: "Gómez", email: "ana@valoriza.co", ciudad: "Bogotá", departamento: "Cundinamarca" },
  { name: "Carlos", apellido: "Restrepo", email: "carlos@valoriza.co", ciudad: "Medellín", departamento: "Antioquia" },
  { name: "Lucía", apellido: "Martínez", email: "lucia@valoriza.co", ciudad: "Cali", departamento: "Valle del Cauca" },
  { name: "Andrés", apellido: "Pérez", email: "andres@valoriza.co", ciudad: "Barranquilla", departamento: "Atlántico" },
] as const;

/** Demo data, only on an empty database. Returns whether it seeded. */
export async function seedDemo(deps: AppDeps, log?: FastifyBaseLogger): Promise<boolean> {
  if ((await countUsers(deps.db)) > 0) return false;
  const users = createUsersService(deps);
  for (const d of DEMO_USERS) {
    const u = await users.register({ name: d.name, apellido: d.apellido, email: d.email, password: DEMO_PASSWORD });
    await updateUser(deps.db, u._id, {
      ciudad: d.ciudad,
      departamento: d.departamento,
      pais: "Colombia",
      verified: true,
    });
  }
  log?.info({ users: DEMO_USERS.length }, "datos de demostración creados");
  return true;
}
