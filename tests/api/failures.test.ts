import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

for (const dialect of testDialects()) {
  describe(`server-side failures on ${dialect}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(dialect);
      // The database goes away under the running app.
      await t.store.close();
    });
    afterAll(async () => {
      await t.app.close();
      await t.database.drop();
    });

    it("answers 500 with the plain ApiError, never SQL or a stack trace, when the database fails", async () => {
      const requests = [
        {
          method: "POST" as const,
          url: "/api/drawings",
          headers: { "content-type": "image/png" },
          payload: await drawingPng(),
        },
        { method: "GET" as const, url: "/api/drawings/AAAAAAAAAAAA.png" },
        { method: "GET" as const, url: "/healthz" },
      ];
      for (const request of requests) {
        const response = await t.app.inject(request);
        expect(response.statusCode, request.url).toBe(500);
        expect(response.json<ApiError>()).toEqual({
          statusCode: 500,
          code: "internal_error",
          message: "Something went wrong on our side; try again.",
        });
      }
    });
  });
}
