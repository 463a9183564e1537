/** The outbox (issue 16): retried with backoff, sent once by several workers, .eml without SMTP. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "../../lib/deps.ts";
import { createTestApp, type TestContext } from "../../test/harness.ts";
import { backoffMs, createMailWorker, enqueueMail } from "./index.ts";
import { linkIn, startTestSmtp, type TestSmtp } from "./smtp.testkit.ts";

let t: TestContext;
let smtp: TestSmtp;
const config = (over: Partial<AppConfig> = {}): AppConfig => ({
  jwtSecret: "x",
  adminEmails: [],
  dataDir: `/tmp/valoriza-mail-test-${process.pid}`,
  mailFrom: "Valoriza <no-responder@valoriza.test>",
  ...over,
});

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Row = {
  status: string;
  attempts: number;
  next_attempt_at: string | Date;
  html: string;
  last_error: string | null;
};
async function outbox(id: string): Promise<Row> {
  const r = (await t.database.db.execute(
    `select status, attempts, next_attempt_at, html, last_error from mail_outbox where id = '${id}'`,
  )) as unknown as { rows: Row[] };
  const row = r.rows[0];
  if (!row) throw new Error("no outbox row");
  return row;
}

const enqueue = (to: string, link = "https://valoriza.example/verificar-email?token=abc") =>
  enqueueMail(t.database.db, t.clock, { to, template: "verificar_email", data: { name: "Ana", link } });

describe("mail outbox", () => {
  it("a failed send is retried with backoff, then sent; the body is not kept after", async () => {
    const worker = createMailWorker({ db: t.database.db, clock: t.clock, config: config({ smtpUrl: smtp.url }) });
    try {
      const id = await enqueue("reintento@valoriza.test");
      smtp.failNext(2);
      const before = smtp.mails.length;
      expect(await worker.runOnce()).toBe(0);
      let row = await outbox(id);
      expect(row).toMatchObject({ status: "pendiente", attempts: 1 });
      expect(row.last_error).toMatch(/451|no disponible/i);
      const wait1 = new Date(row.next_attempt_at).getTime() - t.clock.now().getTime();
      expect(wait1).toBe(backoffMs(1));

      // Not due yet: nothing is tried.
      expect(await worker.runOnce()).toBe(0);
      expect((await outbox(id)).attempts).toBe(1);

      t.clock.advance(wait1);
      expect(await worker.runOnce()).toBe(0);
      row = await outbox(id);
      expect(row.attempts).toBe(2);
      const wait2 = new Date(row.next_attempt_at).getTime() - t.clock.now().getTime();
      expect(wait2).toBe(2 * wait1);

      t.clock.advance(wait2);
      expect(await worker.runOnce()).toBe(1);
      expect(smtp.mails.length).toBe(before + 1);
      row = await outbox(id);
      expect(row).toMatchObject({ status: "enviado", attempts: 3, html: "" });
    } finally {
      await worker.stop();
    }
  });

  it("mails enqueued with no worker running are sent later, each once, by two workers at the same time", async () => {
    const before = smtp.mails.length;
    const ids = [];
    for (let i = 0; i < 24; i++) ids.push(await enqueue(`uno.${i}@valoriza.test`));
    // Two workers, as in two server processes: each with its own SMTP connection.
    const a = createMailWorker(
      { db: t.database.db, clock: t.clock, config: config({ smtpUrl: smtp.url }) },
      { batch: 3 },
    );
    const b = createMailWorker(
      { db: t.database.db, clock: t.clock, config: config({ smtpUrl: smtp.url }) },
      { batch: 3 },
    );
    try {
      const [sa, sb] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(sa + sb).toBe(24);
      const got = smtp.mails.slice(before).map((m) => m.to[0]);
      expect(got).toHaveLength(24);
      expect(new Set(got).size).toBe(24);
      expect(await a.runOnce()).toBe(0);
      for (const id of ids) expect((await outbox(id)).status).toBe("enviado");
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("with no SMTP_URL each mail is an .eml file under DATA_DIR/correo/ and its link is logged", async () => {
    const dataDir = `/tmp/valoriza-mail-eml-${process.pid}-${Date.now()}`;
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o), warn: () => {}, error: () => {} };
    const worker = createMailWorker({ db: t.database.db, clock: t.clock, config: config({ dataDir }) }, { log });
    try {
      const link = "https://valoriza.example/restablecer-contrasena?token=xyz123";
      await enqueueMail(t.database.db, t.clock, {
        to: "eml@valoriza.test",
        template: "restablecer_contrasena",
        data: { name: "Pedro", link },
      });
      expect(await worker.runOnce()).toBe(1);
      const dir = path.join(dataDir, "correo");
      const files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const raw = readFileSync(path.join(dir, files[0] ?? ""), "utf8");
      expect(raw).toMatch(/^To: eml@valoriza\.test$/m);
      expect(raw).toMatch(/^From: Valoriza <no-responder@valoriza\.test>$/m);
      const { decodeQuotedPrintable } = await import("./smtp.testkit.ts");
      expect(linkIn({ text: decodeQuotedPrintable(raw) }, "/restablecer-contrasena").token).toBe("xyz123");
      expect(JSON.stringify(logged)).toContain(link);
    } finally {
      await worker.stop();
    }
  });
});
