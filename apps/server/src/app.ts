import helmet from "@fastify/helmet";
import { TOKEN_TTL_SECONDS } from "@valoriza/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "./db/client.ts";
import { makeAuthenticate, makeOptionalAuthenticate, TokenService } from "./lib/auth.ts";
import type { Clock } from "./lib/clock.ts";
import type { AppConfig, AppDeps } from "./lib/deps.ts";
import { uuidv7 } from "./lib/ids.ts";
import { activityRoutes } from "./modules/activity/activity.routes.ts";
import { createActivityService } from "./modules/activity/activity.service.ts";
import { assetsRoutes } from "./modules/assets/assets.routes.ts";
import { createAssetsService } from "./modules/assets/assets.service.ts";
import { economyRoutes } from "./modules/economy/economy.routes.ts";
import { createEconomyService } from "./modules/economy/economy.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { profileRoutes } from "./modules/profile/profile.routes.ts";
import { createProfileService } from "./modules/profile/profile.service.ts";
import { findAuthUser } from "./modules/users/users.repository.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { walletRoutes } from "./modules/wallet/wallet.routes.ts";
import { createWalletService } from "./modules/wallet/wallet.service.ts";
import { registerDocs } from "./plugins/docs.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerUploads, registerWeb } from "./plugins/web.ts";

export interface BuildAppOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  logger?: FastifyServerOptions["logger"];
}

/** Content-Security-Policy the web app itself passes (no inline scripts, same origin only). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Builds the whole app from its dependencies. Never listens. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => uuidv7(),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode (e.g. "%ff") gets the same JSON error shape as everything else.
    frameworkErrors: (_error, _req, reply) => {
      reply
        .code(400 as never)
        .type("application/json; charset=utf-8")
        .send(
          JSON.stringify({
            success: false,
            message: "La dirección solicitada no es válida",
            code: "BAD_REQUEST",
          }) as never,
        );
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onRequest", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  await registerDocs(app);

  const tokens = new TokenService(opts.config.jwtSecret, opts.clock, TOKEN_TTL_SECONDS);
  const deps: AppDeps = { db: opts.db, clock: opts.clock, config: opts.config, tokens };
  const authenticate = makeAuthenticate(tokens, (id) => findAuthUser(opts.db, id));

  const users = createUsersService(deps);
  const profile = createProfileService(deps);
  const wallet = createWalletService(deps);
  const activity = createActivityService(deps);
  const notifications = createNotificationsService(deps);
  const economy = createEconomyService(deps);
  const assets = createAssetsService(deps);
  const optionalAuth = makeOptionalAuthenticate(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(opts.db));
      await api.register(usersRoutes(users));
      await api.register(profileRoutes(profile, authenticate));
      await api.register(walletRoutes(wallet, authenticate));
      await api.register(activityRoutes(activity, authenticate));
      await api.register(notificationsRoutes(notifications, authenticate));
      await api.register(economyRoutes(economy));
      await api.register(assetsRoutes(assets, authenticate, optionalAuth));
    },
    { prefix: "/api" },
  );

  await registerUploads(app, opts.config.dataDir);
  await registerWeb(app, opts.config.webDist);
  return app;
}
