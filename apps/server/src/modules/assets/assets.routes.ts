import {
  ASSET_RESULT_MSG,
  actionsResponse,
  actionsResponseSchema,
  assetDeactivatedResponseSchema,
  assetDetailResponseSchema,
  assetFormSchema,
  assetListResponseSchema,
  assetRegisteredResponseSchema,
  assetSearchQuerySchema,
  categoriesResponseSchema,
  creditsReleasedResponseSchema,
  errorResponses,
  moneyRegisteredResponseSchema,
  moneyRegisterSchema,
  operationFinishedResponseSchema,
  pagedAssetListResponseSchema,
  publishAssetSchema,
  timeRegisteredResponseSchema,
  timeRegisterSchema,
  toAssetType,
  valuationMigratedResponseSchema,
} from "@valoriza/domain";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { currentUser } from "../../lib/auth.ts";
import { badRequest } from "../../lib/errors.ts";
import { idempotentReply } from "../../lib/idempotency.ts";
import { MAX_IMAGE_BYTES } from "./assets.images.ts";
import type {
  AssetsService,
  CreditsReleased,
  Deactivated,
  MoneyRegistered,
  OperationFinished,
  Registered,
  TimeRegistered,
} from "./assets.service.ts";

const ID_MSG = "El identificador del activo no es válido";
const idParam = z.object({ id: z.uuid({ error: ID_MSG }) });
const userIdParam = z.object({ userId: z.uuid({ error: "El identificador del usuario no es válido" }) });
const errors = errorResponses(400, 401, 403, 404);
const security = [{ bearerAuth: [] }];
/** ?limit=&offset= of a user's assets: 50 by default, 200 at most. */
const pageQuery = z.object({
  limit: z.coerce
    .number({ error: "limit debe ser un número" })
    .int("limit debe ser un número entero")
    .min(1, "limit debe ser al menos 1")
    .max(200, "limit no puede ser mayor que 200")
    .default(50),
  offset: z.coerce
    .number({ error: "offset debe ser un número" })
    .int("offset debe ser un número entero")
    .min(0, "offset no puede ser negativo")
    .max(1_000_000, "offset es demasiado grande")
    .default(0),
});
/** `data` is one page; `total` counts every matching asset, so the client knows whether to load more. */
const pagedAssets = pagedAssetListResponseSchema;
const idemHeader = z.looseObject({
  "idempotency-key": z
    .string()
    .min(1, "La clave de idempotencia no puede estar vacía")
    .max(200, "La clave de idempotencia no puede tener más de 200 caracteres")
    .optional(),
});

/** Balances as the contract documents them (dates as ISO text, also in stored replays). */
const balancesDto = (b: Deactivated["balances"]) => ({ ...b, lastUpdated: b.lastUpdated?.toISOString() ?? null });

/** HTTP answers built from the service's domain results (stored as-is for idempotent replays). */
const answers = {
  registered: (r: Registered) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.registered,
    data: r.asset,
    userCredits: r.userCredits,
  }),
  time: (r: TimeRegistered) => {
    const activo = { ...r.asset, ...r.valuation };
    return {
      success: true as const,
      message: ASSET_RESULT_MSG.timeRegistered,
      activo,
      data: activo,
      userCredits: r.userCredits,
    };
  },
  money: (r: MoneyRegistered) => {
    const activo = { ...r.asset, ...r.valuation };
    return {
      success: true as const,
      message: ASSET_RESULT_MSG.moneyRegistered,
      activo,
      data: activo,
      userCredits: r.userCredits,
    };
  },
  deactivated: (r: Deactivated) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.deactivated,
    data: {
      asset: r.asset,
      creditMovement: { creditosDestruidos: r.destroyed, razon: ASSET_RESULT_MSG.deactivationReason },
      balanceActualizado: balancesDto(r.balances),
    },
  }),
  finished: (r: OperationFinished) => ({
    success: true as const,
    message: ASSET_RESULT_MSG.operationFinished,
    data: {
      asset: r.asset,
      creditMovement: { creditosLiberados: r.released },
      balanceActualizado: balancesDto(r.balances),
    },
  }),
  released: (r: CreditsReleased) => ({
    success: true as const,
    message: r.goneWithExchange
      ? ASSET_RESULT_MSG.creditsGoneWithExchange
      : r.released > 0
        ? ASSET_RESULT_MSG.creditsReleased
        : ASSET_RESULT_MSG.creditsAlreadyReleased,
    data: {
      creditosLiberados: r.released,
      yaLiberados: r.alreadyReleased,
      balanceActualizado: balancesDto(r.balances),
    },
  }),
};

/** 10 images of up to 5 MB, base64-encoded, plus the form. */
const ASSET_BODY_LIMIT = Math.ceil(10 * MAX_IMAGE_BYTES * 1.37) + 256 * 1024;

