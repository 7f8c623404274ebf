import sharp from "sharp";
import { drawingPng } from "../../api/helpers/png.ts";

// Drawings saved to and read from a containerised server over HTTP, compared by their decoded pixels: the server
// re-encodes what it stores in the background, so the bytes served may change while the picture may not.

/** A stored drawing as its save answered. */
export interface SavedDrawing {
  readonly id: string;
  /** The image's path on the server (/api/drawings/<id>.png). */
  readonly url: string;
  /** The PNG that was uploaded. */
  readonly png: Buffer;
}

/** Uploads a distinct 600 x 600 drawing and resolves with the 201's id and url; any other answer rejects. */
export async function saveDrawing(baseUrl: string, seed: number): Promise<SavedDrawing> {
  const png = await drawingPng(600, 600, seed);
  const response = await fetch(`${baseUrl}/api/drawings`, {
    method: "POST",
    headers: { "Content-Type": "image/png" },
    body: new Uint8Array(png),
  });
  const body = (await response.json()) as { id?: string; url?: string; message?: string };
  if (response.status !== 201 || body.id === undefined || body.url === undefined) {
    throw new Error(`save answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return { id: body.id, url: body.url, png };
}

/** RGBA pixels of a PNG. */
export function pixelsOf(png: Buffer): Promise<Buffer> {
  return sharp(png).ensureAlpha().raw().toBuffer();
}

/** The pixels the server serves for the drawing; rejects unless it answers 200 with a PNG. */
export async function servedPixels(baseUrl: string, drawing: SavedDrawing): Promise<Buffer> {
  const response = await fetch(`${baseUrl}${drawing.url}`);
  if (response.status !== 200) throw new Error(`GET ${drawing.url} answered ${response.status}`);
  return pixelsOf(Buffer.from(await response.arrayBuffer()));
}

/** Whether the server serves exactly the uploaded picture, pixel for pixel. */
export async function servesSamePicture(baseUrl: string, drawing: SavedDrawing): Promise<boolean> {
  const [served, uploaded] = await Promise.all([servedPixels(baseUrl, drawing), pixelsOf(drawing.png)]);
  return served.equals(uploaded);
}
