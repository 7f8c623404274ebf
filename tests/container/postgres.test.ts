import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../api/helpers/dialects.ts";
import { freePort } from "../e2e/helpers/server.ts";
import { removeLeftoverContainers, runContainer } from "./helpers/container.ts";
import { saveDrawing, servesSamePicture } from "./helpers/drawings.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./helpers/images.ts";
import { containerTestsRun } from "./helpers/podman.ts";

// The image against the host's PostgreSQL (DATABASE_URL), on the host's network: the container's migrations
// make the schema of a fresh database, and a save goes in and comes back.

describe.runIf(containerTestsRun() && Boolean(process.env.TEST_DATABASE_URL))(
  "a container on the host's PostgreSQL",
  () => {
    let image: string;
    let database: TestDatabase;
    beforeAll(async () => {
      image = (await builtImages()).tag;
      database = await createTestDatabase("postgres");
    }, IMAGES_DEADLINE_MS);
    afterAll(async () => {
      await removeLeftoverContainers();
      await database?.drop();
    });

    it("migrates a fresh database at start and round-trips a save", async () => {
      const databaseUrl = database.env.DATABASE_URL ?? "";
      const container = await runContainer({
        image,
        hostNetworkPort: await freePort(),
        env: { DATABASE_URL: databaseUrl },
      });
      const drawing = await saveDrawing(container.baseUrl, 5);
      expect(await servesSamePicture(container.baseUrl, drawing)).toBe(true);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const stored = await client.query<{ id: string }>("select id from drawings");
        expect(stored.rows.map((row) => row.id)).toEqual([drawing.id]);
      } finally {
        await client.end();
      }
      const ready = await fetch(`${container.baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect((await container.stop()).exitCode, await container.logs()).toBe(0);
    });
  },
);
