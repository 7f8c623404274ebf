import { describe, expect, it } from "vitest";
import { encodeSaveBundle } from "../../common/save-bundle.ts";
import { parseSaveBundle, uploadedDrawing } from "./uploads.ts";

const STICKERS = new Set<string>();

describe("uploadedDrawing", () => {
  it("gives a bundle's PNG and log as views into its body, each exactly its part's bytes", () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const log = Uint8Array.from([0x46, 0x56, 0x44, 0x52, 9, 8]);
    const encoded = encodeSaveBundle(png, log);
    const body = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength);
    const upload = uploadedDrawing(parseSaveBundle(body), STICKERS);
    expect([...upload.png]).toEqual([...png]);
    expect([...(upload.making?.bytes ?? [])]).toEqual([...log]);
    // Not copies: a copy of the PNG here was the largest work a save did for its log (uploads.ts).
    expect(upload.png.buffer).toBe(body.buffer);
    expect(upload.making?.bytes.buffer).toBe(body.buffer);
  });

  it("gives a raw PNG body as it is", () => {
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect(uploadedDrawing(body, STICKERS).png).toBe(body);
  });
});
