/**
 * The mails of the e2e server (no SMTP_URL: .eml files under DATA_DIR/correo/, global-setup.ts
 * provides dataDir), read as a person would follow their links.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** Undoes quoted-printable (soft line breaks and =XX bytes) as UTF-8. */
export function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const m = /^=([0-9A-F]{2})/i.exec(joined.slice(i, i + 3));
    if (m?.[1]) {
      bytes.push(Number.parseInt(m[1], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Waits for the newest .eml to `email` with a link to `page` and answers that link's path and query. */
export async function mailedLink(email: string, page: "/restablecer-contrasena" | "/verificar-email"): Promise<string> {
  const dir = path.join(inject("dataDir"), "correo");
  const deadline = Date.now() + 30_000;
  const pattern = new RegExp(`https?://[^\\s"<>]*(${page}\\?token=[A-Za-z0-9_\\-%]+)`);
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
    } catch {
      // No mail written yet.
    }
    for (const f of files.sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, f), "utf8"));
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}$`, "m").test(text)) continue;
      const m = pattern.exec(text);
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${email} with a link to ${page} in ${dir}`);
}

/** The token of the email-verification link mailed to `email`. */
export async function verificationToken(email: string): Promise<string> {
  const link = await mailedLink(email, "/verificar-email");
  return decodeURIComponent(new URLSearchParams(link.slice(link.indexOf("?") + 1)).get("token") ?? "");
}
