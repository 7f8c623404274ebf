/** Whether the engine can undo or redo, as React state that changes only when the engine says so. */
import { useEffect, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";

/** The two flags the Undo and Redo buttons show. */
export interface HistoryFlags {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}

const NOTHING: HistoryFlags = { canUndo: false, canRedo: false };

/**
 * Follows the engine's 'historychange' event (never polled). The event fires once per stroke, undo, redo or
 * clear, not per pointer move, and an unchanged pair keeps the same state object so React skips the render.
 */
export function useEngineHistory(engine: DrawingEngine | null): HistoryFlags {
  const [flags, setFlags] = useState<HistoryFlags>(NOTHING);

  useEffect(() => {
    if (engine === null) {
      setFlags(NOTHING);
      return;
    }
    const update = (next: HistoryFlags) =>
      setFlags((current) =>
        current.canUndo === next.canUndo && current.canRedo === next.canRedo
          ? current
          : { canUndo: next.canUndo, canRedo: next.canRedo },
      );
    update({ canUndo: engine.canUndo, canRedo: engine.canRedo });
    return engine.on("historychange", update);
  }, [engine]);

  return flags;
}
