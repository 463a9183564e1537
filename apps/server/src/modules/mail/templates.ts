/**
 * The mails Valoriza sends, in Spanish, as HTML and text, branded Valoriza. A template turns its
 * data into { subject, html, text, link }; the outbox stores the result.
 */

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The mail's main link (logged when mails are written as .eml files). */
  link?: string;
  /** Notification mails (issue 20): the one-click unsubscribe URL, sent as List-Unsubscribe too. */
  listUnsubscribe?: string;
}

export interface MailTemplates extends NotificationMailTemplates {
  /** Email verification: the link of /verificar-email (48 h). */
  verificar_email: { name: string; link: string };
  /** Password reset: the link of /restablecer-contrasena (1 h). */
  restablecer_contrasena: { name: string; link: string };
  /** Identity verification decided by an admin (issue 17): the link of /verificacion. */
  identidad_aprobada: { name: string; link: string };
  identidad_rechazada: { name: string; motivo: string; link: string };
}
export type MailTemplate = keyof MailTemplates;

/** One notification in a notification mail or a daily digest (issue 20 item 3). */
export interface NotificationMailItem {
  titulo: string;
  descripcion: string;
  /** Absolute link to the page of the notification. */
  link: string;
}

/** Notification mails (issue 20 item 3): every one carries its unsubscribe link. */
export interface NotificationMailTemplates {
  /** One step that needs the person (correo 'inmediato'). */
  notificacion: NotificationMailItem & { name: string; unsubscribe: string };
  /** The day's notifications in one mail (correo 'diario'). */
  resumen_diario: { name: string; items: NotificationMailItem[]; more: number; link: string; unsubscribe: string };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const GREEN = "#047857";

/** The branded frame of every mail: heading, paragraphs, one button, the link in plain text too. */
function layout(opts: {
  title: string;
  greeting: string;
  paragraphs: string[];
  button: string;
  link: string;
  footer: string;
}) {
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#334155">${escapeHtml(t)}</p>`;
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html lang="es-CO">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${GREEN};padding:20px 24px;color:#ffffff;font-size:22px;font-weight:bold">Valoriza</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px;color:#0f172a">${escapeHtml(opts.title)}</h1>
${p(opts.greeting)}
${opts.paragraphs.map(p).join("\n")}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(opts.button)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#475569">Si el botón no funciona, copia y pega este enlace en tu navegador:<br><a href="${link}" style="color:${GREEN};word-break:break-all">${link}</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#64748b">${escapeHtml(opts.footer)}</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">Valoriza · Mercado colaborativo de activos y créditos · Colombia</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    `Valoriza — ${opts.title}`,
    "",
    opts.greeting,
    "",
    ...opts.paragraphs.flatMap((t) => [t, ""]),
    `${opts.button}: ${opts.link}`,
    "",
    opts.footer,
    "",
    "Valoriza · Mercado colaborativo de activos y créditos · Colombia",
  ].join("\n");
  return { html, text };
}

const FOOTER_LINE = "Valoriza · Mercado colaborativo de activos y créditos · Colombia";

/** The unsubscribe line of notification mails (HTML and text), after the layout's own footer. */
function withUnsubscribe(mail: { html: string; text: string }, url: string): { html: string; text: string } {
  const u = escapeHtml(url);
  const line = `<tr><td style="padding:0 24px 16px;background:#f8fafc;font-size:12px;color:#64748b">¿No quieres recibir más notificaciones por correo? <a href="${u}" style="color:${GREEN}">Dejar de recibirlas</a>. También puedes cambiarlo en Mi Cuenta, Notificaciones.</td></tr>`;
  return {
    html: mail.html.replace(`${FOOTER_LINE}</td></tr>`, `${FOOTER_LINE}</td></tr>\n${line}`),
    text: `${mail.text}\n\nPara dejar de recibir notificaciones por correo: ${url}`,
  };
}

const greet = (name: string) => (name.trim() ? `Hola, ${name.trim()}:` : "Hola:");

