import { randomUUID } from "node:crypto";
import { TOKEN_TTL_SECONDS } from "@valoriza/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "./db/client.ts";
import { makeAuthenticate, makeOptionalAuthenticate, TokenService } from "./lib/auth.ts";
import type { Clock } from "./lib/clock.ts";
import type { AppConfig, AppDeps } from "./lib/deps.ts";
import { SessionCache } from "./lib/session-cache.ts";
import { activityRoutes, createActivityService } from "./modules/activity/index.ts";
import { adminRoutes, createAdminService } from "./modules/admin/index.ts";
import { analyticsRoutes } from "./modules/analytics/index.ts";
import { assetsRoutes, createAssetsService } from "./modules/assets/index.ts";
import { blocksRoutes, createBlocksService } from "./modules/blocks/index.ts";
import { chatRoutes, createChatService } from "./modules/chat/index.ts";
import { createCustodyService, createDisputesService, custodyRoutes, disputesRoutes } from "./modules/custody/index.ts";
import { createDealsEngine } from "./modules/deals/index.ts";
import { createDonationsService, donationsRoutes } from "./modules/donations/index.ts";
import { createEconomyService, economyRoutes } from "./modules/economy/index.ts";
import { EventHub, EventTickets, eventsRoutes, LiveEventsFlusher } from "./modules/events/index.ts";
import { createExchangesService, exchangesRoutes } from "./modules/exchanges/index.ts";
import { createFavoritesService, favoritesRoutes } from "./modules/favorites/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { setBrakeMinimum } from "./modules/ledger/index.ts";
import { createLimitsService, limitsRoutes } from "./modules/limits/index.ts";
import { createLoansService, loansRoutes } from "./modules/loans/index.ts";
import { createMarketplaceService, marketplaceRoutes } from "./modules/marketplace/index.ts";
import { createModerationService, moderationRoutes } from "./modules/moderation/index.ts";
import { createNotificationsService, notificationsRoutes } from "./modules/notifications/index.ts";
import {
  accountDataRoutes,
  createAccountDataService,
  createProfileService,
  profileRoutes,
} from "./modules/profile/index.ts";
import { createPushService, pushRoutes } from "./modules/push/index.ts";
import { createRentalsService, rentalsRoutes } from "./modules/rentals/index.ts";
import { reputationRoutes } from "./modules/reputation/index.ts";
import { createReviewsService, reviewsRoutes } from "./modules/reviews/index.ts";
import { createSalesService, salesRoutes } from "./modules/sales/index.ts";
import { createUsersService, findAuthUser, findUserById, usersRoutes } from "./modules/users/index.ts";
import { createVerificationService, verificationRoutes } from "./modules/verification/index.ts";
import { createWalletService, walletRoutes } from "./modules/wallet/index.ts";
import { createWithdrawalsService, withdrawalsRoutes } from "./modules/withdrawals/index.ts";
import { registerDocs } from "./plugins/docs.ts";
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerInputGuard } from "./plugins/input-guard.ts";
import { registerMetrics } from "./plugins/metrics.ts";
import { registerPublicCache } from "./plugins/public-cache.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { jsonSerializerCompiler } from "./plugins/serializer.ts";
import { registerUploads, registerWeb } from "./plugins/web.ts";

export interface BuildAppOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  logger?: FastifyServerOptions["logger"];
  /** Public shared reads kept in memory this long (plugins/public-cache.ts); 0/absent: ETag only. */
  publicCacheMs?: number;
  /**
   * Slow-body protection (issue 21): a request (headers and body) not fully received within this
   * many ms is answered 408 and its connection closed, so a client trickling a body cannot hold a
   * connection and its buffers. Default 60 s (REQUEST_TIMEOUT_MS in server.ts).
   */
  requestTimeoutMs?: number;
  /**
   * Whether the start-up work server.ts runs after listening (the demo data) is done: until then
   * GET /api/health/ready answers 503 (ADR 019). Absent: always done (tests, tools).
   */
  startupDone?: () => boolean;
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

/**
 * TRUST_PROXY for Fastify. A hop count trusts that many nearest proxies: Fastify 5 takes a bare
 * number as "trust none" (it fails closed), so it is passed as the equivalent function.
 */
function trustProxyOption(v: AppConfig["trustProxy"]): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof v === "number") return (_addr, hop) => hop < v;
  return v ?? false;
}

