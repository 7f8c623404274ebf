import type { Operation } from "../drawing-document/types.ts";

// A live room's log: every entry the room's one authority ordered, numbered from 1 without gaps. Drawing
// operations are entries, and so are the undo and redo of one's own operations and the host's controls, so
// every process and every page that applies the same entries in the same order reaches the same drawing
// (room-state.ts) without asking anyone.

/** What an entry does: draw, take one's own last operation back or bring it again, or a host's control. */
export type RoomEntryKind = "op" | "undo" | "redo" | "remove" | "lock" | "unlock";

/** The kinds in their wire order (a byte each); append only. */
export const ROOM_ENTRY_KINDS: readonly RoomEntryKind[] = ["op", "undo", "redo", "remove", "lock", "unlock"];

/** What every entry carries: who made it and their id for it. */
interface EntryBase {
  /** The author slot of the person who made it (the operation's own author, for an op). */
  readonly author: number;
  /**
   * The author's id for it, random, below 2^48: a page that sends it again (a reconnect, an offline queue)
   * finds it already in the log instead of adding it twice. 0 for what the server made itself.
   */
  readonly opId: number;
}

/** An entry as its author sends it (the server gives it its place and author). */
export type SubmittedEntry =
  | { readonly kind: "op"; readonly opId: number; readonly op: Operation }
  | { readonly kind: "undo" | "redo"; readonly opId: number };

/** An entry of the log. */
export type RoomEntry = EntryBase & { readonly seq: number } & (
    | { readonly kind: "op"; readonly op: Operation }
    | { readonly kind: "undo" | "redo" | "lock" | "unlock" }
    /** The host removed every operation of the author in `target` (a slot). */
    | { readonly kind: "remove"; readonly target: number }
  );

/** The largest op id a page may choose (48 random bits fit a varint of 7 bytes and a double exactly). */
export const MAX_OP_ID = 2 ** 48 - 1;
