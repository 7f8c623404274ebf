import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningAppForBlock, startTestApp, type TestApp } from "../api/helpers/app.ts";
import { busyDrawingPng } from "../api/helpers/busy-png.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";
import { startRequest } from "./helpers/raw-request.ts";

// `?select=a:image_data,b:image_data,...` (about 1,150 aliases fit in a 16 KB header) would answer the image once
// per alias: a 12 KB insert would give a 13.9 MB answer, and three held by clients that never read took a server
// to 3.84 GB in an attack run. Each column is named at most once, so an answer is never larger than the rows it
// holds; a select that repeats one is refused before anything is stored.

for (const dialect of testDialects()) {
  describe(`?select= on the PostgREST insert, on ${dialect}`, () => {
    let t: TestApp;
    let body: string;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      body = JSON.stringify(dataUrlBody(await drawingPng(600, 600, 281)));
    });
    afterAll(async () => {
      await t.close();
    });

    const insert = (select: string) =>
      t.app.inject({
        method: "POST",
        url: `/rest/v1/drawings?select=${encodeURIComponent(select)}`,
        headers: { "content-type": "application/json", prefer: "return=representation" },
        payload: body,
      });

    const REPEATS: readonly [string, string][] = [
      [
        "a thousand aliases of image_data",
        Array.from({ length: 1000 }, (_, n) => `a${n}:image_data`).join(","),
      ],
      ["image_data and an alias of it", "image_data,copy:image_data"],
      ["* and image_data", "*,image_data"],
      ["* twice", "*,*"],
      ["id twice under two names", "first:id,second:id"],
    ];
    for (const [name, select] of REPEATS) {
      it(`refuses ${name} with 400 in PostgREST's words, stores nothing and builds no large answer`, async () => {
        const before = await t.count();
        const answer = await insert(select);
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code: "PGRST100", details: "fanvas:column_repeated" });
        expect(answer.rawPayload.length).toBeLessThan(1024);
        expect(await t.count()).toBe(before);
      });
    }

    it("refuses an alias longer than a PostgreSQL name (63 characters)", async () => {
      const answer = await insert(`${"x".repeat(64)}:id`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ details: "fanvas:bad_select" });
    });

    it("answers every column once, aliases included, in no more bytes than the row sent and a few hundred", async () => {
      const answer = await insert("key:id,when:created_at,png:image_data,remix_of");
      expect(answer.statusCode).toBe(201);
      const [row] = answer.json<Record<string, string>[]>();
      expect(Object.keys(row ?? {})).toEqual(["key", "when", "png", "remix_of"]);
      expect(answer.rawPayload.length).toBeLessThan(body.length + 300);
      const all = await insert("*");
      expect(all.rawPayload.length).toBeLessThan(body.length + 300);
    });
  });
}

describe("an answer whose client never reads it", () => {
  const t = listeningAppForBlock("sqlite", {
    observability: { metricsToken: undefined, metricsAllowLocal: true },
  });
  const opened: Socket[] = [];
  afterAll(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  it("is no larger than the rows it holds, and leaves the process's memory once handed to the connection", async () => {
    // Ten busy drawings asked back in full, by a client that never reads a byte of the answer.
    const row = dataUrlBody(await busyDrawingPng());
    const body = JSON.stringify(Array.from({ length: 10 }, () => row));
    const insert = await startRequest(
      t.port,
      [
        "POST /rest/v1/drawings?select=* HTTP/1.1",
        "Host: 127.0.0.1",
        "Content-Type: application/json",
        "Prefer: return=representation",
        `Content-Length: ${Buffer.byteLength(body)}`,
      ].join("\r\n"),
      body,
      opened,
    );
    insert.socket.pause();
    const held = async () => {
      const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
      return /^fanvas_upload_bytes_in_flight (\d+)$/m.exec(metrics.body)?.[1];
    };
    await expect.poll(() => t.count(), { timeout: 20_000 }).toBe(10);
    await expect.poll(held, { timeout: 20_000 }).toBe("0");
    expect(insert.socket.destroyed).toBe(false);
  });
});
