import type { AddressInfo } from "node:net";
import { buildApp } from "./app.ts";
import { ConfigError, readSettings } from "./config.ts";
import { openStore } from "./db/open.ts";
import { describeStoreOpenFailure } from "./db/open-errors.ts";
import { loggerOptions } from "./http/request-log.ts";
import { startDrawingWorker } from "./jobs/drawing-worker.ts";
import { DEFAULT_EVENT_STREAM_LIMITS } from "./live/event-streams.ts";
import { loadBranding } from "./pages/branding.ts";
import { checkRemoteImages } from "./pages/remote-images.ts";

// Process entry only: read the configuration, open the store, listen, and close gracefully.

/** A shutdown that hangs (a client trickling its upload) must not keep the process forever. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const branding = await loadBranding(settings.configPath, settings.configPathExplicit);
  const store = await openStore(settings.store).catch((error: unknown) => {
    throw describeStoreOpenFailure(error, settings.store, settings.dataDir);
  });
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
  // Resumes the re-encoding a previous process left pending, then follows every save.
  const worker = startDrawingWorker(store, app.log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`Received ${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.error(`Received ${signal}: finishing saves in flight, then stopping`);
    setTimeout(() => {
      console.error("Shutdown took too long; exiting with saves possibly unfinished");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    // The job in progress finishes; the rest stays pending in the store for the next start.
    await worker.stop();
    await store.close();
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));

  await app.listen({ port: settings.port, host: settings.host });
  const { port } = app.server.address() as AddressInfo;
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  const origin = `http://${host}:${port}`;
  console.log(`Fanvas listening on ${origin}`);
  void checkRemoteImages(branding, origin, (line) => console.error(line));
}

main().catch((error: unknown) => {
  console.error(describeStartFailure(error));
  process.exit(1);
});

/** One line the operator can act on. */
function describeStartFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return "Fanvas could not start: the port is in use; set PORT to a free port.";
  const message = error instanceof Error ? error.message : String(error);
  return `Fanvas could not start: ${message.split("\n")[0]}`;
}
