import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BadRequestCase } from "../fixtures/bad-upload-case.ts";
import { generatedBody } from "../fixtures/generated-body.ts";
import { testDialects } from "./helpers/dialects.ts";
import { type SupabaseTarget, startSupabaseTarget } from "./helpers/supabase.ts";

// Every refusal of an uploaded image reaches supabase-js as PostgreSQL's "invalid value" (22023), as the
// README promises, whatever the refusal: proven through the real client for each image of the bad-upload
// corpus, and the corpus must hold an image for every refusal code the PNG checks can give.

const CORPUS = join(import.meta.dirname, "..", "fixtures", "bad-uploads");
const PNG_SOURCES = join(import.meta.dirname, "..", "..", "src", "server", "png");
const cases: BadRequestCase[] = JSON.parse(readFileSync(join(CORPUS, "manifest.json"), "utf8"));

/** The corpus's images as the image_data a page would insert: PNG bodies as data URLs, and JSON image_data. */
async function imageDataOf(badCase: BadRequestCase): Promise<string | undefined> {
  if (badCase.method !== "POST") return undefined;
  if (badCase.contentType === "image/png") {
    const bytes = (await generatedBody(badCase.generate)) ?? readFileSync(join(CORPUS, String(badCase.file)));
    return `data:image/png;base64,${bytes.toString("base64")}`;
  }
  if (badCase.contentType !== "application/json" || badCase.file === undefined) return undefined;
  const body = parsedOrUndefined(readFileSync(join(CORPUS, badCase.file), "utf8"));
  const fields = typeof body === "object" && body !== null ? Object.entries(body) : [];
  const [only] = fields;
  return fields.length === 1 && only?.[0] === "image_data" && typeof only[1] === "string"
    ? only[1]
    : undefined;
}

/** The JSON's value; undefined for the corpus's broken JSON, which is no image to insert. */
function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What PostgREST calls the refusal: no image at all and too large are the request's; the rest 22023. */
function postgrestCode(fanvasCode: string): string {
  if (fanvasCode === "empty_body") return "PGRST102";
  if (fanvasCode === "too_large") return "54000";
  return "22023";
}

/** Every code src/server/png/ refuses an image with, read from its source. */
function pngRefusalCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(PNG_SOURCES).filter((name) => /\.ts$/.test(name) && !/test/.test(name))) {
    const source = readFileSync(join(PNG_SOURCES, file), "utf8");
    for (const match of source.matchAll(/refuseImage\(\s*"([a-z_]+)"/g)) codes.add(match[1] ?? "");
  }
  return codes;
}

const imageCases = (
  await Promise.all(cases.map(async (badCase) => ({ badCase, imageData: await imageDataOf(badCase) })))
).filter((entry): entry is { badCase: BadRequestCase; imageData: string } => entry.imageData !== undefined);

describe("the bad-upload corpus", () => {
  it("holds an image for every refusal code of the PNG checks", () => {
    const codes = pngRefusalCodes();
    expect(codes.size).toBeGreaterThanOrEqual(15);
    const covered = new Set(imageCases.map(({ badCase }) => badCase.code));
    expect([...codes].filter((code) => !covered.has(code))).toEqual([]);
  });
});

describe.each(testDialects())("every image refusal through supabase-js (%s)", (dialect) => {
  let target: SupabaseTarget;
  beforeAll(async () => {
    target = await startSupabaseTarget(dialect);
  });
  afterAll(() => target.test.close());

  for (const { badCase, imageData } of imageCases) {
    it(`${badCase.name}: ${postgrestCode(badCase.code)}, details fanvas:${badCase.code}, nothing stored`, async () => {
      const before = await target.test.count();
      const { data, error, status } = await target
        .client()
        .from("drawings")
        .insert({ image_data: imageData })
        .select()
        .maybeSingle();
      expect(data).toBeNull();
      expect(status).toBe(badCase.status);
      expect(error).toMatchObject({ code: postgrestCode(badCase.code), details: `fanvas:${badCase.code}` });
      for (const words of badCase.says) expect(error?.message).toContain(words);
      expect(await target.test.count()).toBe(before);
    });
  }
});
