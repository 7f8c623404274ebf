/**
 * A stored drawing's timelapse, loaded and checked: its making fetched and decoded with the shared decoder, its
 * starting picture loaded, every painter prepared, and the replay's finished picture compared with the stored PNG
 * (a log could show something the PNG does not: then there is no timelapse for the public).
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { decodeDrawing } from "../../common/drawing-document/decode.ts";
import { knownStickers } from "../../common/drawing-document/known-stickers.ts";
import type { DrawingDocument, StartingPicture } from "../../common/drawing-document/types.ts";
import { loadImage } from "../branding/load-image.ts";
import { context2d } from "../engine/checkpoints.ts";
import { PAINTERS } from "../engine/painters.ts";
import { comparePictures, type PictureComparison } from "./picture-match.ts";
import { preparePainters, TimelapseReplay } from "./replay.ts";

/** Where a drawing's timelapse and what it needs are. */
export interface TimelapseSource {
  /** The drawing's making (GET /api/drawings/<id>/making, or the admin's). */
  readonly makingUrl: string;
  /** The stored PNG the replay must end on. */
  readonly pictureUrl: string;
  /** The branding's mascot (a log that starts from it). */
  readonly mascotUrl: string;
  /** The branding's stickers' image addresses, which a log may place besides Fanvas's own. */
  readonly stickers: readonly string[];
  /** The PNG of the drawing a remix starts from. */
  readonly drawingUrl: (id: string) => string;
}

/** A timelapse ready to play, and how its end compared with the stored picture. */
export interface LoadedTimelapse {
  readonly document: DrawingDocument;
  readonly replay: TimelapseReplay;
  readonly comparison: PictureComparison;
}

/** Why there is no timelapse to play: none stored, or one that could not be read, prepared or checked. */
export class NoTimelapse extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "NoTimelapse";
  }
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const answer = await fetch(url, { credentials: "same-origin" });
  if (!answer.ok) throw new NoTimelapse(`The timelapse could not be fetched (${answer.status}).`);
  return new Uint8Array(await answer.arrayBuffer());
}

/** The picture a document starts from, as the engine's first display takes it (drawn mirrored; null: white). */
async function startingPicture(
  start: StartingPicture,
  source: TimelapseSource,
): Promise<CanvasImageSource | null> {
  if (start.kind === "white") return null;
  if (start.kind === "mascot") return loadImage(source.mascotUrl);
  // A remix starts from its source as the page showed it: mirrored once here, so the first display's own
  // mirroring shows it as it was drawn (remix-base.ts).
  const image = await loadImage(source.drawingUrl(start.id));
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const context = context2d(canvas);
  context.translate(CANVAS_SIZE, 0);
  context.scale(-1, 1);
  context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  return canvas;
}

/** The RGBA pixels of a 600 x 600 picture. */
function pixelsOf(image: CanvasImageSource): Uint8ClampedArray {
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const context = context2d(canvas);
  context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  return context.getImageData(0, 0, CANVAS_SIZE, CANVAS_SIZE).data;
}

/** A timelapse made from an encoded making already at hand (this tab's own save), checked against `picture`. */
export async function timelapseOf(
  making: Uint8Array,
  picture: CanvasImageSource,
  source: Omit<TimelapseSource, "makingUrl" | "pictureUrl">,
): Promise<LoadedTimelapse> {
  let document: DrawingDocument;
  try {
    document = decodeDrawing(making, {
      stickers: knownStickers(source.stickers.map((image) => ({ name: image, image }))),
    });
  } catch (error) {
    throw new NoTimelapse("This drawing's timelapse cannot be read here.", { cause: error });
  }
  let background: CanvasImageSource | null;
  try {
    [background] = await Promise.all([
      startingPicture(document.start, { ...source, makingUrl: "", pictureUrl: "" }),
      preparePainters(document, PAINTERS),
    ]);
  } catch (error) {
    throw new NoTimelapse("What this timelapse needs could not be loaded.", { cause: error });
  }
  const replay = new TimelapseReplay(document, background, PAINTERS);
  const comparison = comparePictures(
    pixelsOf(replay.finished()),
    pixelsOf(picture),
    CANVAS_SIZE,
    CANVAS_SIZE,
  );
  return { document, replay, comparison };
}

/** Loads and checks a stored drawing's timelapse; rejects with NoTimelapse when there is none to play. */
export async function loadTimelapse(source: TimelapseSource): Promise<LoadedTimelapse> {
  const [making, picture] = await Promise.all([
    fetchBytes(source.makingUrl),
    loadImage(source.pictureUrl).catch((error: unknown) => {
      throw new NoTimelapse("The drawing could not be loaded.", { cause: error });
    }),
  ]);
  return timelapseOf(making, picture, source);
}
