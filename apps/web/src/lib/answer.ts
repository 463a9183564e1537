/*
 * What every reader of an API answer shares, zod-free: the pages whose first load carries no zod (the
 * home feed, the asset page and its owner card) read their answers by hand with these; the others
 * parse them with the domain's contracts (lib/contracts.ts).
 */

/** What a person reads when an answer does not have the shape its contract documents. */
export const UNEXPECTED_ANSWER = "Recibimos una respuesta inesperada del servidor. Intenta de nuevo en unos momentos.";

/** An answer out of its contract: logged with where, refused with the message a person reads. */
export function outOfContract(where: string): never {
  console.error(`Respuesta fuera de su contrato: ${where}`);
  throw new Error(UNEXPECTED_ANSWER);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A finite number, or the answer is refused (`where` says which field). */
export function finite(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) outOfContract(`${where}: se esperaba un número`);
  return value;
}

/** A string, or the answer is refused (`where` says which field). */
export function text(value: unknown, where: string): string {
  if (typeof value !== "string") outOfContract(`${where}: se esperaba un texto`);
  return value;
}
