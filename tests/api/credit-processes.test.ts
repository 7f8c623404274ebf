import { describe, expect, it } from "vitest";
import type { GalleryItem, PromptsAnswer } from "../../src/common/api.ts";
import { createTestDatabase, testDialects } from "./helpers/dialects.ts";
import { saveOverHttp } from "./helpers/live-app.ts";
import { ADMIN_TOKEN } from "./helpers/moderation.ts";
import { processKit } from "./helpers/process-kit.ts";
import { spawnServer } from "./helpers/server-process.ts";
import { isDrawingEvent } from "./helpers/sse.ts";

// Names, their removal and blocking, entries and prompt edits reach open pages in every process on one
// PostgreSQL database, as the wall's other events do (live/postgres-bridge.ts).

const { defer, listen } = processKit();

function admin(baseUrl: string, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

for (const dialect of testDialects()) {
  // Several processes can share only a PostgreSQL database; SQLite belongs to one process.
  if (dialect !== "postgres") continue;

  describe("names and prompts across server processes on one PostgreSQL database", () => {
    it("an entry, a prompt's edit, a name's removal and a block made through A reach B's stream and answers", async () => {
      const database = await createTestDatabase(dialect);
      defer(() => database.drop());
      const env = { ...database.env, ADMIN_TOKEN };
      const a = await spawnServer(env);
      defer(async () => void (await a.stop()));
      const b = await spawnServer(env);
      defer(async () => void (await b.stop()));
      const onB = await listen(b.baseUrl);

      const now = Date.now();
      const created = await admin(a.baseUrl, "POST", "/api/admin/prompts", {
        title: "Across",
        starts: new Date(now - 3_600_000).toISOString(),
        ends: new Date(now + 86_400_000).toISOString(),
      });
      expect(created.status).toBe(201);
      await onB.waitFor((message) => message.event === "prompts", "A's prompt on B");
      const onBPrompts = (await (await fetch(`${b.baseUrl}/api/prompts`)).json()) as PromptsAnswer;
      expect(onBPrompts.prompts.map((prompt) => prompt.id)).toEqual(["across"]);

      const entry = await saveOverHttp(a.baseUrl, 1, "name=%40across_fan&prompt=across");
      const announced = await onB.waitFor(isDrawingEvent(entry.id), "A's entry on B");
      expect(JSON.parse(announced.data)).toMatchObject({
        id: entry.id,
        name: "@across_fan",
        prompt: "across",
      });

      expect((await admin(a.baseUrl, "POST", `/api/admin/drawings/${entry.id}/remove-name`)).status).toBe(
        200,
      );
      await onB.waitFor(
        (message) => message.event === "credit" && JSON.parse(message.data).id === entry.id,
        "A's removal on B",
      );
      const other = await saveOverHttp(b.baseUrl, 2, "name=Blocked%20Across");
      expect(
        (await admin(a.baseUrl, "POST", "/api/admin/names/block", { name: "blocked across" })).status,
      ).toBe(200);
      await onB.waitFor(
        (message) => message.event === "name-blocked" && JSON.parse(message.data).key === "blocked across",
        "A's block on B",
      );
      const wall = (await (await fetch(`${b.baseUrl}/api/drawings`)).json()) as { items: GalleryItem[] };
      expect(wall.items.map((item) => [item.id, item.name])).toEqual([
        [other.id, null],
        [entry.id, null],
      ]);
    });
  });
}