export const assetsRoutes =
  (
    assets: AssetsService,
    authenticate: preHandlerAsyncHookHandler,
    optionalAuth: preHandlerAsyncHookHandler,
    db: Db,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    /** Idempotent credit-moving call (ADR 004): `route` names the operation the key is bound to. */
    const once = <T, B>(
      req: FastifyRequest,
      reply: Parameters<typeof idempotentReply>[1],
      route: string,
      status: number,
      toBody: (r: T) => B,
      call: Parameters<typeof idempotentReply<T, B>>[3],
    ) => idempotentReply(req, reply, { db, userId: currentUser(req).id, route, status, toBody }, call);

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
          response: { 201: assetRegisteredResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, "POST /assets", 201, answers.registered, (uow) =>
          assets.create(currentUser(req), req.body, uow),
        ),
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
          response: { 201: timeRegisteredResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, "POST /tiempo/registrar", 201, answers.time, (uow) =>
          assets.registerTime(currentUser(req), req.body, uow),
        ),
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
          response: { 201: moneyRegisteredResponseSchema, ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, "POST /dinero/registrar", 201, answers.money, (uow) =>
          assets.registerMoney(currentUser(req), req.body, uow),
        ),
    );

    app.get(
      "/assets",
      {
        // Signed in, the feed leaves out the people the viewer blocked or who blocked them (issue 19 part 4).
        preHandler: optionalAuth,
        schema: {
          tags: ["Activos"],
          summary:
            "Activos públicos (feed): búsqueda sin tildes ni mayúsculas (también por ciudad y departamento), filtros, orden y páginas con el total; con sesión, sin las personas bloqueadas",
          querystring: assetSearchQuerySchema,
          response: { 200: assetListResponseSchema, ...errorResponses(400) },
        },
      },
      async (req) => {
        const { items, ...page } = await assets.listPublic(req.query, req.authUser?.id);
        return { success: true as const, data: items, ...page };
      },
    );

    app.get(
      "/assets/mine",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary: "Mis activos (sin los desactivados), del más reciente al más antiguo, por páginas",
          security,
          querystring: pageQuery,
          response: { 200: pagedAssets, ...errors },
        },
      },
      async (req) => {
        const { items, ...page } = await assets.listMine(currentUser(req).id, req.query);
        return { success: true as const, data: items, ...page };
      },
    );

    app.get(
      "/assets/user/:userId",
      {
        preHandler: optionalAuth,
        schema: {
          tags: ["Activos"],
          summary:
            "Activos de un usuario, filtrables por propósito y estado: los propios todos (menos los desactivados); " +
            "de otra persona, solo sus publicaciones públicas (sesión opcional)",
          security,
          params: userIdParam,
          querystring: pageQuery.extend({
            mainPurpose: z.string().max(40).optional(),
            status: z.string().max(200).optional(),
          }),
          response: { 200: pagedAssets, ...errors },
        },
      },
      async (req) => {
        const statuses = req.query.status
          ?.split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        const { items, ...page } = await assets.listByUser(req.authUser, req.params.userId, {
          mainPurpose: req.query.mainPurpose,
          statuses,
          limit: req.query.limit,
          offset: req.query.offset,
        });
        return { success: true as const, data: items, ...page };
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
          response: { 200: assetDetailResponseSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => ({
        success: true as const,
        data: await assets.get(req.params.id, req.authUser?.id, { isAdmin: req.authUser?.isAdmin }),
      }),
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
          response: { 200: assetDeactivatedResponseSchema, ...errorResponses(409), ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, `PUT /activos/desactivar/${req.params.id}`, 200, answers.deactivated, (uow) =>
          assets.deactivate(currentUser(req), req.params.id, uow),
        ),
    );

    app.put(
      "/activos/publicar/:id",
      {
        preHandler: authenticate,
        schema: {
          tags: ["Activos"],
          summary:
            "Publicar de nuevo un activo recibido (tras una venta, un intercambio, una donación o un regalo) con un propósito",
          security,
          params: idParam,
          body: publishAssetSchema,
          response: {
            200: assetDetailResponseSchema.extend({ message: z.string() }),
            ...errorResponses(409),
            ...errors,
          },
        },
      },
      async (req) => ({
        success: true as const,
        message: ASSET_RESULT_MSG.published,
        data: await assets.publish(currentUser(req), req.params.id, req.body.mainPurpose),
      }),
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
          response: { 200: operationFinishedResponseSchema, ...errorResponses(409), ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, `PUT /operaciones/finalizar/${req.params.id}`, 200, answers.finished, (uow) =>
          assets.finishOperation(currentUser(req), req.params.id, uow),
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
          response: { 200: creditsReleasedResponseSchema, ...errorResponses(409), ...errors },
        },
      },
      (req, reply) =>
        once(req, reply, "POST /activos/liberar-creditos", 200, answers.released, (uow) =>
          assets.releaseCredits(currentUser(req), req.body.activoId, uow),
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
          response: { 200: valuationMigratedResponseSchema, ...errors },
        },
      },
      async (req) => {
        const { updated, total } = await assets.migrateValuation(currentUser(req));
        return {
          success: true as const,
          message: updated ? ASSET_RESULT_MSG.valuationUpdated(updated) : ASSET_RESULT_MSG.valuationCurrent,
          stats: { updated, total },
        };
      },
    );

    app.get(
      "/actions/:type",
      {
        schema: {
          tags: ["Activos"],
          summary: "Acciones disponibles por tipo de activo (bienes, tiempo, dinero)",
          params: z.object({ type: z.string().max(20) }),
          response: { 200: actionsResponseSchema, ...errorResponses(400) },
        },
      },
      async (req) => {
        const t = toAssetType(req.params.type);
        if (!t) throw badRequest(ASSET_RESULT_MSG.invalidActionType);
        return { ...actionsResponse(t), type: req.params.type };
      },
    );

    app.get(
      "/formularios/categorias",
      {
        schema: {
          tags: ["Activos"],
          summary: "Catálogo de categorías de bienes",
          response: { 200: categoriesResponseSchema },
        },
      },
      async () => ({ success: true as const, ...assets.categories() }),
    );
  };
