import type { AddressInfo } from "node:net";
import { buildApp } from "./app.ts";
import { readSettings } from "./config.ts";
import { openStore } from "./db/open.ts";
import { describeStoreOpenFailure } from "./db/open-errors.ts";
import { loggerOptions } from "./http/request-log.ts";
import { startDrawingWorker } from "./jobs/drawing-worker.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "./live/event-streams.ts";
import { loadBranding } from "./pages/branding.ts";
import { checkRemoteImages } from "./pages/remote-images.ts";
import { cardStyleOf } from "./png/card.ts";

// The server's start: read the configuration, open the store, listen. main.ts runs it and stops it.

/** How the start tells the process what a stop must wait for and close. */
export interface StartLifecycle {
  /** Whether a stop has begun: the start goes no further. */
  stopping(): boolean;
  /** The store's opening: a stop lets it finish (its migrations) rather than cut it short. */
  opening(opened: Promise<unknown>): void;
  /** Something a stop closes, the last added first. */
  onStop(close: () => Promise<void>): void;
}

/** Starts the server, registering with `lifecycle` each part a stop must close as soon as it is open. */
export async function start(lifecycle: StartLifecycle): Promise<void> {
  const settings = readSettings(process.env);
  const branding = await loadBranding(settings.configPath, settings.configPathExplicit);
  if (lifecycle.stopping()) return;
  const opened = openStore(settings.store).then((store) => {
    lifecycle.onStop(() => store.close());
    return store;
  });
  lifecycle.opening(opened);
  const store = await opened.catch((error: unknown) => {
    throw describeStoreOpenFailure(error, settings.store, settings.dataDir);
  });
  if (lifecycle.stopping()) return;
  // Logs are JSON on stderr; stdout carries only the one line that says where the server listens.
  const app = await buildApp({
    branding,
    store,
    clientDir: settings.clientDir,
    edge: settings.edge,
    publicBaseUrl: settings.publicBaseUrl,
    moderation: settings.moderation,
    observability: settings.observability,
    imageCache: settings.imageCache,
    uploadBudget: settings.uploadBudget,
    eventStreams: { ...DEFAULT_EVENT_STREAM_LIMITS, ...settings.eventStreams },
    thumbnails: settings.thumbnails,
    logger: loggerOptions(settings.logLevel, process.stderr),
  });
  // Resumes the re-encoding a previous process left pending, then follows every save. At a stop, the job in
  // progress finishes and the rest stays pending in the store for the next start; saves in flight finish first.
  const worker = startDrawingWorker(store, app.log, cardStyleOf(branding));
  lifecycle.onStop(() => worker.stop());
  lifecycle.onStop(() => app.close());
  if (lifecycle.stopping()) return;

  await app.listen({ port: settings.port, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  const origin = `http://${host}:${port}`;
  console.log(`Fanvas listening on ${origin}`);
  void checkRemoteImages(branding, origin, (line) => console.error(line));
}
