import { apiRequest } from "./api.ts";

/** A person found by email: the id the API wants and the name the page shows. */
export interface Person {
  id: string;
  name: string;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const str = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * GET /users/email/{email}: the account's id and name, under `data` or at the top. An answer without
 * an id throws `notFound` (each picker words it for its own role: lender, recipient, receiver).
 */
export async function findPersonByEmail(email: string, notFound: string): Promise<Person> {
  const body = record(await apiRequest(`/users/email/${encodeURIComponent(email)}`));
  const data = record(body.data);
  const id = str(data._id) || str(body._id);
  if (!id) throw new Error(notFound);
  return { id, name: str(data.name) || str(body.name) };
}
