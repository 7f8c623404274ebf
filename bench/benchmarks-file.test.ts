import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AREAS } from "./areas.ts";
import {
  type AreaRun,
  composeBenchmarks,
  fittedRow,
  limitProblems,
  MAX_LINE_LENGTH,
  runFilePath,
  sectionsOf,
  writeAreaRuns,
} from "./benchmarks-file.ts";

const committed = await readFile(new URL("../BENCHMARKS.md", import.meta.url), "utf8");

/** A run of the codec area with a figure no real run would print, to find it in the file. */
const codecRun: AreaRun = {
  area: "codec",
  date: "2030-01-02",
  machine: "Test CPU, 2 cores, load average 0.5 at start",
  verdicts: [["gzipped bytes per stroke point", "2.50 (marker-7f3a)", "<= 3", "met"]],
  report: "The codec's whole report (marker-7f3a).",
};

describe("BENCHMARKS.md, written by npm run bench", () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it("is exactly what the generator writes, one section per area, within its limits", () => {
    expect(composeBenchmarks(committed, [])).toBe(committed);
    expect([...sectionsOf(committed).keys()]).toEqual(AREAS.map((area) => area.name));
    expect(limitProblems(committed)).toEqual([]);
  });

  it("rewrites the section of the area that ran and keeps every other section as it was", () => {
    const before = sectionsOf(committed);
    const after = sectionsOf(composeBenchmarks(committed, [codecRun]));
    for (const { name } of AREAS) {
      if (name === "codec") continue;
      expect(after.get(name), name).toBe(before.get(name));
    }
    const codec = after.get("codec") ?? "";
    expect(codec).not.toBe(before.get("codec"));
    expect(codec).toContain("| gzipped bytes per stroke point | 2.50 (marker-7f3a) | <= 3 | met |");
    expect(codec).toContain("`npm run bench -- --only codec`, 2030-01-02");
    expect(codec).toContain("Test CPU, 2 cores, load average 0.5 at start");
    expect(codec).toContain(`(${runFilePath(codecRun)})`);
  });

  it("writes the run in full to its dated file and the page beside it, other areas untouched", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fanvas-benchmarks-file-"));
    made.push(dir);
    const path = join(dir, "BENCHMARKS.md");
    await writeFile(path, committed);
    const problems = await writeAreaRuns(path, [codecRun]);
    expect(problems).toEqual([]);
    const written = await readFile(path, "utf8");
    expect(sectionsOf(written).get("wall")).toBe(sectionsOf(committed).get("wall"));
    expect(written).toContain("marker-7f3a");
    const runFile = await readFile(join(dir, "docs/benchmarks/runs/2030-01-02-codec.md"), "utf8");
    expect(runFile).toContain("The codec's whole report (marker-7f3a).");
    expect(runFile).toContain("| gzipped bytes per stroke point | 2.50 (marker-7f3a) | <= 3 | met |");
  });

  it("keeps the page within its limits when a run's figures are long", () => {
    const long = "a result with many clauses, ".repeat(30);
    const wordy: AreaRun = {
      ...codecRun,
      machine: `${"A very long machine description, ".repeat(12)}load average 3.0 at start`,
      verdicts: [["decode of the largest document", long, "<= 50 ms", "met"]],
      figures: ["a figure line that goes on and on ".repeat(20)],
    };
    const text = composeBenchmarks(committed, [wordy]);
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
    const row = fittedRow(["decode of the largest document", long, "<= 50 ms", "met"]);
    expect(row).toMatch(
      /^\| decode of the largest document \| a result with many clauses.* … \| <= 50 ms \| met \|$/,
    );
  });

  it("leaves a row that fits as the bench wrote it", () => {
    expect(fittedRow(["restore", "34.8 ms", "<= 100 ms", "met"])).toBe(
      "| restore | 34.8 ms | <= 100 ms | met |",
    );
  });

  it("counts what would take the page past its limits", () => {
    const tooLong = `${"x".repeat(MAX_LINE_LENGTH + 1)}\n`;
    expect(limitProblems(tooLong)).toEqual([`line 1: ${MAX_LINE_LENGTH + 1} characters`]);
    expect(limitProblems("line\n".repeat(200))).toEqual(["200 lines (at most 150)"]);
  });
});
