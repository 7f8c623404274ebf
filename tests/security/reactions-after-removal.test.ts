import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReactionChange } from "../../src/common/reactions.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { adminPost, moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import { react } from "../api/helpers/reactions.ts";
import { isReactionsEvent, openEventStream, type SseClient, type SseMessage } from "../api/helpers/sse.ts";

// React, then hide: the wall's stream must not say `removed` and then `reactions {id, ...}` up to 250 ms later
// (the batch gathered before the removal). The announcer drops what it gathered for a drawing once it is
// removed, and every change from a toggle that began before the removal.

/** The drawings a `reactions` message names. */
const idsOf = (message: SseMessage): string[] =>
  (JSON.parse(message.data) as { changes: ReactionChange[] }).changes.map((change) => change.id);

for (const dialect of testDialects()) {
  describe(`reactions and removals on the live wall, on ${dialect}`, () => {
    let t: TestApp;
    let stream: SseClient;
    beforeAll(async () => {
      t = await startTestApp(dialect, { moderation: moderation() });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      stream = await openEventStream(
        `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/events`,
      );
      await stream.waitFor((message) => message.retry !== undefined, "the opening retry line");
    });
    afterAll(async () => {
      stream.close();
      await t.close();
    });

    it("never announces a drawing's reactions after announcing its removal", async () => {
      const hidden = await saveNewDrawing(t.app);
      const kept = await saveNewDrawing(t.app);
      // Reacted to, then hidden before the quarter-second batch goes out.
      expect((await react(t.app, hidden.id, "heart", "10.70.0.1")).statusCode).toBe(200);
      expect((await adminPost(t.app, hidden.id, "hide")).statusCode).toBe(200);
      // A later reaction to another drawing: once its batch arrived, anything gathered before it has too.
      const answer = await react(t.app, kept.id, "fire", "10.70.0.2");
      await stream.waitFor(
        isReactionsEvent(kept.id, answer.json<{ version: number }>().version),
        "kept's counts",
      );
      const messages = stream.messages();
      const removedAt = messages.findIndex(
        (message) => message.event === "removed" && JSON.parse(message.data).id === hidden.id,
      );
      expect(removedAt).toBeGreaterThanOrEqual(0);
      const after = messages.slice(removedAt + 1).filter((message) => message.event === "reactions");
      expect(after.flatMap(idsOf)).not.toContain(hidden.id);
    });
  });
}
