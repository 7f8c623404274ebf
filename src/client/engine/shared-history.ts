/** Undo and redo kept outside the engine's log (a live room's: each person takes back only their own operations). */
export interface SharedHistory {
  undo(): boolean;
  redo(): boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
}
