/** The drawing component's save callback: the spec's data-URL callback, with extras for a page that wants them. */
import type { SaveProgress } from "./save-queue.ts";

/** What a save callback gets besides the spec's PNG data URL. */
export interface SaveContext {
  /** The same PNG as a Blob — exactly the downloaded bytes — so an upload need not decode the data URL. */
  readonly png: Blob;
  /**
   * Tells the visitor how the save stands, as often as it changes. A callback that reports before its returned
   * promise settles owns the status; otherwise the promise decides it (resolved: "Saved", rejected: failed).
   */
  readonly report: (progress: SaveProgress) => void;
  /**
   * The drawing's making (its document, encoded: common/drawing-document), stored beside the picture for its
   * timelapse; absent when the page has none or the format refused it.
   */
  readonly making?: Uint8Array | undefined;
}

/** The spec's save callback: receives the PNG data URL; the page's also uses the context. */
export type SaveCallback = (pngDataUrl: string, context: SaveContext) => unknown;
