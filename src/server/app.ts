import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import fp from "fastify-plugin";
import { type BrandingConfig, DEFAULT_BRANDING } from "../common/config.ts";
import { knownStickers } from "../common/drawing-document/known-stickers.ts";
import {
  CLOSED_METRICS,
  DEFAULT_MODERATION,
  DEFAULT_ROOMS,
  DEFAULT_THUMBNAILS,
  DEFAULT_UPLOAD_BUDGET,
  type EdgeSettings,
  type ImageCacheSettings,
  type ModerationSettings,
  type ObservabilitySettings,
  type RoomSettings,
  type ThumbnailSettings,
  UNLIMITED_EDGE,
} from "./config.ts";
import { namePageRoutes } from "./credit/name-page-route.ts";
import type { Store } from "./db/open.ts";
import { imageRoutes } from "./drawings/image-routes.ts";
import { yieldToSaves } from "./drawings/save-requests.ts";
import { saveRoute } from "./drawings/save-route.ts";
import { timeSaves } from "./drawings/save-timing.ts";
import { answerClientErrors } from "./http/client-errors.ts";
import { cors } from "./http/cors.ts";
import { crossSiteGuard } from "./http/cross-site.ts";
import { answerFrameworkError, registerErrorHandling } from "./http/errors.ts";
import { healthRoutes } from "./http/health-routes.ts";
import { hostGuard } from "./http/host-guard.ts";
import { metrics } from "./http/metrics.ts";
import { DEFAULT_BODY_LIMIT, requestBodies } from "./http/request-bodies.ts";
import { requestLimitOptions } from "./http/request-limits.ts";
import { requestLog, requestLoggingOptions } from "./http/request-log.ts";
import { saveRateLimit } from "./http/save-rate-limit.ts";
import { securityHeaders, withSecurityHeaders } from "./http/security-headers.ts";
import { type UploadBudgetOptions, uploadBudget } from "./http/upload-budget.ts";
import { refuseInvalid, registerSharedSchemas, schemaController } from "./http/validation.ts";
import { countPendingWorkByJob } from "./jobs/pending-work.ts";
import { DEFAULT_EVENT_STREAM_LIMITS, type EventStreamLimits } from "./live/event-streams.ts";
import { eventsRoutes } from "./live/events-route.ts";
import { startPostgresBridge } from "./live/postgres-bridge.ts";
import { makingRoute } from "./making/making-route.ts";
import { adminRoutes } from "./moderation/admin-routes.ts";
import { reportRoutes } from "./moderation/report-route.ts";
import { brandingPrompts } from "./pages/branding-prompts.ts";
import { configRoutes } from "./pages/config-route.ts";
import { notFoundPageFor } from "./pages/not-found-page.ts";
import { pageConfig, pageRoutes, readBuiltPage } from "./pages/page-routes.ts";
import { permalinkRoutes } from "./pages/permalink-route.ts";
import { permalinkShareScript } from "./pages/permalink-script.ts";
import { serverPages } from "./pages/server-render.ts";
import { cardStyleOf } from "./png/card.ts";
import { restDrawingsRoutes } from "./postgrest/insert-route.ts";
import { startPromptBoard } from "./prompts/prompt-board.ts";
import { promptRoutes } from "./prompts/prompt-routes.ts";
import { reactionRoutes } from "./reactions/reaction-routes.ts";
import { roomPageAllowed, roomRoutes, webSockets } from "./rooms/room-routes.ts";
import { wallRoute } from "./wall/wall-route.ts";

/** Everything the app needs; production (main.ts) and tests pass the same shape. */
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
  /** Upload bytes in flight, per process, network and visitor. Default: DEFAULT_UPLOAD_BUDGET. */
  readonly uploadBudget?: UploadBudgetOptions;
  /** On-demand thumbnails made at once (THUMBNAILS_AT_ONCE). Default: DEFAULT_THUMBNAILS. */
  readonly thumbnails?: ThumbnailSettings;
  /** Live rooms' limits (ROOM_*). Default: DEFAULT_ROOMS. */
  readonly rooms?: RoomSettings;
}

