import { describe, expect, it } from "vitest";
import { type WallListResult, wallVerdictRows } from "./wall-verdicts.ts";

const result = (store: string, verdict: string): WallListResult => ({
  list: "top week",
  store,
  big: "5.52",
  small: "5.59",
  ratio: 0.987,
  held: 5,
  runs: 5,
  verdict,
});

describe("the wall's verdict rows", () => {
  it("put every store of one list in one row, met only when each store met it", () => {
    expect(wallVerdictRows([result("SQLite", "met"), result("PostgreSQL", "met")], 1.5)).toEqual([
      [
        "GET /api/drawings top week",
        "SQLite 0.99x (p50 5.52 / 5.59 ms, 5 of 5 runs), PostgreSQL 0.99x (5.52 / 5.59 ms, 5 of 5 runs)",
        "<= 1.5x",
        "met",
      ],
    ]);
    const [row] = wallVerdictRows([result("SQLite", "met"), result("PostgreSQL", "not met")], 1.5);
    expect(row?.[3]).toBe("SQLite: met, PostgreSQL: not met");
  });
});
