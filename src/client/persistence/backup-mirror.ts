/**
 * The backup worker's work (backup-worker.ts runs it): its own copy of the drawing (the mirror), brought up
 * to date by each request's patch, encoded as a PNG and written to IndexedDB, all off the page's main thread.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { drawSegments, forgetAppliedStyle } from "../engine/render.ts";
import { strokeSegments } from "../engine/smoothing.ts";
import type { Stroke } from "../engine/types.ts";
import type { BackupStore } from "./backup-store.ts";

/** The pixels that changed since the previous request. */
export type MirrorPatch =
  /** The whole drawing, as an exact 600 x 600 copy. */
  | { readonly kind: "all"; readonly bitmap: ImageBitmap }
  /** One rectangle of it, to go at (x, y) in drawing pixels. */
  | { readonly kind: "area"; readonly x: number; readonly y: number; readonly bitmap: ImageBitmap }
  /** Strokes committed since, drawn on the copy with the page's own calls (see MirrorSync). */
  | { readonly kind: "strokes"; readonly strokes: readonly Stroke[] };

/** One backup write (the page sends the next only after this one's answer). */
export interface BackupRequest {
  /** What changed since the previous request; null when no pixel did (only the record is new). */
  readonly patch: MirrorPatch | null;
  readonly savedAt: number;
  readonly remixOf: string | null;
}

/**
 * The answer: written, or why not. A "write" failure is IndexedDB's (the page warns and the next change tries
 * again); a "worker" failure means the worker cannot do this work here (the page takes the backup over).
 */
export type BackupAnswer =
  | { readonly written: true }
  | { readonly failed: "write" | "worker"; readonly error: string };

/** What the mirror is made with: the worker's OffscreenCanvas and backup store, or a test's fakes. */
export interface MirrorDependencies {
  readonly createCanvas: (size: number) => OffscreenCanvas;
  /** Opens the backup store; null when IndexedDB is unavailable, after handing the reason to `unavailable`. */
  readonly openStore: (unavailable: (reason: string) => void) => Promise<BackupStore | null>;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Answers backup requests in the order they come, one at a time. */
export function createBackupMirror(
  dependencies: MirrorDependencies,
): (request: BackupRequest) => Promise<BackupAnswer> {
  let context: OffscreenCanvasRenderingContext2D | null = null;
  let store: Promise<BackupStore | null> | null = null;
  let unavailableReason = "IndexedDB is unavailable in the worker";

  const applyPatch = (patch: MirrorPatch | null): OffscreenCanvasRenderingContext2D => {
    if (patch?.kind === "all") context ??= dependencies.createCanvas(CANVAS_SIZE).getContext("2d");
    if (context === null) {
      if (patch !== null && patch.kind !== "strokes") patch.bitmap.close();
      throw new Error(
        patch?.kind === "all" ? "no 2D context in the worker" : "the worker has no copy to update",
      );
    }
    if (patch?.kind === "strokes") {
      for (const { style, points, dot } of patch.strokes)
        drawSegments(context, style, strokeSegments(points, dot));
    } else if (patch !== null) {
      // The drawing is opaque (white under everything), so a copy drawn 1:1 over it gives exactly its pixels:
      // "copy" replaces the whole canvas, "source-over" the rectangle (opaque over anything is itself).
      context.globalCompositeOperation = patch.kind === "all" ? "copy" : "source-over";
      if (patch.kind === "all") context.drawImage(patch.bitmap, 0, 0);
      else context.drawImage(patch.bitmap, patch.x, patch.y);
      patch.bitmap.close();
      // Strokes drawn next set their style again in full.
      forgetAppliedStyle(context);
    }
    return context;
  };

  const openStore = (): Promise<BackupStore | null> => {
    store ??= dependencies.openStore((reason) => {
      unavailableReason = `IndexedDB is unavailable in the worker: ${reason}`;
    });
    return store;
  };

  return async ({ patch, savedAt, remixOf }) => {
    let png: Blob;
    try {
      png = await applyPatch(patch).canvas.convertToBlob({ type: "image/png" });
    } catch (error) {
      return { failed: "worker", error: messageOf(error) };
    }
    const opened = await openStore();
    if (opened === null) return { failed: "worker", error: unavailableReason };
    try {
      await opened.write({ blob: png, savedAt, remixOf });
      return { written: true };
    } catch (error) {
      // The connection may be what failed (closed for another tab's upgrade, or the database deleted): the
      // next write opens a new one.
      opened.close();
      store = null;
      return { failed: "write", error: messageOf(error) };
    }
  };
}
