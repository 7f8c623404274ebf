/** What the save status line says. */
import type { SaveProgress } from "../save/save-queue.ts";

/** A stored save, with the PNG this tab made, so a phone can share the file itself. */
export type SavedStatus = Extract<SaveProgress, { kind: "saved" }> & { readonly png?: Blob };

/** Where the last save stands: nothing yet, a queued save's progress, or a failure of the save flow itself. */
export type SaveStatus =
  | { readonly kind: "idle" }
  | Exclude<SaveProgress, { kind: "saved" }>
  | SavedStatus
  /** A save callback without progress reports rejected. */
  | { readonly kind: "failed" }
  /** The canvas could not be encoded as PNG; nothing was downloaded. */
  | { readonly kind: "export-failed" };

/** Issue 2's promise: whatever the server does, the visitor's file is already on their device. */
export const SAVE_FAILED_TEXT = "Couldn't save — your download is safe";

/** The short sentence for a status; empty while idle. */
export function saveStatusText(status: SaveStatus): string {
  switch (status.kind) {
    case "idle":
      return "";
    case "saving":
      return "Saving…";
    case "saved":
      return "Saved";
    case "retrying":
      return `${SAVE_FAILED_TEXT}. Retrying…`;
    case "refused":
      return `${SAVE_FAILED_TEXT}. ${status.message}`;
    case "failed":
      return SAVE_FAILED_TEXT;
    case "export-failed":
      return "Couldn't create the image — please try again";
  }
}
