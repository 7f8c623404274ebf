import { ConfigError } from "./config.ts";

// Process entry only: take SIGTERM and SIGINT from the first moment, then load and run the start (start.ts);
// a stop finishes what is in flight, closes what the start opened so far, and exits 0.
//
// The handlers come before the server's modules load, since a signal can come at any time: an engine stopping a
// container that is still starting, say. In the container image Node is PID 1, which ignores a signal it has no
// handler for, so a signal before the handlers existed would be lost until the engine's SIGKILL.

/** A shutdown that hangs (a client trickling its upload) must not keep the process forever. */
const SHUTDOWN_DEADLINE_MS = 15_000;

/** What a stop closes, last opened first. */
const closers: (() => Promise<void>)[] = [];
/** The store's opening in progress. */
let opening: Promise<unknown> = Promise.resolve();
let stopping = false;

async function stop(signal: string): Promise<void> {
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
  await opening.catch(() => undefined);
  for (const close of closers.reverse()) await close();
  process.exit(0);
}

process.on("SIGTERM", (signal) => void stop(signal));
process.on("SIGINT", (signal) => void stop(signal));

try {
  const { start } = await import("./start.ts");
  await start({
    stopping: () => stopping,
    opening: (opened) => {
      opening = opened;
    },
    onStop: (close) => {
      closers.push(close);
    },
  });
} catch (error) {
  console.error(describeStartFailure(error));
  process.exit(1);
}

/** One line the operator can act on. */
function describeStartFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EADDRINUSE") return "Fanvas could not start: the port is in use; set PORT to a free port.";
  const message = error instanceof Error ? error.message : String(error);
  return `Fanvas could not start: ${message.split("\n")[0]}`;
}