/** Builds the whole app from its dependencies. Never listens. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  setBrakeMinimum(opts.config.brakeMinPerDay);
  const requestTimeoutMs = opts.requestTimeoutMs ?? 60_000;
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    requestTimeout: requestTimeoutMs,
    http: {
      // Node enforces the request time-out only with a headers time-out no longer than it, and
      // checks both on this interval (its default, 30 s, would let a slow client last twice as long).
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(5000, Math.max(100, requestTimeoutMs / 4)),
    },
    // TRUST_PROXY: by default the socket's address; a forged X-Forwarded-For changes nothing.
    // (Fastify accepts a hop count at run time; its types omit it.)
    trustProxy: trustProxyOption(opts.config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // The one error envelope (ADR 005) also for undecodable URLs and HTTP parser errors (431...).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);

  registerErrorHandler(app);
  registerMetrics(app, { db: opts.db }); // GET /metrics and the request-duration hook (issue 21)
  registerInputGuard(app); // before any route: session first, body limits, control characters
  // Helmet's headers and the request id, computed once, set in one hook (ADR 012).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
  });
  registerPublicCache(app, { ttlMs: opts.publicCacheMs ?? 0 });
  await registerDocs(app);

  const tokens = new TokenService(opts.config.jwtSecret, opts.clock, TOKEN_TTL_SECONDS);
  const deps: AppDeps = { db: opts.db, clock: opts.clock, config: opts.config, tokens };
  // Token checks read no database row per request: a per-process cache of the users row,
  // invalidated through LISTEN/NOTIFY in every process (lib/session-cache.ts, ADR 012).
  const sessions = new SessionCache(opts.db, (id, via) => findAuthUser(via, id), { log: app.log });
  await sessions.start();
  app.addHook("onClose", async () => sessions.close());
  tokens.onSign = (id, version) => sessions.noteVersion(id, version);
  tokens.onRevoke = (id) => sessions.invalidate(id);
  const authenticate = makeAuthenticate(tokens, sessions.lookup);

  const users = createUsersService(deps);
  const profile = createProfileService(deps);
  const wallet = createWalletService(deps);
  const activity = createActivityService(deps);
  const notifications = createNotificationsService(deps);
  const economy = createEconomyService(deps);
  const limits = createLimitsService(deps);
  // The process engine: custody (and the sales that open custodies) register their process with it;
  // server.ts starts its timer runner (app.deals), tests fire timers through it.
  const deals = createDealsEngine(deps);
  app.decorate("deals", deals);
  const assets = createAssetsService(deps, { runningDeal: deals });
  const custody = createCustodyService(deps, deals);
  const disputes = createDisputesService(deps, deals);
  const exchanges = createExchangesService(deps, deals);
  const sales = createSalesService(deps, custody);
  const loans = createLoansService(deps, deals);
  const donations = createDonationsService(deps, deals);
  const rentals = createRentalsService(deps, deals);
  const marketplace = createMarketplaceService(deps, deals);
  const withdrawals = createWithdrawalsService(deps, deals);
  const reviews = createReviewsService(deps, deals); // after every kind of deal it may review
  const admin = createAdminService(deps, marketplace, withdrawals);
  const chat = createChatService(deps, {
    asset: async (id, callerId) => {
      const a = await assets.get(id, callerId);
      return { ownerId: typeof a.userId === "string" ? a.userId : a.userId._id };
    },
    userExists: async (id) => (await findUserById(opts.db, id)) !== undefined,
  });
  // Consent and the holder's data rights (issue 16): reads and acts through the other areas' services.
  const accountData = createAccountDataService(deps, { assets, activity, notifications, chat });
  // Live events: one LISTEN per process; open streams end before the server closes. Those kept by
  // transactions until after their COMMIT are notified by this process's flusher (migration 0029).
  const liveFlusher = new LiveEventsFlusher(opts.db, app.log);
  liveFlusher.start();
  app.addHook("onClose", async () => liveFlusher.close());
  const events = new EventHub(opts.db, app.log);
  app.addHook("preClose", async () => events.endAll());
  app.addHook("onClose", async () => events.close());
  const optionalAuth = makeOptionalAuthenticate(authenticate);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(opts.db, opts.startupDone));
      await api.register(
        usersRoutes(users, authenticate, { db: opts.db, clock: opts.clock, perHour: opts.config.signupsPerIpHour }),
      );
      await api.register(profileRoutes(profile, authenticate));
      await api.register(accountDataRoutes(accountData, authenticate));
      await api.register(walletRoutes(wallet, authenticate));
      await api.register(activityRoutes(activity, authenticate));
      await api.register(notificationsRoutes(notifications, authenticate));
      await api.register(pushRoutes(createPushService(deps), authenticate));
      await api.register(economyRoutes(economy));
      await api.register(assetsRoutes(assets, authenticate, optionalAuth, opts.db));
      await api.register(favoritesRoutes(createFavoritesService(deps), authenticate));
      await api.register(blocksRoutes(createBlocksService(deps), authenticate));
      await api.register(chatRoutes(chat, authenticate));
      await api.register(salesRoutes(sales, authenticate, opts.db));
      await api.register(custodyRoutes(custody, authenticate, opts.db));
      await api.register(disputesRoutes(custody, disputes, authenticate, opts.db));
      await api.register(loansRoutes(loans, authenticate, opts.db));
      await api.register(reputationRoutes(opts.db));
      await api.register(reviewsRoutes(reviews, authenticate, optionalAuth, opts.db));
      await api.register(donationsRoutes(donations, authenticate, opts.db));
      await api.register(rentalsRoutes(rentals, authenticate, optionalAuth, opts.db));
      await api.register(analyticsRoutes(opts.db));
      await api.register(exchangesRoutes(exchanges, authenticate, opts.db));
      await api.register(marketplaceRoutes(marketplace, authenticate, opts.db));
      await api.register(withdrawalsRoutes(withdrawals, authenticate, opts.db));
      await api.register(adminRoutes(admin, authenticate, opts.db));
      await api.register(limitsRoutes(limits, authenticate));
      await api.register(verificationRoutes(createVerificationService(deps), authenticate));
      await api.register(moderationRoutes(createModerationService(deps), authenticate));
      await api.register(
        eventsRoutes({
          hub: events,
          tickets: new EventTickets(opts.config.jwtSecret, opts.clock),
          lookup: (id) => findAuthUser(opts.db, id),
          authenticate,
        }),
      );
    },
    { prefix: "/api" },
  );

  await registerUploads(app, opts.config.dataDir);
  await registerWeb(app, opts.config.webDist, {
    // The asset page's public detail, exactly as GET /api/activos/{id} answers a visitor, and for an
    // asset to donate or give away its pending donation as GET /api/donations/asset/{id} answers one.
    async asset(id) {
      const data = await assets.get(id, undefined);
      const donated = data.mainPurpose === "donar" || data.mainPurpose === "regalar";
      return {
        title: data.title,
        description: data.description ?? "",
        body: { success: true, data },
        ...(donated ? { donation: { success: true, data: await donations.forAsset(id, undefined) } } : {}),
      };
    },
  });
  return app;
}
