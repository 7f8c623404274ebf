import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeHeldFile, waitForReader } from "../helpers/held-file.ts";
import { uniqueName } from "./helpers/container.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./helpers/images.ts";
import { containerTestsRun, podman, runCommand } from "./helpers/podman.ts";

// Node is PID 1 in the image, and PID 1 ignores a signal it has no handler for: a SIGTERM that came before the
// server's handlers existed would be lost, and the engine would SIGKILL it after its grace period (exit 137).

const LOG_DEADLINE_MS = 20_000;

describe.runIf(containerTestsRun())("a container stopped while it starts", () => {
  let image: string;
  let dir: string;
  const name = uniqueName("fanvas-test-starting");
  beforeAll(async () => {
    image = (await builtImages()).tag;
    dir = mkdtempSync(join(tmpdir(), "fanvas-container-held-"));
    chmodSync(dir, 0o755);
  }, IMAGES_DEADLINE_MS);
  afterAll(async () => {
    await runCommand("podman", ["rm", "--force", "--volumes", name]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("takes SIGTERM in the middle of its start (held reading its branding file) and exits 0", async () => {
    const branding = join(dir, "fanvas.config.json");
    makeHeldFile(branding);
    const mounted = "/etc/fanvas/fanvas.config.json";
    await podman([
      "run",
      "-d",
      "--name",
      name,
      "-v",
      `${branding}:${mounted}:ro`,
      "-e",
      `FANVAS_CONFIG=${mounted}`,
      image,
    ]);
    const release = await waitForReader(branding);
    try {
      await podman(["kill", "--signal", "TERM", name]);
      // Node's exit waits for the read the held file blocks, so the file is let go once the server has taken
      // the signal; a server that never took it never says so, and this wait fails.
      await waitForLog(name, "Received SIGTERM: finishing saves in flight, then stopping");
    } finally {
      release();
    }
    expect((await podman(["wait", name])).trim()).toBe("0");
  });
});

async function waitForLog(name: string, text: string): Promise<void> {
  const deadline = performance.now() + LOG_DEADLINE_MS;
  for (;;) {
    const logs = await runCommand("podman", ["logs", name]);
    if ((logs.stdout + logs.stderr).includes(text)) return;
    if (performance.now() > deadline) {
      throw new Error(`"${text}" not in the log within ${LOG_DEADLINE_MS} ms:\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
