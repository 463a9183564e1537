import {
  errorResponses,
  NOTIFICATION_PREFERENCES_DEFAULT,
  notificationPreferencesResponseSchema,
  notificationPreferencesSchema,
  PUSH_MSG,
  pushPublicKeyResponseSchema,
  pushSubscriptionResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "@valoriza/domain";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../lib/auth.ts";
import { AppError } from "../../lib/errors.ts";
import type { PushService } from "./push.service.ts";

const security = [{ bearerAuth: [] }];

const unsubscribeQuery = z.object({
  token: z.string({ error: PUSH_MSG.invalidUnsubscribeToken }).trim().min(1, PUSH_MSG.invalidUnsubscribeToken).max(200),
});
const unsubscribeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ correo: z.literal("nunca") }),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The page a person sees after following the unsubscribe link of a mail (no app, no login). */
function unsubscribePage(ok: boolean, message: string): string {
  const title = ok ? "Ya no recibirás correos de notificaciones" : "No pudimos usar este enlace";
  const more = ok
    ? "Seguirás viendo tus avisos en la campana de Valoriza. Si cambias de opinión, elige otra opción en Mi Cuenta, Notificaciones."
    : "Puedes cambiar cómo recibes los avisos en Mi Cuenta, Notificaciones.";
  return `<!doctype html>
<html lang="es-CO">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Valoriza</title></head>
<body style="margin:0;padding:24px 16px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<main style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:22px;font-weight:bold;color:#047857">Valoriza</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(title)}</h1>
<p style="margin:0 0 12px;font-size:16px;line-height:1.5;color:#334155">${escapeHtml(message)}</p>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5;color:#334155">${escapeHtml(more)}</p>
<p style="margin:0"><a href="/perfil" style="display:inline-block;background:#047857;color:#fff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Ir a Mi Cuenta</a></p>
</main>
</body>
</html>`;
}

const wantsHtml = (req: FastifyRequest) => /text\/html/i.test(req.headers.accept ?? "");

export const pushRoutes =
  (push: PushService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form.
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, { form: String(body) }),
    );

    app.get(
      "/push/clave-publica",
      {
        schema: {
          tags: ["Notificaciones"],
          summary: "Clave pública VAPID para suscribir el navegador a las notificaciones push",
          response: { 200: pushPublicKeyResponseSchema },
        },
      },
      async () => ({ success: true as const, clavePublica: push.publicKey() }),
    );

    app.post(
      "/push/suscripciones",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Notificaciones"],
          summary: "Activar las notificaciones push en este navegador (PushSubscription; se puede repetir)",
          security,
          body: pushSubscriptionSchema,
          response: { 200: pushSubscriptionResponseSchema, ...errorResponses(400, 401, 409) },
        },
      },
      async (req) => {
        const data = await push.subscribe(currentUser(req), req.body);
        return { success: true as const, message: PUSH_MSG.subscribed, data };
      },
    );

    app.delete(
      "/push/suscripciones",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Notificaciones"],
          summary: "Desactivar las notificaciones push de este navegador (se puede repetir)",
          security,
          body: pushUnsubscribeSchema,
          response: { 200: pushSubscriptionResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => {
        const data = await push.unsubscribe(currentUser(req), req.body.endpoint);
        return { success: true as const, message: data.cambio ? PUSH_MSG.unsubscribed : PUSH_MSG.notSubscribed, data };
      },
    );

    app.get(
      "/profile/notificaciones",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Notificaciones"],
          summary: `Cómo recibo los avisos (por defecto: correo '${NOTIFICATION_PREFERENCES_DEFAULT.correo}', push activado)`,
          security,
          response: { 200: notificationPreferencesResponseSchema, ...errorResponses(401) },
        },
      },
      async (req) => ({ success: true as const, data: await push.preferences(currentUser(req)) }),
    );

    app.put(
      "/profile/notificaciones",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Notificaciones"],
          summary: "Elegir cómo recibo los avisos: correo inmediato, diario o nunca, y push sí o no",
          security,
          body: notificationPreferencesSchema,
          response: { 200: notificationPreferencesResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => ({
        success: true as const,
        message: PUSH_MSG.preferencesSaved,
        data: await push.setPreferences(currentUser(req), req.body),
      }),
    );

    const unsubscribe = async (req: FastifyRequest<{ Querystring: { token: string } }>, reply: FastifyReply) => {
      try {
        await push.unsubscribeByToken(req.query.token);
      } catch (e) {
        if (wantsHtml(req) && e instanceof AppError) {
          return reply.status(e.status).type("text/html; charset=utf-8").send(unsubscribePage(false, e.message));
        }
        throw e;
      }
      if (wantsHtml(req)) {
        return reply.type("text/html; charset=utf-8").send(unsubscribePage(true, PUSH_MSG.unsubscribedMail));
      }
      return { success: true as const, message: PUSH_MSG.unsubscribedMail, data: { correo: "nunca" as const } };
    };
    const unsubscribeSchema = {
      tags: ["Notificaciones"],
      querystring: unsubscribeQuery,
      response: { 200: unsubscribeResponse, ...errorResponses(400) },
    };

    app.get(
      "/profile/notificaciones/baja",
      {
        schema: {
          ...unsubscribeSchema,
          summary:
            "Enlace de los correos: dejar de recibir notificaciones por correo (sin iniciar sesión; con Accept text/html responde una página)",
        },
      },
      unsubscribe,
    );
    app.post(
      "/profile/notificaciones/baja",
      {
        schema: {
          ...unsubscribeSchema,
          summary: "Baja de un clic (RFC 8058, List-Unsubscribe-Post) de las notificaciones por correo",
        },
      },
      unsubscribe,
    );
  };
