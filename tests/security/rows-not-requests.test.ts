import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { testDialects } from "../api/helpers/dialects.ts";
import { dataUrlBody, drawingPng } from "../api/helpers/png.ts";

// A PostgREST insert carries up to 10 rows: counted as one save, 32 requests would store 280 drawings against a
// limit of 30 a minute. The save limit counts rows, on every save route.

for (const dialect of testDialects()) {
  describe(`the save limit counts drawings, not requests, on ${dialect} (SAVE_RATE_LIMIT=30)`, () => {
    let t: TestApp;
    let rows: { image_data: string }[];
    beforeAll(async () => {
      t = await startTestApp(dialect, { edge: { ...DEFAULT_EDGE, saveRateLimit: 30 } });
      const pngs = await Promise.all(
        Array.from({ length: 10 }, (_, seed) => drawingPng(600, 600, 70 + seed)),
      );
      rows = pngs.map(dataUrlBody);
    });
    afterAll(async () => {
      await t.close();
    });

    const insert = (remoteAddress: string, body: object) =>
      t.app.inject({
        method: "POST",
        url: "/rest/v1/drawings",
        remoteAddress,
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(body),
      });

    it("stores 30 drawings from 32 ten-row inserts, and refuses the rest whole", async () => {
      const statuses: number[] = [];
      for (let request = 0; request < 32; request += 1)
        statuses.push((await insert("10.30.0.1", rows)).statusCode);
      expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
      expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
      expect(await t.count()).toBe(30);
    });

    it("refuses an insert whose rows would pass the limit, storing none of them, and says how many it held", async () => {
      for (let save = 0; save < 25; save += 1) {
        expect((await insert("10.30.0.2", rows[save % 10] as object)).statusCode).toBe(201);
      }
      const before = await t.count();
      const refused = await insert("10.30.0.2", rows);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toContain("this request holds 10");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(await t.count()).toBe(before);
    });

    it("counts saves on /api/drawings and rows on /rest/v1/drawings against one limit", async () => {
      for (let request = 0; request < 2; request += 1)
        expect((await insert("10.30.0.3", rows)).statusCode).toBe(201);
      const png = await drawingPng(600, 600, 90);
      const single = () =>
        t.app.inject({
          method: "POST",
          url: "/api/drawings",
          remoteAddress: "10.30.0.3",
          headers: { "content-type": "image/png" },
          payload: png,
        });
      const statuses = [];
      for (let request = 0; request < 11; request += 1) statuses.push((await single()).statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.at(-1)).toBe(429);
    });
  });
}
