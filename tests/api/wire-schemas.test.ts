import type { AddressInfo } from "node:net";
import type { TSchema } from "typebox";
import Value from "typebox/value";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pageSaveChecks from "../../src/client/save/save-checks.ts";
import * as pageWallChecks from "../../src/client/wall/wall-checks.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import * as drawings from "../../src/common/wire/drawings.ts";
import * as prompts from "../../src/common/wire/prompts.ts";
import * as reactions from "../../src/common/wire/reactions.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { adminCall, saveSigned, stored, visitorCookie } from "./helpers/credit.ts";
import { testDialects } from "./helpers/dialects.ts";
import { adminPost, moderation } from "./helpers/moderation.ts";
import { drawingPng } from "./helpers/png.ts";
import { react, unreact } from "./helpers/reactions.ts";
import { openEventStream, type SseClient } from "./helpers/sse.ts";

// Every JSON shape the page reads from the server is declared once, in src/common/wire. Here the server's real
// replies and events, on each store, are checked against those schemas with TypeBox (independently of the
// checks compiled for the page), and the page's own checks must take them too: a reply the server sends is never
// one the page refuses.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The value against the schema, with TypeBox's reasons when it fails. */
function expectShape(schema: TSchema, value: unknown): void {
  const errors = Value.Check(schema, value) ? [] : Value.Errors(schema, value);
  expect(errors, JSON.stringify(value)).toEqual([]);
}