/** Fastify's own options, shared by production and tests so both validate and close the same way. */
function fastifyOptions(
  logger: FastifyServerOptions["logger"],
  edge: EdgeSettings = UNLIMITED_EDGE,
  branding: BrandingConfig = DEFAULT_BRANDING,
): FastifyServerOptions {
  return {
    ...requestLimitOptions(edge),
    // Routes that take a body declare their own limit (http/request-bodies.ts); this only bounds the rest.
    bodyLimit: DEFAULT_BODY_LIMIT,
    logger,
    ...requestLoggingOptions(),
    // Bodies validated as sent, query strings and params coerced to their declared types (http/validation.ts).
    schemaController,
    schemaErrorFormatter: refuseInvalid(),
    // On close: refuse new requests with 503, drop idle keep-alive sockets, let requests in flight finish.
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // These answers skip every hook, so they get their security headers here.
    frameworkErrors: withSecurityHeaders(answerFrameworkError, branding),
    clientErrorHandler: answerClientErrors(branding),
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
  const { branding, publicBaseUrl, clientDir } = options;
  // Every HTML page is rendered by the build's bundle, loaded once here (app.pages).
  const pages = await serverPages(clientDir, pageConfig({ branding, clientDir, publicBaseUrl }), app.log);
  app.decorate("pages", pages);
  registerErrorHandling(app, notFoundPageFor(branding, pages));
  registerSharedSchemas(app);
  closeConnectionsWhenClosing(app);
  // The WebSocket plugin's hooks come before every guard's, so a handshake a guard refuses is closed.
  await webSockets(app, options.rooms ?? DEFAULT_ROOMS);
  // First of the guards: a request for a host that is not ours (DNS rebinding) reaches nothing else.
  await app.register(fp(hostGuard), { allowedHosts: edge.allowedHosts });
  // Read before the security headers: the page's inline stylesheets are allowed by their hashes.
  const built = readBuiltPage({ branding, clientDir, publicBaseUrl });
  await app.register(fp(securityHeaders), { branding, inlineStyles: built?.styleSources });
  await app.register(fp(cors), { origins: edge.corsOrigins });
  // Before the limits: a request forged by another site must not spend its visitor's saves or reports.
  await app.register(fp(crossSiteGuard), {
    corsOrigins: edge.corsOrigins,
    publicBaseUrl: options.publicBaseUrl,
  });
  // Before the body is read: only declared bodies are read, and their bytes in flight are bounded per process,
  // per network and per visitor.
  await app.register(fp(requestBodies));
  await app.register(fp(uploadBudget), options.uploadBudget ?? DEFAULT_UPLOAD_BUDGET);
  await app.register(fp(yieldToSaves), { store: options.store });
  await app.register(fp(saveRateLimit), {
    limit: edge.saveRateLimit,
    windowSeconds: edge.saveRateWindowSeconds,
  });
  // Other processes on the same PostgreSQL database hear this one's drawing events, and it theirs.
  if (options.store.dialect === "postgres") {
    const bridge = await startPostgresBridge(options.store, app.log);
    app.addHook("onClose", () => bridge.close());
  }
  const prompts = await startPromptBoard(options.store, {
    brandingPrompts: brandingPrompts(branding.prompts),
    log: app.log,
  });
  app.addHook("onClose", async () => prompts.close());
  await app.register(fp(requestLog));
  const observability = options.observability ?? CLOSED_METRICS;
  await app.register(fp(metrics), {
    store: options.store,
    settings: observability,
    pendingWork: () => countPendingWorkByJob(options.store.db),
  });
  await app.register(fp(timeSaves), { store: options.store });
  await app.register(healthRoutes, { store: options.store });
  await app.register(configRoutes, { branding: options.branding });
  await app.register(saveRoute, {
    store: options.store,
    moderationMode: moderation.mode,
    stickers: knownStickers(branding.stickers),
  });
  await app.register(imageRoutes, {
    store: options.store,
    imageCache: options.imageCache,
    cardStyle: cardStyleOf(branding),
    thumbnails: options.thumbnails ?? DEFAULT_THUMBNAILS,
  });
  await app.register(makingRoute, { store: options.store });
  await app.register(wallRoute, { store: options.store });
  await app.register(promptRoutes, { store: options.store });
  const limits = options.eventStreams ?? DEFAULT_EVENT_STREAM_LIMITS;
  await app.register(eventsRoutes, { events: options.store.events, limits });
  await app.register(restDrawingsRoutes, { store: options.store, moderationMode: moderation.mode });
  await app.register(reportRoutes, { store: options.store, settings: moderation });
  await app.register(reactionRoutes, { store: options.store, settings: moderation });
  // Registered on the app itself: the admin's list and the room page ask its hub (app.rooms).
  await app.register(fp(roomRoutes), {
    store: options.store,
    settings: options.rooms ?? DEFAULT_ROOMS,
    frames: { stickers: knownStickers(branding.stickers) },
  });
  await app.register(adminRoutes, {
    store: options.store,
    adminToken: moderation.adminToken,
    title: branding.title,
    timelapse: { branding, script: permalinkShareScript(clientDir) },
  });
  await app.register(permalinkRoutes, { branding, store: options.store, clientDir, publicBaseUrl });
  await app.register(namePageRoutes, { branding, store: options.store, publicBaseUrl });
  const roomPage = (request: FastifyRequest, reply: FastifyReply, id: string) =>
    roomPageAllowed(app, request, reply, id);
  await app.register(pageRoutes, {
    branding,
    clientDir,
    publicBaseUrl,
    built,
    roomPage,
    currentPrompt: () => prompts.current(),
  });
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
