import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";

// A file a server blocks on while it reads it: a FIFO with no data, held open by the test. A server given one as
// its branding file (FANVAS_CONFIG) waits at that step of its start for as long as the test likes.

/** How long waitForReader waits for the server to reach the file. */
const READER_DEADLINE_MS = 30_000;

/** Makes a FIFO at `path`, readable by everyone (a container's user too). */
export function makeHeldFile(path: string): void {
  execFileSync("mkfifo", ["-m", "644", path]);
}

/**
 * Resolves once some process has the FIFO open for reading, holding it open for writing so that process stays
 * blocked in its read; the returned function lets it go (it then reads an empty file).
 */
export async function waitForReader(path: string): Promise<() => void> {
  const deadline = performance.now() + READER_DEADLINE_MS;
  for (;;) {
    try {
      // Without a reader, a non-blocking open for writing fails with ENXIO.
      const fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
      return () => closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
      if (performance.now() > deadline)
        throw new Error(`nothing opened ${path} within ${READER_DEADLINE_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
