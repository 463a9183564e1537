import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";

/**
 * nodemailer is loaded with the first mail, not at start-up (issue 21 item 1): a start sends none.
 */
function lazyTransporter(options: string | Record<string, unknown>): {
  get(): Promise<Transporter>;
  close(): void;
} {
  let made: Transporter | undefined;
  return {
    async get() {
      made ??= (await import("nodemailer")).default.createTransport(options as never);
      return made;
    },
    close: () => made?.close(),
  };
}

/** What the worker sends through: SMTP (SMTP_URL) or .eml files under DATA_DIR/correo/. */
export interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  link?: string | null;
  /** Notification mails: List-Unsubscribe (and RFC 8058 one-click) to this URL. */
  listUnsubscribe?: string | null;
}

/** The List-Unsubscribe headers of a notification mail (RFC 2369 and RFC 8058 one-click). */
function unsubscribeHeaders(m: MailMessage): Record<string, string> | undefined {
  if (!m.listUnsubscribe) return undefined;
  return { "List-Unsubscribe": `<${m.listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export interface MailTransport {
  readonly kind: "smtp" | "eml";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface TransportLog {
  info(obj: unknown, msg?: string): void;
}

/** nodemailer over SMTP: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = lazyTransporter(smtpUrl);
  return {
    kind: "smtp",
    async send(m) {
      await (await transporter.get()).sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        messageId: `<${m.id}@valoriza>`,
        headers: unsubscribeHeaders(m),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP_URL (the embedded default): nodemailer builds the same message and it is written as
 * DATA_DIR/correo/<fecha>-<id>.eml; the link goes to the log so `npm start` works with no mail server.
 */
export function emlTransport(dataDir: string, log?: TransportLog): MailTransport {
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = path.join(dataDir, "correo");
  return {
    kind: "eml",
    async send(m) {
      const info = await (await transporter.get()).sendMail({
        from: m.from,
        to: m.to,
        subject: m.subject,
        html: m.html,
        text: m.text,
        messageId: `<${m.id}@valoriza>`,
        headers: unsubscribeHeaders(m),
      });
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${m.id}.eml`);
      await writeFile(file, info.message as Buffer);
      log?.info(
        { para: m.to, asunto: m.subject, enlace: m.link ?? undefined, archivo: file },
        "correo guardado (sin SMTP_URL)",
      );
    },
    close: () => transporter.close(),
  };
}
