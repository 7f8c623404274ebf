/** The Save Image flow of the drawing board: export, download, hand to the save callback, report status. */
import { useRef, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { downloadBlob, downloadFileName } from "../save/download.ts";
import { blobToDataUrl } from "../save/png-data.ts";
import type { SaveCallback } from "../save/save-callback.ts";
import type { SaveProgress } from "../save/save-queue.ts";
import type { SaveStatus } from "./save-status.ts";

export type { SaveCallback } from "../save/save-callback.ts";

const IDLE: SaveStatus = { kind: "idle" };

/**
 * Returns the current status and a save function. The PNG is encoded once (toBlob, off the main thread's
 * drawing path); the download starts first, so a failing server never costs the visitor their drawing; the
 * callback's data URL is read from that same blob afterwards. The status follows the latest click only.
 */
export function useSaveImage(
  engine: DrawingEngine | null,
  downloadPrefix: string,
  onSave: SaveCallback | undefined,
): { readonly status: SaveStatus; readonly save: () => Promise<void> } {
  const [status, setStatus] = useState<SaveStatus>(IDLE);
  const exporting = useRef(false);
  const latestClick = useRef(0);

  async function save(): Promise<void> {
    // A second click while the PNG is being encoded would only download the same picture twice.
    if (!engine || exporting.current) return;
    exporting.current = true;
    let blob: Blob;
    try {
      blob = await engine.toBlob();
    } catch (error) {
      console.error("Could not export the drawing as PNG", error);
      setStatus({ kind: "export-failed" });
      return;
    } finally {
      exporting.current = false;
    }
    downloadBlob(blob, downloadFileName(downloadPrefix));
    if (!onSave) return;

    const click = ++latestClick.current;
    const show = (next: SaveStatus): void => {
      if (latestClick.current === click) setStatus(next);
    };
    let reported = false;
    const report = (progress: SaveProgress): void => {
      reported = true;
      // The saved status keeps the PNG, for sharing the file itself where the browser can.
      show(progress.kind === "saved" ? { ...progress, png: blob } : progress);
    };
    show({ kind: "saving" });
    try {
      await onSave(await blobToDataUrl(blob), { png: blob, report });
      if (!reported) show({ kind: "saved" });
    } catch {
      // The callback has already logged the details; the visitor only needs to know their file is safe.
      show({ kind: "failed" });
    }
  }

  return { status, save };
}