for (const dialect of testDialects()) {
  describe(`the server's replies match the wire schemas, on ${dialect}`, () => {
    let t: TestApp;
    let stream: SseClient;
    beforeAll(async () => {
      t = await startTestApp(dialect, {
        moderation: moderation(),
        branding: {
          ...DEFAULT_BRANDING,
          prompts: [
            { title: "Wire week", starts: day(-1), ends: day(6) },
            {
              title: "Fred in Tokyo",
              starts: "2025-10-01T09:00:00+09:00",
              ends: "2025-10-02T09:00:00+09:00",
            },
          ],
        },
      });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as AddressInfo;
      stream = await openEventStream(`http://127.0.0.1:${port}/api/events`);
      await stream.waitFor((message) => message.retry !== undefined, "the opening retry line");
    });
    afterAll(async () => {
      stream?.close();
      await t?.close();
    });

    const json = async (url: string, cookie?: string): Promise<unknown> => {
      const answer = await t.app.inject({
        method: "GET",
        url,
        headers: cookie === undefined ? {} : { cookie },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };

    it("a saved drawing: the 201 of a save, signed and in a prompt or not, and the 200 of its retry", async () => {
      const plain = await saveSigned(t.app);
      const signed = await saveSigned(t.app, { name: "Wire Tester", prompt: "wire-week" });
      const asJson = await saveSigned(t.app, { json: true, name: "@wire_tester" });
      for (const answer of [plain, signed, asJson]) {
        expect(answer.statusCode).toBe(201);
        expectShape(drawings.SavedDrawingSchema, answer.json());
        expect(pageSaveChecks.isSavedDrawing(answer.json())).toBe(true);
      }
      const png = await drawingPng(600, 600, 4242);
      const save = () =>
        t.app.inject({
          method: "POST",
          url: "/api/drawings",
          headers: { "content-type": "image/png", "idempotency-key": `wire-${dialect}` },
          payload: png,
        });
      const [first, retried] = [await save(), await save()];
      expect([first.statusCode, retried.statusCode]).toEqual([201, 200]);
      expectShape(drawings.SavedDrawingSchema, retried.json());
      expect(pageSaveChecks.isSavedDrawing(retried.json())).toBe(true);
    });

    it("a page of the wall, in every order and scope, with this browser's reactions and its own drawings", async () => {
      const mine = await saveSigned(t.app, { name: "Wire Tester", prompt: "wire-week" });
      const cookie = visitorCookie(mine);
      const id = mine.json<{ id: string }>().id;
      await react(t.app, id, "heart", "198.51.100.7");
      const remix = await t.app.inject({
        method: "POST",
        url: `/api/drawings?remixOf=${id}`,
        headers: { "content-type": "image/png", cookie },
        payload: await drawingPng(600, 600, 4343),
      });
      expect(remix.statusCode, remix.body).toBe(201);
      const queries = [
        "",
        "limit=1",
        "sort=top",
        "sort=top&window=all",
        "prompt=wire-week",
        "prompt=wire-week&sort=top",
        `remixOf=${id}`,
        "name=Wire%20Tester",
        "mine=true",
      ];
      for (const query of queries) {
        const page = await json(`/api/drawings?${query}`, cookie);
        expectShape(drawings.GalleryPageSchema, page);
        expect(pageWallChecks.isGalleryPage(page), query).toBe(true);
      }
      const listed = (await json("/api/drawings?mine=true", cookie)) as { items: unknown[] };
      expect(listed.items.length).toBeGreaterThan(0);
      expect(listed.items[0]).toMatchObject({ mine: true, reacted: [] });
    });

    it("reactions: giving, taking back and reading one, and the event that announces the counts", async () => {
      const { id } = await stored(t.app);
      const given = await react(t.app, id, "fire", "198.51.100.8");
      const taken = await unreact(t.app, id, "fire", "198.51.100.8");
      const read = await t.app.inject({ method: "GET", url: `/api/drawings/${id}/reactions` });
      for (const answer of [given, taken, read]) {
        expect(answer.statusCode, answer.body).toBe(200);
        expectShape(reactions.ReactionStateSchema, answer.json());
        expect(pageWallChecks.isReactionState(answer.json())).toBe(true);
      }
      const event = await stream.waitFor(
        (message) => message.event === "reactions" && message.data.includes(id),
        "the reactions event",
      );
      expectShape(reactions.ReactionsEventSchema, JSON.parse(event.data));
      expect(pageWallChecks.isReactionsEvent(JSON.parse(event.data))).toBe(true);
    });

    it("the events of the wall: a new drawing, a removed one, a name taken off, a name blocked", async () => {
      const saved = await stored(t.app, { name: "Spam Wire" });
      const drawing = await stream.waitFor(
        (message) => message.event === "drawing" && message.data.includes(saved.id),
        "the drawing event",
      );
      expectShape(drawings.GalleryItemSchema, JSON.parse(drawing.data));
      expect(pageWallChecks.isGalleryItem(JSON.parse(drawing.data))).toBe(true);

      expect((await adminCall(t.app, "POST", `/api/admin/drawings/${saved.id}/remove-name`)).statusCode).toBe(
        200,
      );
      const credit = await stream.waitFor(
        (message) => message.event === "credit" && message.data.includes(saved.id),
        "the credit event",
      );
      expectShape(drawings.CreditChangeSchema, JSON.parse(credit.data));
      expect(pageWallChecks.isCreditChange(JSON.parse(credit.data))).toBe(true);

      expect(
        (await adminCall(t.app, "POST", "/api/admin/names/block", { name: "Spam Wire" })).statusCode,
      ).toBe(200);
      const blocked = await stream.waitFor(
        (message) => message.event === "name-blocked",
        "the name-blocked event",
      );
      expectShape(drawings.NameBlockedSchema, JSON.parse(blocked.data));
      expect(pageWallChecks.isNameBlocked(JSON.parse(blocked.data))).toBe(true);

      expect((await adminPost(t.app, saved.id, "hide")).statusCode).toBe(200);
      const removed = await stream.waitFor(
        (message) => message.event === "removed" && message.data.includes(saved.id),
        "the removed event",
      );
      expectShape(drawings.RemovedDrawingSchema, JSON.parse(removed.data));
      expect(pageWallChecks.isRemovedDrawing(JSON.parse(removed.data))).toBe(true);
    });

    it("the prompts, running and ended", async () => {
      const answer = (await json("/api/prompts")) as { prompts: { phase: string }[] };
      expectShape(prompts.PromptsAnswerSchema, answer);
      expect(answer.prompts.map((prompt) => prompt.phase).sort()).toEqual(["ended", "running"]);
      expect(pageWallChecks.isPromptsAnswer(answer)).toBe(true);
    });

    it("errors: a bad query, an unknown drawing, an unknown path, a body of the wrong type", async () => {
      const refusals = [
        await t.app.inject({ method: "GET", url: "/api/drawings?limit=0" }),
        await t.app.inject({ method: "GET", url: "/api/drawings/nosuchdrawin/reactions" }),
        await t.app.inject({ method: "GET", url: "/api/nothing-here" }),
        await t.app.inject({
          method: "POST",
          url: "/api/drawings",
          headers: { "content-type": "text/plain" },
          payload: "hello",
        }),
      ];
      expect(refusals.map((answer) => answer.statusCode)).toEqual([400, 404, 404, 415]);
      for (const answer of refusals) {
        expectShape(drawings.ApiErrorSchema, answer.json());
        expect(pageWallChecks.isApiError(answer.json())).toBe(true);
        expect(pageSaveChecks.isApiError(answer.json())).toBe(true);
      }
    });
  });
}
