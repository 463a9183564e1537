import type { APIRequestContext } from "playwright-core";
import { expect } from "vitest";

/**
 * Identity verification for the deal browser tests (ADR 015): only identity-verified people turn the
 * credits of what they registered into spendable credits, and these tests spend them. An admin (in
 * the e2e server's ADMIN_EMAILS) verifies each one as POST /api/admin/usuarios/{id}/verificar does for
 * a person the admin knows. The flow a person follows (/verificacion, the desk's 'Identidad' tab):
 * identity.e2e.test.ts and limits.e2e.test.ts.
 */
export const VERIFIER_EMAIL = "e2e-admin-verificador@valoriza.test";

let token: Promise<string> | null = null;

async function signIn(request: APIRequestContext): Promise<string> {
  const data = {
    name: "Vera",
    apellido: "Verificadora",
    email: VERIFIER_EMAIL,
    password: "secreto123",
    aceptaTerminos: true,
  };
  let response = await request.post("/api/users/register", { data });
  if (response.status() === 409) response = await request.post("/api/users/login", { data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Marks each person identity-verified (200, or 409 when already verified). */
export async function verifyIdentity(request: APIRequestContext, ...userIds: string[]): Promise<void> {
  token ??= signIn(request).catch((e) => {
    token = null;
    throw e;
  });
  const t = await token;
  for (const id of userIds) {
    const r = await request.post(`/api/admin/usuarios/${id}/verificar`, { headers: { Authorization: `Bearer ${t}` } });
    expect([200, 409], await r.text()).toContain(r.status());
  }
}
