/** When a backup may be written: the guard that keeps a blank or failed canvas from replacing a good backup. */

/** The gate's handle; each method says whether a write should be requested now. */
export interface BackupGate {
  /** The visitor changed the picture (stroke, undo, redo, clear). */
  change(): boolean;
  /** The attempt to restore the saved drawing finished; `restored` says whether it is now on the canvas. */
  restoreSettled(restored: boolean): boolean;
  /** The page is going away: nothing more may be written. */
  stop(): void;
}

type GatePhase = "restoring" | "live" | "stopped";

/**
 * Writes answer only a visitor's change, and none happens before the restore attempt has finished, since the
 * backup then still holds what the visitor cares about. A change made during the attempt is written after it,
 * unless the restored drawing replaced it (the picture on screen is then the backup itself).
 */
export function createBackupGate(): BackupGate {
  let phase: GatePhase = "restoring";
  let changedWhileRestoring = false;
  return {
    change(): boolean {
      if (phase === "restoring") changedWhileRestoring = true;
      return phase === "live";
    },
    restoreSettled(restored: boolean): boolean {
      if (phase !== "restoring") return false;
      phase = "live";
      return changedWhileRestoring && !restored;
    },
    stop(): void {
      phase = "stopped";
    },
  };
}
