import { describe, expect, it } from "vitest";
import { composeRunForBlock, dockerComposeInstalled } from "./helpers/compose.ts";
import { saveDrawing, servesSamePicture } from "./helpers/drawings.ts";
import { containerTestsRun } from "./helpers/podman.ts";

// compose.yaml brought up whole by a compose tool, as an operator's `docker compose up -d` does: this run's image
// (FANVAS_IMAGE) and the image under compose.yaml's PostgreSQL name (a stand-in where no registry is reachable:
// tests/container/stand-in/README.md).

describe.runIf(containerTestsRun() && dockerComposeInstalled())("compose.yaml, brought up", () => {
  const run = composeRunForBlock("compose.yaml");

  it("starts Fanvas once PostgreSQL is healthy, stores there, takes the admin token from .env, dumps with pg_dump, and keeps the drawings over down and up", async () => {
    await run.up();
    expect((await fetch(`${run.baseUrl}/readyz`)).status).toBe(200);
    const drawing = await saveDrawing(run.baseUrl, 21);
    const admin = await fetch(`${run.baseUrl}/api/admin/drawings?filter=newest`, {
      headers: { Authorization: `Bearer ${run.adminToken}` },
    });
    expect(admin.status).toBe(200);
    const listed = (await admin.json()) as { items: { id: string }[] };
    expect(listed.items.map((item) => item.id)).toContain(drawing.id);
    // README's backup: a custom-format dump starts with its magic.
    const dump = await run.succeed([
      "exec",
      "-T",
      "db",
      "pg_dump",
      "--username=fanvas",
      "--format=custom",
      "fanvas",
    ]);
    expect(dump.startsWith("PGDMP")).toBe(true);
    // Fanvas exits 0 on compose's SIGTERM; new containers on the same volumes serve the drawing.
    expect(await run.stop()).toBe(0);
    await run.down();
    await run.up();
    expect(await servesSamePicture(run.baseUrl, drawing)).toBe(true);
  }, 300_000);
});
