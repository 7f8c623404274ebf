import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const CHECK = join(import.meta.dirname, "check-architecture.ts");
const planted: string[] = [];
afterEach(() => {
  for (const dir of planted.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tree laid out as the repository, holding `files` (path to text), and what the check says of it. */
function checkTree(files: Readonly<Record<string, string>>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), "fanvas-architecture-"));
  planted.push(root);
  for (const [path, text] of Object.entries({ "package.json": "{}", ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = spawnSync(process.execPath, [CHECK, root], { encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The server's folders as they depend on each other: features on http/ and db/, never the other way. */
const ONE_WAY = {
  "src/server/config.ts": "export const limit = 1;\n",
  "src/server/db/open.ts": 'import { limit } from "../config.ts";\nexport const store = limit;\n',
  "src/server/live/event-streams.ts":
    'import { store } from "../db/open.ts";\nexport const streams = store;\n',
  "src/server/http/save-routes.ts": 'import { store } from "../db/open.ts";\nexport const saves = store;\n',
  "src/server/drawings/save.ts":
    'import { saves } from "../http/save-routes.ts";\nimport { streams } from "../live/event-streams.ts";\nexport const save = saves + streams;\n',
};

describe("the architecture check's dependency direction", () => {
  it("passes a tree whose features build on http/ and db/", () => {
    const { status, output } = checkTree(ONE_WAY);
    expect(output).toContain("every rule holds");
    expect(status).toBe(0);
  });

  it("fails on http/ importing a feature folder, naming the file and the import", () => {
    const { status, output } = checkTree({
      ...ONE_WAY,
      "src/server/http/save-rate-limit.ts":
        'import type { save } from "../drawings/save.ts";\nexport type S = typeof save;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain("src/server/http/save-rate-limit.ts imports src/server/drawings/save.ts: http/");
  });

  it("fails on db/ importing live/, naming the file and the import", () => {
    const { status, output } = checkTree({
      ...ONE_WAY,
      "src/server/db/events.ts":
        'import { streams } from "../live/event-streams.ts";\nexport const bus = streams;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain("src/server/db/events.ts imports src/server/live/event-streams.ts: the store");
  });
});
