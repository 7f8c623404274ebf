import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { type BrandingConfig, DEFAULT_BRANDING } from "../common/config.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import { answerFrameworkError, registerErrorHandling } from "./errors.ts";
import { DEFAULT_EVENT_STREAM_LIMITS, type EventStreamLimits } from "./events/event-streams.ts";
import { decorateDrawingEvents } from "./events/events-plugin.ts";
import type { ImageCacheSettings } from "./image-cache-settings.ts";
import { evictingOnRemoval } from "./image-changes.ts";
import { reportRoutes } from "./moderation/report-routes.ts";
import { DEFAULT_MODERATION, type ModerationSettings } from "./moderation/settings.ts";
import { moderationEventsFor } from "./moderation/wall-events.ts";
import { metrics } from "./observability/metrics.ts";
import { requestLog, requestLoggingOptions } from "./observability/request-log.ts";
import { CLOSED_METRICS, type ObservabilitySettings } from "./observability/settings.ts";
import { appWide } from "./plugins/app-wide.ts";
import { cors } from "./plugins/cors.ts";
import { type EdgeSettings, UNLIMITED_EDGE } from "./plugins/edge-settings.ts";
import { requestLimitOptions } from "./plugins/request-limits.ts";
import { saveRateLimit } from "./plugins/save-rate-limit.ts";
import { securityHeaders, withSecurityHeaders } from "./plugins/security-headers.ts";
import { configRoutes } from "./routes/config.ts";
import { drawingsRoutes } from "./routes/drawings.ts";
import { eventsRoutes } from "./routes/events.ts";
import { galleryRoutes } from "./routes/gallery.ts";
import { healthRoutes } from "./routes/health.ts";
import { pageRoutes } from "./routes/page.ts";
import { permalinkRoutes } from "./routes/permalink.ts";
import { readinessRoutes } from "./routes/readiness.ts";
import { restDrawingsRoutes } from "./routes/rest-drawings.ts";
import type { Store } from "./store/open.ts";

/** Everything the app needs; production (server.ts) and tests pass the same shape. */
export interface AppOptions {
  readonly branding: BrandingConfig;
  readonly store: Store;
  /** Directory of the built page; when it has no index.html, GET / says how to build it. */
  readonly clientDir: string;
  /** false in tests; structured JSON logs in production. */
  readonly logger: FastifyServerOptions["logger"];
  /** Proxy trust, CORS, save rate limit, timeouts; production passes readSettings' edge. Default: UNLIMITED_EDGE. */
  readonly edge?: EdgeSettings;
  /** PUBLIC_BASE_URL (no trailing slash) for absolute links; unset: permalinks use each request's host. */
  readonly publicBaseUrl?: string | undefined;
  /** Moderation mode, report threshold and limit, admin token. Default: DEFAULT_MODERATION (admin off). */
  readonly moderation?: ModerationSettings;
  /** Who may read /metrics. Default: CLOSED_METRICS (404 to everyone). */
  readonly observability?: ObservabilitySettings;
  /** Open event streams per process and heartbeat interval. Default: DEFAULT_EVENT_STREAM_LIMITS. */
  readonly eventStreams?: EventStreamLimits;
  /** Memory for served PNGs (IMAGE_CACHE_MB). Default: DEFAULT_IMAGE_CACHE (64 MiB). */
  readonly imageCache?: ImageCacheSettings | undefined;
}

/** Fastify's own options, shared by production and tests so both validate and close the same way. */
function fastifyOptions(
  logger: FastifyServerOptions["logger"],
  edge: EdgeSettings = UNLIMITED_EDGE,
  branding: BrandingConfig = DEFAULT_BRANDING,
): FastifyServerOptions {
  return {
    ...requestLimitOptions(edge),
    logger,
    ...requestLoggingOptions(),
    // Unknown JSON fields are an error the client should hear about, not something to drop silently.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // On close: refuse new requests with 503, drop idle keep-alive sockets, let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // These answers skip every hook, so they get their security headers here.
    frameworkErrors: withSecurityHeaders(answerFrameworkError, branding),
  };
}

/** Builds the whole HTTP app over an open store. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify(fastifyOptions(options.logger, options.edge ?? UNLIMITED_EDGE, options.branding));
  try {
    await registerEverything(app, options);
  } catch (error) {
    // What was opened before the failure (the PostgreSQL LISTEN connection of the event hub) is closed by
    // the app's onClose hooks; without this a failed start would leave the process hanging on it.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

async function registerEverything(app: FastifyInstance, options: AppOptions): Promise<void> {
  const edge = options.edge ?? UNLIMITED_EDGE;
  const moderation = options.moderation ?? DEFAULT_MODERATION;
  registerErrorHandling(app);
  closeConnectionsWhenClosing(app);
  await app.register(appWide(securityHeaders), { branding: options.branding });
  await app.register(appWide(cors), { origins: edge.corsOrigins });
  await app.register(appWide(saveRateLimit), {
    limit: edge.saveRateLimit,
    windowSeconds: edge.saveRateWindowSeconds,
  });
  // Decorates app.drawingEvents before any route is registered, so every route can publish.
  const events = await decorateDrawingEvents(app, options.store);
  await app.register(appWide(requestLog));
  const observability = options.observability ?? CLOSED_METRICS;
  await app.register(appWide(metrics), { store: options.store, settings: observability });
  await app.register(healthRoutes, { store: options.store });
  await app.register(readinessRoutes, { store: options.store });
  await app.register(configRoutes, { branding: options.branding });
  await app.register(drawingsRoutes, {
    store: options.store,
    moderationMode: moderation.mode,
    imageCache: options.imageCache,
  });
  await app.register(galleryRoutes, { store: options.store });
  await app.register(eventsRoutes, { events, limits: options.eventStreams ?? DEFAULT_EVENT_STREAM_LIMITS });
  await app.register(restDrawingsRoutes, { store: options.store, moderationMode: moderation.mode });
  // A hide or delete must leave the image cache before the moderator's answer (routes/drawings.ts).
  const moderationEvents = evictingOnRemoval(moderationEventsFor(events), options.store.db);
  await app.register(reportRoutes, { store: options.store, settings: moderation, events: moderationEvents });
  await app.register(adminRoutes, {
    store: options.store,
    adminToken: moderation.adminToken,
    events: moderationEvents,
  });
  const { branding, publicBaseUrl } = options;
  await app.register(permalinkRoutes, { branding, store: options.store, publicBaseUrl });
  await app.register(pageRoutes, { branding, clientDir: options.clientDir, publicBaseUrl });
}

/**
 * Answers sent while the app closes (the saves in flight) tell the client to drop the connection;
 * otherwise a keep-alive socket would hold the shutdown open until the client's own timeout.
 */
function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
}
