import path from "node:path";
import sharp from "sharp";
import type { Pixels } from "./pixels.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** Decodes PNG bytes (a download, a stored row, a data URL's payload) to RGBA pixels. */
export async function decodePng(bytes: Uint8Array): Promise<Pixels> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

/** True when the bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return signature.every((byte, i) => bytes[i] === byte);
}

/** The bytes of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(",");
  return new Uint8Array(Buffer.from(dataUrl.slice(comma + 1), "base64"));
}

/**
 * The shipped mascot as the canvas should show it on first display: flipped left-right and laid over white.
 * `mirrored: false` gives the unflipped image, so a test can prove the flip matters.
 */
export async function mascotOnWhite(mirrored = true): Promise<Pixels> {
  const image = sharp(path.join(REPO_ROOT, "public", "mascot.png"));
  const flipped = mirrored ? image.flop() : image;
  const { data, info } = await flipped
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
