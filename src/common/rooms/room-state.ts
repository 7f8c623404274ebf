import type { Operation, StartingPicture } from "../drawing-document/types.ts";
import type { RoomEntry } from "./room-entries.ts";

// What a room's log amounts to, applied entry by entry the same way by the server and by every page:
// - an op is appended, and ends its author's chance to redo;
// - undo turns off its author's latest operation that is on; redo turns back on the one its author's last undo
//   turned off (until the author draws again);
// - the host's remove turns off every operation of one author for good;
// - a clear (only the host may send one) starts the drawing again: nothing before it can come back;
// - lock and unlock say whether anyone but the host may draw.
// Only what can still be seen or brought back is kept: that is the snapshot a late joiner gets (it folds the log
// the way Drawpile's reset does), and applying later entries to it gives what applying the whole log gives.

/** One operation the drawing holds: on (painted) or undone (its author may still redo it). */
export interface RoomItem {
  readonly seq: number;
  readonly opId: number;
  readonly op: Operation;
  on: boolean;
}

/** What applying an entry changed in the picture. */
export type StateChange =
  /** An operation painted on top of everything. */
  | { readonly kind: "added"; readonly item: RoomItem }
  /** Operations from `from` (a seq) on were turned on or off: repaint from before it. */
  | { readonly kind: "changed"; readonly from: number }
  /** A clear: the picture is its starting picture again, then `item` (the clear itself). */
  | { readonly kind: "cleared"; readonly item: RoomItem }
  | { readonly kind: "locked"; readonly locked: boolean }
  | { readonly kind: "none" };

/** A room's drawing as the log has made it so far. */
export class RoomState {
  readonly start: StartingPicture;
  /** The last seq applied (0: none). */
  through: number;
  locked: boolean;
  /** Kept operations in log order. */
  items: RoomItem[];
  /** Per author, the seqs their undos turned off, the last undone last. */
  readonly redo: Map<number, number[]>;

  constructor(
    start: StartingPicture,
    through = 0,
    locked = false,
    items: RoomItem[] = [],
    redo = new Map<number, number[]>(),
  ) {
    this.start = start;
    this.through = through;
    this.locked = locked;
    this.items = items;
    this.redo = redo;
  }

  /** The operations painted now, in order. */
  painted(): Operation[] {
    return this.items.filter((item) => item.on).map((item) => item.op);
  }

  /** How many operations are on (what the room's drawing holds). */
  paintedCount(): number {
    let count = 0;
    for (const item of this.items) if (item.on) count += 1;
    return count;
  }

  /** Applies the next entry of the log (its seq must follow `through`); says what changed. */
  apply(entry: RoomEntry): StateChange {
    this.through = entry.seq;
    switch (entry.kind) {
      case "op":
        return this.#append(entry.seq, entry.opId, entry.op);
      case "undo":
        return this.#undo(entry.author);
      case "redo":
        return this.#redo(entry.author);
      case "remove":
        return this.#remove(entry.target);
      case "lock":
      case "unlock":
        this.locked = entry.kind === "lock";
        return { kind: "locked", locked: this.locked };
    }
  }

  /** Forgets undone operations nobody can redo any more: the picture and every later entry's effect stay the same. */
  compact(): void {
    const redoable = new Set<number>();
    for (const seqs of this.redo.values()) for (const seq of seqs) redoable.add(seq);
    this.items = this.items.filter((item) => item.on || redoable.has(item.seq));
  }

  #append(seq: number, opId: number, op: Operation): StateChange {
    const item: RoomItem = { seq, opId, op, on: true };
    if (op.kind === "clear") {
      this.items = [item];
      this.redo.clear();
      return { kind: "cleared", item };
    }
    this.items.push(item);
    this.redo.delete(op.author);
    return { kind: "added", item };
  }

  #undo(author: number): StateChange {
    for (let index = this.items.length - 1; index >= 0; index -= 1) {
      const item = this.items[index];
      if (item === undefined || !item.on || item.op.author !== author || item.op.kind === "clear") continue;
      item.on = false;
      const stack = this.redo.get(author) ?? [];
      stack.push(item.seq);
      this.redo.set(author, stack);
      return { kind: "changed", from: item.seq };
    }
    return { kind: "none" };
  }

  #redo(author: number): StateChange {
    const seq = this.redo.get(author)?.pop();
    const item = seq === undefined ? undefined : this.#find(seq);
    if (item === undefined || item.on) return { kind: "none" };
    item.on = true;
    return { kind: "changed", from: item.seq };
  }

  #remove(target: number): StateChange {
    let from: number | undefined;
    const kept: RoomItem[] = [];
    for (const item of this.items) {
      if (item.op.author === target && item.op.kind !== "clear") {
        if (item.on) from ??= item.seq;
      } else kept.push(item);
    }
    this.items = kept;
    this.redo.delete(target);
    return from === undefined ? { kind: "none" } : { kind: "changed", from };
  }

  #find(seq: number): RoomItem | undefined {
    let low = 0;
    let high = this.items.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const item = this.items[middle];
      if (item === undefined) return undefined;
      if (item.seq === seq) return item;
      if (item.seq < seq) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}
