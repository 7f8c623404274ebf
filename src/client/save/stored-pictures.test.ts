import { describe, expect, it } from "vitest";
import {
  findStoredPicture,
  pictureIdentity,
  rememberStoredPicture,
  STORED_PICTURES_KEPT,
} from "./stored-pictures.ts";

/** A Storage of the test's own: what the page would keep in localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    raw: () => values.get("fanvas:stored-pictures"),
  };
}

const png = (...bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: "image/png" });
const drawing = (id: string) => ({ id, url: `/api/drawings/${id}.png`, status: "visible" as const });

describe("pictureIdentity", () => {
  it("is the same for the same bytes and differs for a byte changed, added or taken away", async () => {
    const one = await pictureIdentity(png(1, 2, 3));
    expect(await pictureIdentity(png(1, 2, 3))).toBe(one);
    expect(one).toMatch(/^sha256:3:[0-9a-f]{64}$/);
    for (const other of [png(1, 2, 4), png(1, 2, 3, 0), png(1, 2)])
      expect(await pictureIdentity(other)).not.toBe(one);
  });
});

describe("the pictures this browser stored", () => {
  it("finds a remembered picture's drawing, in this visit and from the device's storage in the next", () => {
    const storage = memoryStorage();
    expect(findStoredPicture("sha256:1:aa", storage)).toBeUndefined();
    rememberStoredPicture("sha256:1:aa", drawing("aaaaaaaaaaaa"), storage);
    expect(findStoredPicture("sha256:1:aa", storage)).toEqual(drawing("aaaaaaaaaaaa"));
    // A later visit reads what this one kept.
    const nextVisit = memoryStorage({ "fanvas:stored-pictures": storage.raw() ?? "" });
    expect(findStoredPicture("sha256:1:aa", nextVisit)).toEqual(drawing("aaaaaaaaaaaa"));
  });

  it(`keeps the newest ${STORED_PICTURES_KEPT}, and remembers a picture stored again as newest`, () => {
    const storage = memoryStorage();
    for (let index = 0; index <= STORED_PICTURES_KEPT; index += 1)
      rememberStoredPicture(`picture-${index}`, drawing(`drawing${index}`.padEnd(12, "x")), storage);
    const kept = JSON.parse(storage.raw() ?? "[]") as { identity: string }[];
    expect(kept).toHaveLength(STORED_PICTURES_KEPT);
    expect(kept[0]?.identity).toBe(`picture-${STORED_PICTURES_KEPT}`);
    expect(kept.map((entry) => entry.identity)).not.toContain("picture-0");
  });

  it("ignores what is not its own in storage, and works where storage refuses to keep anything", () => {
    const foreign = memoryStorage({
      "fanvas:stored-pictures": '[{"identity":"x","picture":{"id":5}}, 7, null',
    });
    expect(findStoredPicture("x", foreign)).toBeUndefined();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    rememberStoredPicture("sha256:9:refused", drawing("refusedrefus"), refusing);
    expect(findStoredPicture("sha256:9:refused", refusing)).toEqual(drawing("refusedrefus"));
    expect(findStoredPicture("sha256:9:refused", null)).toEqual(drawing("refusedrefus"));
  });
});
