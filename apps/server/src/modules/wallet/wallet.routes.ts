import {
  errorResponses,
  saldoResponseSchema,
  WALLET_HISTORY_LIMIT,
  walletBalanceResponseSchema,
  walletMiniResponseSchema,
  walletSyncResponseSchema,
  walletTransactionsResponseSchema,
} from "@valoriza/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { INVALID_USER_ID, userIdParams, uuidString } from "../../lib/access.ts";
import { currentUser } from "../../lib/auth.ts";
import { WALLET_TRANSACTIONS_MAX, type WalletService } from "./wallet.service.ts";

const LIMIT_MSG = `El límite debe ser un número entero entre 1 y ${WALLET_TRANSACTIONS_MAX}`;
const transactionsQuery = z.object({
  limit: z
    .string({ error: LIMIT_MSG })
    .optional()
    .describe(`Entero de 1 a ${WALLET_TRANSACTIONS_MAX}; por defecto ${WALLET_HISTORY_LIMIT}`)
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return WALLET_HISTORY_LIMIT;
      const n = /^\s*\d{1,4}\s*$/.test(s) ? Number(s) : Number.NaN;
      if (!(n >= 1 && n <= WALLET_TRANSACTIONS_MAX)) {
        ctx.addIssue({ code: "custom", message: LIMIT_MSG });
        return z.NEVER;
      }
      return n;
    }),
});

const errors = errorResponses(400, 401, 403, 404);

export const walletRoutes =
  (wallet: WalletService, authenticate: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    const security = [{ bearerAuth: [] }];
    const tags = ["Wallet"];
    const access = "Solo los propios; un administrador puede consultar los de otros.";

    app.get(
      "/usuarios/:id/saldo",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Saldo de créditos de un usuario",
          description: access,
          security,
          params: z.object({ id: uuidString(INVALID_USER_ID) }),
          response: { 200: saldoResponseSchema, ...errors },
        },
      },
      async (req) => {
        const s = await wallet.saldo(currentUser(req), req.params.id);
        return { success: true as const, ...s, data: s };
      },
    );

    app.get(
      "/wallet/balance/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Balance de la wallet",
          description: access,
          security,
          params: userIdParams,
          response: { 200: walletBalanceResponseSchema, ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await wallet.balance(currentUser(req), req.params.userId) }),
    );

    app.get(
      "/wallet/transactions/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Historial de la wallet (movimientos del libro de créditos), del más reciente al más antiguo",
          description: `${access} limit: 1 a ${WALLET_TRANSACTIONS_MAX}, por defecto ${WALLET_HISTORY_LIMIT}.`,
          security,
          params: userIdParams,
          querystring: transactionsQuery,
          response: { 200: walletTransactionsResponseSchema, ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await wallet.transactions(currentUser(req), req.params.userId, req.query.limit),
      }),
    );

    app.get(
      "/wallet/mini/:userId",
      {
        preHandler: authenticate,
        schema: {
          tags,
          summary: "Resumen mínimo de la wallet (consultado cada 10 s)",
          description: access,
          security,
          params: userIdParams,
          response: { 200: walletMiniResponseSchema, ...errors },
        },
      },
      async (req) => {
        const b = await wallet.balance(currentUser(req), req.params.userId);
        return { success: true as const, balance: b.balance, lastUpdated: b.lastUpdated };
      },
    );

    // The client posts an empty body, possibly with a JSON content type: in this
    // scope only, an empty JSON body is accepted (any other body is still parsed
    // safely and then ignored).
    const syncPlugin: FastifyPluginAsyncZod = async (scoped) => {
      const parseJson = scoped.getDefaultJsonParser("error", "error");
      scoped.removeContentTypeParser("application/json");
      scoped.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
        const text = typeof body === "string" ? body : body.toString("utf8");
        if (text.trim() === "") return done(null, undefined);
        return parseJson(req, text, done);
      });

      scoped.post(
        "/wallet/sync/:userId",
        {
          preHandler: authenticate,
          schema: {
            tags,
            summary: "Sincronizar la wallet: vuelve a leer los saldos del libro de créditos (sin cuerpo)",
            description: `${access} No modifica nada; se puede repetir.`,
            security,
            params: userIdParams,
            response: { 200: walletSyncResponseSchema, ...errors },
          },
        },
        async (req) => ({
          success: true as const,
          data: await wallet.sync(currentUser(req), req.params.userId),
          message: "Wallet sincronizada",
        }),
      );
    };
    await app.register(syncPlugin);
  };
