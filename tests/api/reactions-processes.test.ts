import { describe, expect, it } from "vitest";
import type { GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import type { ReactionState, ReactionsEvent } from "../../src/common/reactions.ts";
import { testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";
import { processKit } from "./helpers/process-kit.ts";
import { isReactionsEvent } from "./helpers/sse.ts";

const { listen, twoProcesses } = processKit();

/** One browser's cookies: the visitor id a server gave it, sent to every server after. */
const browser = { cookie: "" };

async function toggle(baseUrl: string, id: string, kind: string, give: boolean): Promise<ReactionState> {
  const answer = await fetch(`${baseUrl}/api/drawings/${id}/reactions${give ? "" : `/${kind}`}`, {
    method: give ? "POST" : "DELETE",
    headers: { ...(give ? { "content-type": "application/json" } : {}), cookie: browser.cookie },
    ...(give ? { body: JSON.stringify({ kind }) } : {}),
  });
  expect(answer.status).toBe(200);
  const given = answer.headers.get("set-cookie")?.split(";")[0];
  if (given !== undefined) browser.cookie = given;
  return (await answer.json()) as ReactionState;
}

/** The counts a message carries for the drawing. */
function countsIn(message: { data: string }, id: string) {
  return (JSON.parse(message.data) as ReactionsEvent).changes.find((change) => change.id === id)?.reactions;
}

// Several processes can share only a PostgreSQL database; SQLite belongs to one process.
describe.runIf(testDialects().includes("postgres"))(
  "live reactions across server processes on one PostgreSQL database",
  () => {
    it("a reaction through process A changes the counts on B's stream and wall, and B's on A's", async () => {
      const { a, b } = await twoProcesses();
      const saved = await fetch(`${a.baseUrl}/api/drawings`, {
        method: "POST",
        headers: { "content-type": "image/png" },
        body: new Uint8Array(await drawingPng(600, 600, 7)),
      });
      const { id } = (await saved.json()) as SavedDrawing;
      const onA = await listen(a.baseUrl);
      const onB = await listen(b.baseUrl);

      const given = await toggle(a.baseUrl, id, "heart", true);
      expect(given.reactions).toEqual({ heart: 1, fire: 0, lol: 0 });
      const heard = await onB.waitFor(isReactionsEvent(id, given.version), "A's heart on B");
      expect(countsIn(heard, id)).toEqual({ heart: 1, fire: 0, lol: 0 });
      const wall = (await (await fetch(`${b.baseUrl}/api/drawings`)).json()) as GalleryPage;
      expect(wall.items.find((item) => item.id === id)?.reactions).toEqual({ heart: 1, fire: 0, lol: 0 });

      // The same browser (its visitor id, whichever process gave it) takes it back through B and adds fire.
      await toggle(b.baseUrl, id, "heart", false);
      const last = await toggle(b.baseUrl, id, "fire", true);
      const back = await onA.waitFor(isReactionsEvent(id, last.version), "B's changes on A");
      expect(countsIn(back, id)).toEqual({ heart: 0, fire: 1, lol: 0 });
      // Each process heard each batch once: no message is repeated on either stream.
      for (const stream of [onA, onB]) {
        const versions = stream
          .messages()
          .filter((message) => message.event === "reactions")
          .flatMap((message) => (JSON.parse(message.data) as ReactionsEvent).changes.map((c) => c.version));
        expect(new Set(versions).size).toBe(versions.length);
      }
    });
  },
);
