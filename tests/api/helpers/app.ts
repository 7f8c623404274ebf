import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { type BrandingConfig, DEFAULT_BRANDING } from "../../../src/common/config.ts";
import { buildApp } from "../../../src/server/app.ts";
import type {
  EdgeSettings,
  ModerationSettings,
  ObservabilitySettings,
  ThumbnailSettings,
} from "../../../src/server/config.ts";
import type { Store } from "../../../src/server/db/open.ts";
import { countDrawings } from "../../../src/server/drawings/queries.ts";
import type { UploadBudgetOptions } from "../../../src/server/http/upload-budget.ts";
import type { EventStreamLimits } from "../../../src/server/live/event-streams.ts";
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

/** Builds the app exactly as production does (same options factory), with logging off. */
export async function startTestApp(
  dialect: Dialect,
  options: {
    clientDir?: string;
    branding?: BrandingConfig;
    moderation?: ModerationSettings;
    edge?: EdgeSettings;
    observability?: ObservabilitySettings;
    publicBaseUrl?: string;
    uploadBudget?: UploadBudgetOptions;
    eventStreams?: EventStreamLimits;
    thumbnails?: ThumbnailSettings;
    /** Off by default; memoryLog().logger to read what the app logs. */
    logger?: FastifyServerOptions["logger"];
  } = {},
): Promise<TestApp> {
  const opened = await openTestStore(dialect);
  const app = await buildApp({
    branding: options.branding ?? DEFAULT_BRANDING,
    store: opened.store,
    clientDir: options.clientDir ?? "/nonexistent/fanvas-client",
    logger: options.logger ?? false,
    ...(options.moderation === undefined ? {} : { moderation: options.moderation }),
    ...(options.edge === undefined ? {} : { edge: options.edge }),
    ...(options.observability === undefined ? {} : { observability: options.observability }),
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
