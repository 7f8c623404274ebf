import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { testAppForBlock } from "./helpers/app.ts";
import { bundleOf, makingOf, saveBundle } from "./helpers/making.ts";
import { drawingPng } from "./helpers/png.ts";

/** Fixed seed: a failure reproduces, and the suite costs the same every run. */
const SEED = 20261127;
const RUNS = 150;

/** One way to damage a log: a byte overwritten, the log cut, or bytes inserted. */
type Damage =
  | { kind: "set"; at: number; byte: number }
  | { kind: "cut"; at: number }
  | { kind: "insert"; at: number; bytes: number[] };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), at: fc.nat(), byte: fc.nat({ max: 255 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    bytes: fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 12 }),
  }),
);

function damaged(log: Uint8Array, damages: readonly Damage[]): Uint8Array {
  let bytes = [...log];
  for (const change of damages) {
    const at = change.at % Math.max(1, bytes.length);
    if (change.kind === "set") bytes[at] = change.byte;
    if (change.kind === "cut") bytes = bytes.slice(0, at);
    if (change.kind === "insert") bytes.splice(at, 0, ...change.bytes);
  }
  return Uint8Array.from(bytes);
}

const png = await drawingPng(600, 600, 71);

describe("save bundles with damaged logs (fast-check, SQLite)", () => {
  const t = testAppForBlock("sqlite");

  it("are stored whole or refused with a making or bundle code, never a server error, and store nothing when refused", async () => {
    const log = makingOf();
    await fc.assert(
      fc.asyncProperty(fc.array(damage, { minLength: 1, maxLength: 4 }), async (damages) => {
        const before = await t.count();
        const answer = await saveBundle(t.app, bundleOf(png, damaged(log, damages)));
        if (answer.statusCode === 201) {
          expect(await t.count()).toBe(before + 1);
          return;
        }
        expect([400, 413]).toContain(answer.statusCode);
        expect(answer.json<ApiError>().code).toMatch(/^(making_|bad_bundle$)/);
        expect(await t.count()).toBe(before);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});
