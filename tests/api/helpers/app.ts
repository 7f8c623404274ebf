import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { type BrandingConfig, DEFAULT_BRANDING } from "../../../src/common/config.ts";
import { buildApp } from "../../../src/server/app.ts";
import type {
  EdgeSettings,
  ModerationSettings,
  ObservabilitySettings,
  RoomSettings,
  ThumbnailSettings,
} from "../../../src/server/config.ts";
import type { Store } from "../../../src/server/db/open.ts";
import { countDrawings } from "../../../src/server/drawings/queries.ts";
import type { UploadBudgetOptions } from "../../../src/server/http/upload-budget.ts";
import type { EventStreamLimits } from "../../../src/server/live/event-streams.ts";
import { openForBlock } from "../../helpers/per-block.ts";
import { type Dialect, openTestStore, type TestDatabase } from "./dialects.ts";

/** The production app over a fresh database of one dialect. */
export interface TestApp {
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly database: TestDatabase;
  /** Rows in the drawings table right now. */
  count(): Promise<number>;
  close(): Promise<void>;
}

/** What a test app is built with; everything left out is production's default. */
export interface TestAppOptions {
  clientDir?: string;
  branding?: BrandingConfig;
  moderation?: ModerationSettings;
  edge?: EdgeSettings;
  observability?: ObservabilitySettings;
  publicBaseUrl?: string;
  uploadBudget?: UploadBudgetOptions;
  eventStreams?: EventStreamLimits;
  thumbnails?: ThumbnailSettings;
  rooms?: RoomSettings;
  /** Off by default; memoryLog().logger to read what the app logs. */
  logger?: FastifyServerOptions["logger"];
}

/** Builds the app exactly as production does (same options factory), with logging off. */
export async function startTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const opened = await openTestStore(dialect);
  const app = await buildApp({
    branding: options.branding ?? DEFAULT_BRANDING,
    store: opened.store,
    clientDir: options.clientDir ?? "/nonexistent/fanvas-client",
    logger: options.logger ?? false,
    ...(options.moderation === undefined ? {} : { moderation: options.moderation }),
    ...(options.edge === undefined ? {} : { edge: options.edge }),
    ...(options.observability === undefined ? {} : { observability: options.observability }),
    ...(options.rooms === undefined ? {} : { rooms: options.rooms }),
    publicBaseUrl: options.publicBaseUrl,
    ...(options.uploadBudget === undefined ? {} : { uploadBudget: options.uploadBudget }),
    ...(options.eventStreams === undefined ? {} : { eventStreams: options.eventStreams }),
    ...(options.thumbnails === undefined ? {} : { thumbnails: options.thumbnails }),
  });
  return {
    app,
    store: opened.store,
    database: opened.database,
    count: () => countDrawings(opened.store.db),
    close: async () => {
      await app.close();
      await opened.close();
    },
  };
}

/** A TestApp that also listens on 127.0.0.1, for tests that speak HTTP over real sockets. */
export interface ListeningTestApp extends TestApp {
  readonly port: number;
}

/** The app of the enclosing describe block, started before its tests and closed after them (openForBlock). */
export function testAppForBlock(dialect: Dialect, options: TestAppOptions = {}): TestApp {
  return openForBlock(() => startTestApp(dialect, options));
}

/** testAppForBlock's app, listening on a port of its own (`t.port`) before the block's tests. */
export function listeningAppForBlock(dialect: Dialect, options: TestAppOptions = {}): ListeningTestApp {
  return openForBlock(async () => {
    const t = await startTestApp(dialect, options);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    return { ...t, port: (t.app.server.address() as AddressInfo).port };
  });
}
