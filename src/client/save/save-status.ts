/** What the save status line says. */
import type { SaveProgress } from "./save-queue.ts";

/**
 * A stored save, with the PNG this tab made (so a phone can share the file itself) and its making (so the sheet
 * can make its timelapse video).
 */
export type SavedStatus = Extract<SaveProgress, { kind: "saved" }> & {
  readonly png?: Blob;
  readonly making?: Uint8Array | undefined;
};

/** Where the last save stands: nothing yet, a queued save's progress, or a failure of the save flow itself. */
export type SaveStatus =
  | { readonly kind: "idle" }
  | Exclude<SaveProgress, { kind: "saved" }>
  | SavedStatus
  /** A save callback without progress reports rejected. */
  | { readonly kind: "failed" }
  /** The canvas could not be encoded as PNG; nothing was downloaded. */
  | { readonly kind: "export-failed" }
  /** Save on the first display (nothing drawn since load or Clear): nothing was downloaded or stored. */
  | { readonly kind: "untouched" };

/** How a status looks at a glance: the chip's colour and icon. */
export type StatusTone = "none" | "busy" | "done" | "warning" | "error" | "hint";

/** A pending save (pre-moderation): stored, but nobody else sees it until a moderator approves it. */
export const SAVED_PENDING_TEXT = "Saved — it will appear on the wall once a moderator approves it";

/** True when the status is a save that is public now, so a View link and sharing make sense. */
export function isPublicSave(status: SaveStatus): status is SavedStatus {
  return status.kind === "saved" && status.status !== "pending";
}

/** The save's promise: whatever the server does, the visitor's file is already on their device. */
export const SAVE_FAILED_TEXT = "Couldn't save — your download is safe";

/** The short sentence for a status; empty while idle. */
export function saveStatusText(status: SaveStatus): string {
  switch (status.kind) {
    case "idle":
      return "";
    case "saving":
      return "Saving…";
    case "saved":
      return status.status === "pending" ? SAVED_PENDING_TEXT : "Saved";
    case "retrying":
      return `${SAVE_FAILED_TEXT}. Retrying…`;
    case "refused":
      return `${SAVE_FAILED_TEXT}. ${status.message}`;
    case "failed":
      return SAVE_FAILED_TEXT;
    case "export-failed":
      return "Couldn't create the image — please try again";
    case "untouched":
      return "Draw something first — there is nothing to save yet";
  }
}

/** The tone a status is shown in: in progress, done, retrying on its own, failed, or a hint. */
export function saveStatusTone(status: SaveStatus): StatusTone {
  switch (status.kind) {
    case "idle":
      return "none";
    case "saving":
      return "busy";
    case "saved":
      return "done";
    case "retrying":
      return "warning";
    case "untouched":
      return "hint";
    default:
      return "error";
  }
}
