import { describe, expect, it } from "vitest";
import type { GalleryItem } from "../../src/common/api.ts";
import { createTestDatabase, testDialects } from "./helpers/dialects.ts";
import { saveOverHttp } from "./helpers/live-app.ts";
import { processKit } from "./helpers/process-kit.ts";
import { spawnServer } from "./helpers/server-process.ts";
import { isDrawingEvent, type SseClient } from "./helpers/sse.ts";

const { defer, listen, twoProcesses } = processKit();

const announcedIds = (stream: SseClient) =>
  stream
    .messages()
    .filter((message) => message.event === "drawing")
    .map((message) => (JSON.parse(message.data) as GalleryItem).id);

for (const dialect of testDialects()) {
  describe(`live drawings from a server process on ${dialect}`, () => {
    it("a save reaches the process's own event stream once, and SIGTERM ends the stream and exits 0", async () => {
      const database = await createTestDatabase(dialect);
      defer(() => database.drop());
      const server = await spawnServer(database.env);
      const stream = await listen(server.baseUrl);
      const saved = await saveOverHttp(server.baseUrl, 3);
      const later = await saveOverHttp(server.baseUrl, 4);
      await stream.waitFor(isDrawingEvent(later.id), "the second save");
      expect(announcedIds(stream)).toEqual([saved.id, later.id]);
      expect(await server.stop()).toBe(0);
      await stream.ended();
    });
  });

  // Several processes can share only a PostgreSQL database; SQLite belongs to one process.
  if (dialect !== "postgres") continue;

  describe("live drawings across server processes on one PostgreSQL database", () => {
    it("a save through process A reaches event streams on A and on B, each exactly once", async () => {
      const { a, b } = await twoProcesses();
      const onA = await listen(a.baseUrl);
      const onB = await listen(b.baseUrl);

      const first = await saveOverHttp(a.baseUrl, 1);
      const onBMessage = await onB.waitFor(isDrawingEvent(first.id), "process A's save on process B");
      expect(JSON.parse(onBMessage.data)).toMatchObject({
        id: first.id,
        thumbnailUrl: `/api/drawings/${first.id}.webp`,
      });
      // B's own save comes after A's; once it has arrived everywhere, a duplicate of A's would have too.
      const second = await saveOverHttp(b.baseUrl, 2);
      for (const stream of [onA, onB]) {
        await stream.waitFor(isDrawingEvent(second.id), "process B's save");
        expect(announcedIds(stream)).toEqual([first.id, second.id]);
      }
      // Both processes serve the drawing and list it on the wall.
      const wall = (await (await fetch(`${b.baseUrl}/api/drawings`)).json()) as { items: GalleryItem[] };
      expect(wall.items.map((item) => item.id)).toEqual([second.id, first.id]);
    });
  });
}
