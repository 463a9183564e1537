import {
  actionsResponse,
  assetFormSchema,
  errorResponseSchema,
  moneyRegisterSchema,
  timeRegisterSchema,
  toAssetType,
} from "@valoriza/domain";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../lib/auth.ts";
import { badRequest } from "../../lib/errors.ts";
import { MAX_IMAGE_BYTES } from "./assets.images.ts";
import type { AssetsService } from "./assets.service.ts";

const ID_MSG = "El identificador del activo no es válido";
const idParam = z.object({ id: z.uuid({ error: ID_MSG }) });
const userIdParam = z.object({ userId: z.uuid({ error: "El identificador del usuario no es válido" }) });
const ok = z.looseObject({ success: z.literal(true) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const security = [{ bearerAuth: [] }];
const idemHeader = z.looseObject({
  "idempotency-key": z
    .string()
    .min(1, "La clave de idempotencia no puede estar vacía")
    .max(200, "La clave de idempotencia no puede tener más de 200 caracteres")
    .optional(),
});

const idem = (req: FastifyRequest, route: string) => ({
  key: req.headers["idempotency-key"] as string | undefined,
  route,
  body: req.body ?? null,
});
const send = (reply: FastifyReply, r: { statusCode: number; body: unknown; replayed?: boolean }) => {
  if (r.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(r.statusCode).send(r.body);
};

/** 10 images of up to 5 MB, base64-encoded, plus the form. */
const ASSET_BODY_LIMIT = Math.ceil(10 * MAX_IMAGE_BYTES * 1.37) + 256 * 1024;

export const assetsRoutes =
  (
    assets: AssetsService,
    authenticate: preHandlerAsyncHookHandler,
    optionalAuth: preHandlerAsyncHookHandler,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/assets",
      {
        bodyLimit: ASSET_BODY_LIMIT,
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Registrar un bien (formulario o asistente); emite sus créditos bloqueados",
          security,
          headers: idemHeader,
          body: assetFormSchema,
          response: { 201: ok, ...errors },
        },
      },
      async (req, reply) => send(reply, await assets.create(currentUser(req), req.body, idem(req, "POST /assets"))),
    );

    app.post(
      "/tiempo/registrar",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Registrar tiempo (30.000 COP/hora, 120.000 si es especializado)",
          security,
          headers: idemHeader,
          body: timeRegisterSchema,
          response: { 201: ok, ...errors },
        },
      },
      async (req, reply) =>
        send(reply, await assets.registerTime(currentUser(req), req.body, idem(req, "POST /tiempo/registrar"))),
    );

    app.post(
      "/dinero/registrar",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Registrar un aporte en dinero",
          security,
          headers: idemHeader,
          body: moneyRegisterSchema,
          response: { 201: ok, ...errors },
        },
      },
      async (req, reply) =>
        send(reply, await assets.registerMoney(currentUser(req), req.body, idem(req, "POST /dinero/registrar"))),
    );

    app.get(
      "/assets",
      {
        schema: {
          tags: ["Activos"],
          summary: "Activos públicos (feed), del más reciente al más antiguo; búsqueda sin tildes ni mayúsculas",
          querystring: z.object({
            excludeUserId: z.uuid({ error: "El identificador del usuario no es válido" }).optional(),
            q: z.string().max(200, "La búsqueda no puede tener más de 200 caracteres").optional(),
            limit: z.coerce.number({ error: "limit debe ser un número" }).int().min(1).max(200).default(100),
            offset: z.coerce.number({ error: "offset debe ser un número" }).int().min(0).max(100_000).default(0),
          }),
          response: { 200: ok, 400: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await assets.listPublic(req.query) }),
    );

    app.get(
      "/assets/mine",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Mis activos (sin los desactivados)",
          security,
          response: { 200: ok, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await assets.listMine(currentUser(req).id) }),
    );

    app.get(
      "/assets/user/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Activos de un usuario (el propio), filtrables por propósito y estado",
          security,
          params: userIdParam,
          querystring: z.object({
            mainPurpose: z.string().max(40).optional(),
            status: z.string().max(200).optional(),
          }),
          response: { 200: ok, ...errors },
        },
      },
      async (req) => {
        const statuses = req.query.status
          ?.split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        const data = await assets.listByUser(currentUser(req), req.params.userId, {
          mainPurpose: req.query.mainPurpose,
          statuses,
        });
        return { success: true as const, data };
      },
    );

    app.get(
      "/activos/:id",
      {
        preHandler: optionalAuth,
        schema: {
          tags: ["Activos"],
          summary: "Detalle de un activo con su dueño (no requiere sesión)",
          params: idParam,
          response: { 200: ok, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (req) => ({ success: true as const, data: await assets.get(req.params.id, req.authUser?.id) }),
    );

    app.put(
      "/activos/desactivar/:id",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Desactivar un activo (activo/disponible, sin usos): destruye el 100% de sus créditos bloqueados",
          security,
          headers: idemHeader,
          params: idParam,
          response: { 200: ok, 409: errorResponseSchema, ...errors },
        },
      },
      async (req, reply) =>
        send(
          reply,
          await assets.deactivate(
            currentUser(req),
            req.params.id,
            idem(req, `PUT /activos/desactivar/${req.params.id}`),
          ),
        ),
    );

    app.put(
      "/operaciones/finalizar/:id",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Finalizar la operación de un activo: libera sus créditos bloqueados",
          security,
          headers: idemHeader,
          params: idParam,
          response: { 200: ok, 409: errorResponseSchema, ...errors },
        },
      },
      async (req, reply) =>
        send(
          reply,
          await assets.finishOperation(
            currentUser(req),
            req.params.id,
            idem(req, `PUT /operaciones/finalizar/${req.params.id}`),
          ),
        ),
    );

    app.post(
      "/activos/liberar-creditos",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Liberar los créditos de un activo cuya operación ya terminó (idempotente)",
          security,
          headers: idemHeader,
          body: z.object({ activoId: z.uuid({ error: ID_MSG }) }),
          response: { 200: ok, 409: errorResponseSchema, ...errors },
        },
      },
      async (req, reply) =>
        send(
          reply,
          await assets.releaseCredits(currentUser(req), req.body.activoId, idem(req, "POST /activos/liberar-creditos")),
        ),
    );

    app.post(
      "/assets/migrate-valorizacion",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Actualizar la valorización de mis bienes (los créditos emitidos no cambian)",
          security,
          response: { 200: ok, ...errors },
        },
      },
      async (req) => assets.migrateValuation(currentUser(req)),
    );

    app.get(
      "/actions/:type",
      {
        schema: {
          tags: ["Activos"],
          summary: "Acciones disponibles por tipo de activo (bienes, tiempo, dinero)",
          params: z.object({ type: z.string().max(20) }),
          response: { 200: ok, 400: errorResponseSchema },
        },
      },
      async (req) => {
        const t = toAssetType(req.params.type);
        if (!t) throw badRequest("Tipo de activo no válido: usa bienes, tiempo o dinero");
        return { ...actionsResponse(t), type: req.params.type };
      },
    );

    app.get(
      "/formularios/categorias",
      { schema: { tags: ["Activos"], summary: "Catálogo de categorías de bienes", response: { 200: ok } } },
      async () => assets.categories(),
    );
  };
