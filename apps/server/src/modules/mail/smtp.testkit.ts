/**
 * Tests only: a real SMTP server (`smtp-server`, from the nodemailer project) on loopback that
 * keeps every message it receives, and helpers to read a mail's links.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text of the message (quoted-printable undone), to look for links. */
  text: string;
}

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

/** The first link to `path` (e.g. "/restablecer-contrasena") in a mail, and its token. */
export function linkIn(mail: { text: string }, path: string): { url: string; token: string } {
  const m = new RegExp(`https?://[^\\s"<>]*${path}\\?token=([A-Za-z0-9_\\-%]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no link to ${path} in the mail:\n${mail.text.slice(0, 2000)}`);
  return { url: m[0], token: decodeURIComponent(m[1]) };
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Refuses the next `n` messages with a temporary error (451). */
  failNext(n: number): void;
  /** Waits until `count` mails have arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (failing > 0) {
          failing--;
          const err = Object.assign(new Error("Servicio no disponible, intenta más tarde"), { responseCode: 451 });
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? "";
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext(n) {
      failing = n;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${mails.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