export const TEMPLATES: { [K in MailTemplate]: (data: MailTemplates[K]) => RenderedMail } = {
  notificacion: ({ name, titulo, descripcion, link, unsubscribe }) => ({
    subject: titulo,
    link,
    listUnsubscribe: unsubscribe,
    ...withUnsubscribe(
      layout({
        title: titulo,
        greeting: greet(name),
        paragraphs: [descripcion],
        button: "Abrir en Valoriza",
        link,
        footer: "Te escribimos porque este paso de Valoriza necesita tu atención.",
      }),
      unsubscribe,
    ),
  }),
  resumen_diario: ({ name, items, more, link, unsubscribe }) => ({
    subject:
      items.length + more === 1
        ? "Tu resumen diario de Valoriza: 1 aviso"
        : `Tu resumen diario de Valoriza: ${items.length + more} avisos`,
    link,
    listUnsubscribe: unsubscribe,
    ...withUnsubscribe(
      layout({
        title: "Tu resumen del día",
        greeting: greet(name),
        paragraphs: [
          "Esto pasó en Valoriza desde tu último resumen:",
          ...items.map((i) => `• ${i.titulo}: ${i.descripcion} (${i.link})`),
          ...(more > 0 ? [more === 1 ? "Y 1 aviso más." : `Y ${more} avisos más.`] : []),
        ],
        button: "Abrir Valoriza",
        link,
        footer: "Recibes un resumen al día porque así lo elegiste en Mi Cuenta, Notificaciones.",
      }),
      unsubscribe,
    ),
  }),
  verificar_email: ({ name, link }) => ({
    subject: "Verifica tu correo en Valoriza",
    link,
    ...layout({
      title: "Confirma tu correo electrónico",
      greeting: greet(name),
      paragraphs: [
        "Gracias por crear tu cuenta en Valoriza. Para confirmar que este correo es tuyo, abre el siguiente enlace.",
        "El enlace vence en 48 horas y solo se puede usar una vez.",
      ],
      button: "Verificar mi correo",
      link,
      footer: "Si no creaste una cuenta en Valoriza, ignora este mensaje.",
    }),
  }),
  restablecer_contrasena: ({ name, link }) => ({
    subject: "Restablece tu contraseña de Valoriza",
    link,
    ...layout({
      title: "Restablece tu contraseña",
      greeting: greet(name),
      paragraphs: [
        "Recibimos una solicitud para restablecer la contraseña de tu cuenta. Abre el siguiente enlace para elegir una nueva.",
        "El enlace vence en 1 hora y solo se puede usar una vez. Al cambiarla se cerrarán tus sesiones abiertas.",
      ],
      button: "Elegir una nueva contraseña",
      link,
      footer: "Si no pediste este cambio, ignora este mensaje: tu contraseña sigue igual.",
    }),
  }),
  identidad_aprobada: ({ name, link }) => ({
    subject: "Tu identidad fue verificada en Valoriza",
    link,
    ...layout({
      title: "Tu identidad fue verificada",
      greeting: greet(name),
      paragraphs: ["Revisamos la foto de tu documento y tu selfie: tu cuenta de Valoriza quedó verificada."],
      button: "Ver mi verificación",
      link,
      footer: "Si no enviaste tus documentos a Valoriza, escríbenos a soporte@valoriza.co.",
    }),
  }),
  identidad_rechazada: ({ name, motivo, link }) => ({
    subject: "No pudimos verificar tu identidad en Valoriza",
    link,
    ...layout({
      title: "No pudimos verificar tu identidad",
      greeting: greet(name),
      paragraphs: [`Motivo: ${motivo}`, "Puedes corregirlo y enviar tus documentos de nuevo desde Valoriza."],
      button: "Enviar mis documentos de nuevo",
      link,
      footer: "Si no enviaste tus documentos a Valoriza, escríbenos a soporte@valoriza.co.",
    }),
  }),
};

export function renderMail<K extends MailTemplate>(template: K, data: MailTemplates[K]): RenderedMail {
  return (TEMPLATES[template] as (d: MailTemplates[K]) => RenderedMail)(data);
}
