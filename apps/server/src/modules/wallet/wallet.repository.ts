import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

export async function userExists(exec: Executor, id: string): Promise<boolean> {
  const [row] = await exec.select({ one: sql<number>`1` }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}
