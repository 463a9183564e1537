/** Shared by the asset schema tests (schemas.test.ts, schemas.registers.test.ts). */

/** path -> first message, for readable assertions. */
export function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}
