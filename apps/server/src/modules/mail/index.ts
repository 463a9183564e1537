/**
 * Public entry of the mail area (issue 16, ADR 017): enqueue a mail to a person with a template
 * (inside the caller's transaction), and the outbox worker server.ts starts.
 */
export {
  createMailTransport,
  createMailWorker,
  DEFAULT_MAIL_FROM,
  type EnqueueMail,
  enqueueMail,
  publicUrl,
  startMailWorker,
} from "./mail.service.ts";
export {
  type MailTemplate,
  type MailTemplates,
  type NotificationMailItem,
  type RenderedMail,
  renderMail,
} from "./templates.ts";
export { emlTransport, type MailMessage, type MailTransport, smtpTransport } from "./transport.ts";
export { backoffMs, MailWorker, type MailWorkerOptions } from "./worker.ts";
