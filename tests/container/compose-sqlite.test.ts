import { describe, expect, it } from "vitest";
import { composeRunForBlock, dockerComposeInstalled } from "./helpers/compose.ts";
import { saveDrawing, servesSamePicture } from "./helpers/drawings.ts";
import { containerTestsRun } from "./helpers/podman.ts";

// compose.sqlite.yaml, the smallest install, brought up whole by a compose tool with this run's image, and
// README's backup and restore run inside it as written there.

describe.runIf(containerTestsRun() && dockerComposeInstalled())("compose.sqlite.yaml, brought up", () => {
  const run = composeRunForBlock("compose.sqlite.yaml");

  it("keeps its drawings on the named volume over down and up, and restores README's backup", async () => {
    await run.up();
    const kept = await saveDrawing(run.baseUrl, 22);
    await run.succeed(["exec", "-T", "fanvas", "npm", "run", "backup", "--", "/data/backup.sqlite"]);
    const afterBackup = await saveDrawing(run.baseUrl, 23);
    expect(await run.stop()).toBe(0);
    await run.succeed(["run", "--rm", "fanvas", "npm", "run", "restore", "--", "/data/backup.sqlite"]);
    await run.down();
    await run.up();
    expect(await servesSamePicture(run.baseUrl, kept)).toBe(true);
    expect((await fetch(`${run.baseUrl}${afterBackup.url}`)).status).toBe(404);
  }, 300_000);
});
