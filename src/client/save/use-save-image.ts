/** The Save Image flow of the drawing board: refuse an untouched canvas, export, then deliver (save-flow.ts). */
import { useEffect, useRef, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import type { SaveCallback } from "./save-callback.ts";
import type { SaveStatus } from "./save-status.ts";

export type { SaveCallback } from "./save-callback.ts";

const IDLE: SaveStatus = { kind: "idle" };

/** Save's download and hand-over (save-flow.ts), with the board's extras: fetched as the board mounts. */
const saveFlow = lazyChunk(() => import("./save-flow.ts"));

/**
 * Returns the current status and a save function. The PNG is encoded once (toBlob, off the main thread's
 * drawing path); the download starts first, so a failing server never costs the visitor their drawing, then
 * the callback gets the same bytes. The status follows the latest click only, and
 * only while the picture on screen is the one that click saved: any change (a stroke, Clear, Undo) empties it,
 * and what an earlier save does later (stored after a retry) is no longer shown. An untouched canvas (the first
 * display) downloads and stores nothing and asks for a drawing instead.
 */
export function useSaveImage(
  engine: DrawingEngine | null,
  downloadPrefix: string,
  onSave: SaveCallback | undefined,
): { readonly status: SaveStatus; readonly save: () => Promise<void> } {
  const [status, setStatus] = useState<SaveStatus>(IDLE);
  const exporting = useRef(false);
  const latestClick = useRef(0);

  useEffect(() => {
    if (engine === null) return;
    return engine.on("change", () => {
      latestClick.current += 1;
      setStatus((current) => (current.kind === "idle" ? current : IDLE));
    });
  }, [engine]);

  async function save(): Promise<void> {
    // A second click while the PNG is being encoded would only download the same picture twice.
    if (!engine || exporting.current) return;
    // What a tool has just applied (a caption placed by this Save) is on the picture, and its change told, first.
    await engine.settled();
    const click = ++latestClick.current;
    const show = (next: SaveStatus): void => {
      if (latestClick.current === click) setStatus(next);
    };
    // The plain mascot is not a drawing: nothing for the device, nothing for the public wall.
    if (engine.isUntouched) return show({ kind: "untouched" });
    exporting.current = true;
    // Taken with the picture, before anything is awaited: the making is of exactly what the PNG shows.
    const document = engine.document;
    let exported: [Blob, typeof import("./save-flow.ts")];
    try {
      // Download and hand-over come with the board's extras, fetched as it mounts; a Save made before waits.
      exported = await Promise.all([engine.toBlob(), saveFlow.load()]);
    } catch (error) {
      // A chunk that cannot load (offline before it arrived) is retried by the next click.
      console.error("Could not export the drawing as PNG", error);
      return show({ kind: "export-failed" });
    } finally {
      exporting.current = false;
    }
    await exported[1].deliverDrawing(exported[0], downloadPrefix, onSave, show, document);
  }

  return { status, save };
}
