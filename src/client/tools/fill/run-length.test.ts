import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packRgb } from "../packed-colour.ts";
import { decodeRuns, encodeRuns } from "./run-length.ts";

const RED = packRgb(255, 0, 0);
const WHITE = packRgb(255, 255, 255);

describe("run-length coding of fill layers", () => {
  it("decodes to exactly what was encoded", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, RED, WHITE, 7), { maxLength: 200 }), (values) => {
        const layer = Uint32Array.from(values);
        const out = new Uint32Array(layer.length);
        decodeRuns(encodeRuns(layer), out);
        expect(out).toEqual(layer);
        decodeRuns(
          encodeRuns(layer, (value) => value ^ 1),
          out,
        );
        expect(out).toEqual(layer.map((value) => value ^ 1));
      }),
    );
  });

  it("codes each run as its length and value, however many runs there are", () => {
    expect([...encodeRuns(Uint32Array.of(0, 0, 0, RED, RED, 0))]).toEqual([3, 0, 2, RED, 1, 0]);
    expect([...encodeRuns(new Uint32Array(0))]).toEqual([]);
    // More runs than the kept buffer first holds (it grows, keeping what it has), then a short layer again.
    const striped = Uint32Array.from({ length: 50_001 }, (_, index) => (index % 3 === 0 ? RED : index % 2));
    const out = new Uint32Array(striped.length);
    decodeRuns(encodeRuns(striped), out);
    expect(out).toEqual(striped);
    expect([...encodeRuns(Uint32Array.of(WHITE, WHITE))]).toEqual([2, WHITE]);
  });
});
