/**
 * The drawing component's save callback. The spec's callback received the PNG as a data URL; every use here
 * wants its bytes (the upload sends them; the Supabase insert makes its own data URL from them), so the
 * callback gets the Blob, and no Save base64-encodes the picture for nothing.
 */
import type { SaveProgress } from "./save-queue.ts";

/** What a save callback gets. */
export interface SaveContext {
  /** The PNG, exactly the downloaded bytes. */
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

/** The save callback: stores the saved picture, reporting how it goes. */
export type SaveCallback = (context: SaveContext) => unknown;
