import {
  acceptConsentResponseSchema,
  acceptConsentSchema,
  DATA_RIGHTS_MSG,
  deleteAccountResponseSchema,
  deleteAccountSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../lib/auth.ts";
import { bearerSecurity, errorResponses } from "../../lib/route-schema.ts";
import type { AccountDataService } from "./account-data.service.ts";

/** The export's file name: the day in Colombia (UTC-5), e.g. valoriza-mis-datos-2026-11-26.json. */
const exportFileName = (now: Date) =>
  `valoriza-mis-datos-${new Date(now.getTime() - 5 * 3_600_000).toISOString().slice(0, 10)}.json`;

/** Consent and the holder's data rights (issue 16 items 5 and 6; ADR 018). */
export const accountDataRoutes =
  (data: AccountDataService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/profile/consentimiento",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Perfil"],
          summary: "Aceptar la versión vigente de los Términos y la Política de tratamiento de datos personales",
          security: bearerSecurity,
          body: acceptConsentSchema,
          response: { 200: acceptConsentResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (req) => ({
        success: true as const,
        message: DATA_RIGHTS_MSG.consentRecorded,
        data: await data.acceptConsent(currentUser(req).id, req.body.version),
      }),
    );

    app.get(
      "/profile/exportar",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Perfil"],
          summary: "Descargar mis datos (archivo JSON)",
          security: bearerSecurity,
          // The file itself (sent as text: the JSON of the person's data, pretty-printed).
          response: { 200: z.string().describe("Archivo JSON con tus datos"), ...errorResponses(401) },
        },
      },
      async (req, reply) => {
        const body = await data.exportData(currentUser(req));
        return reply
          .header("content-disposition", `attachment; filename="${exportFileName(new Date(body.generadoEn))}"`)
          .header("cache-control", "no-store")
          .type("application/json; charset=utf-8")
          .send(JSON.stringify(body, null, 2));
      },
    );

    app.delete(
      "/profile",
      {
        onRequest: authenticate,
        schema: {
          tags: ["Perfil"],
          summary: "Eliminar mi cuenta (se niega con 409 mientras tengas operaciones en curso)",
          security: bearerSecurity,
          body: deleteAccountSchema,
          response: { 200: deleteAccountResponseSchema, ...errorResponses(400, 401, 409, 429) },
        },
      },
      async (req) => {
        await data.deleteAccount(currentUser(req), req.body.password);
        return { success: true as const, message: DATA_RIGHTS_MSG.accountDeleted };
      },
    );
  };
