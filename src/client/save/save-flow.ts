/**
 * What Save does once the picture is encoded: download it first (so a failing server never costs the visitor
 * their drawing), then hand it to the save callback and report its progress. Its own chunk, loaded beside the
 * drawing tool as the board mounts, so the first bundle carries only what paints and draws.
 */
import type { DrawingDocument } from "../../common/drawing-document/types.ts";
import { rememberMyDrawing } from "../wall/my-drawings.ts";
import { downloadBlob, downloadFileName } from "./download.ts";
import { encodedMaking } from "./making.ts";
import type { SaveCallback } from "./save-callback.ts";
import type { SaveProgress } from "./save-queue.ts";
import type { SaveStatus } from "./save-status.ts";
import "./save-status.css";

/**
 * Downloads `png` as `{downloadPrefix}-{milliseconds}.png`, then hands the same bytes and the drawing's making
 * (`document` encoded: its timelapse) to `onSave`, showing each step through `show`. Never rejects: a callback
 * that fails shows the "download is safe" failure (the callback has already logged the details).
 */
export async function deliverDrawing(
  png: Blob,
  downloadPrefix: string,
  onSave: SaveCallback | undefined,
  show: (status: SaveStatus) => void,
  document: DrawingDocument | null = null,
): Promise<void> {
  downloadBlob(png, downloadFileName(downloadPrefix));
  if (!onSave) return;
  const making = encodedMaking(document);
  let reported = false;
  const report = (progress: SaveProgress): void => {
    reported = true;
    if (progress.kind === "saved" && progress.id !== undefined) rememberMyDrawing(progress.id);
    // The saved status keeps the PNG and the making, for sharing the file or its timelapse where it can.
    show(progress.kind === "saved" ? { ...progress, png, making } : progress);
  };
  show({ kind: "saving" });
  try {
    await onSave({ png, report, making });
    if (!reported) show({ kind: "saved", png, making });
  } catch {
    show({ kind: "failed" });
  }
}
