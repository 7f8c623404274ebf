/** The Save Image flow of the drawing board: export, download, hand to the save callback, report status. */
import { useRef, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { downloadBlob, downloadFileName } from "../save/download.ts";
import { blobToDataUrl } from "../save/png-data.ts";

/** The save callback: gets the PNG data URL; a returned promise is awaited to tell the visitor how it went. */
export type SaveCallback = (pngDataUrl: string) => unknown;

/** Where the last save stands. */
export type SaveStatus = "idle" | "saving" | "saved" | "failed" | "export-failed";

/** The short line the visitor sees near the buttons for each status. */
export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  idle: "",
  saving: "Saving…",
  saved: "Saved",
  failed: "Couldn't save — your download is safe",
  "export-failed": "Couldn't create the image — please try again",
};

/**
 * Returns the current status and a save function. The download always comes first, so a failing server never
 * costs the visitor their drawing; a second click while a save is in flight is ignored.
 */
export function useSaveImage(
  engine: DrawingEngine | null,
  downloadPrefix: string,
  onSave: SaveCallback | undefined,
): { readonly status: SaveStatus; readonly save: () => Promise<void> } {
  const [status, setStatus] = useState<SaveStatus>("idle");
  const inFlight = useRef(false);

  async function save(): Promise<void> {
    if (!engine || inFlight.current) return;
    inFlight.current = true;
    try {
      let blob: Blob;
      try {
        blob = await engine.toBlob();
      } catch (error) {
        console.error("Could not export the drawing as PNG", error);
        setStatus("export-failed");
        return;
      }
      downloadBlob(blob, downloadFileName(downloadPrefix));
      if (!onSave) return;
      setStatus("saving");
      try {
        await onSave(await blobToDataUrl(blob));
        setStatus("saved");
      } catch {
        // The callback has already logged the details; the visitor only needs to know their file is safe.
        setStatus("failed");
      }
    } finally {
      inFlight.current = false;
    }
  }

  return { status, save };
}
