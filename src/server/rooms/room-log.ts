import { decodeDrawing } from "../../common/drawing-document/decode.ts";
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { RoomEntry } from "../../common/rooms/room-entries.ts";
import { encodeEntries } from "../../common/rooms/room-frames.ts";
import type { PictureMark } from "../../common/rooms/room-picture.ts";
import { decodeSnapshot, encodeSnapshot } from "../../common/rooms/room-snapshot.ts";
import { RoomState } from "../../common/rooms/room-state.ts";
import type { Store } from "../db/open.ts";
import { entriesAfter, type StoredEntry, saveSnapshot } from "./room-log-queries.ts";
import type { StoredRoom } from "./room-queries.ts";

// One process's copy of a room's log: the state it amounts to, the last snapshot frame and the entries frames
// sent since, so a late joiner gets one snapshot and a few frames. Entries are applied strictly in seq order:
// what another process appended is read from the store first when a seq is missing.

/** Entries after a snapshot before the log is folded again (a late joiner's frames stay few). */
const FOLD_AFTER_ENTRIES = 256;
/** Entries read from the store at a time while catching up. */
const READ_AT_ONCE = 500;
/** Undos, redos, removes and clears remembered, to tell whether a room's picture still shows the log. */
const REWRITES_KEPT = 1024;

/** A snapshot frame and the seq it folds the log up to. */
interface Folded {
  readonly through: number;
  readonly bytes: Uint8Array;
}

/** An entries frame sent since the snapshot, and the seqs it holds. */
interface SentFrame {
  readonly first: number;
  readonly last: number;
  readonly bytes: Uint8Array;
}

/** A one-operation document: how an op is kept in the store. */
export function operationBody(op: Operation): Uint8Array {
  return encodeDrawing({ start: { kind: "white" }, operations: [op] });
}

/**
 * Stickers of stored operations: each was checked against the page's stickers when it arrived, and a log must
 * still open after the branding's stickers change (docs/decisions/0020's consequences).
 */
const ANY_STICKER: ReadonlySet<string> = new Set<string>();
Object.defineProperty(ANY_STICKER, "has", { value: () => true });

/** The room's entry of a stored row (undefined for a row this version of Fanvas cannot read). */
export function entryOfRow(row: StoredEntry): RoomEntry | undefined {
  const base = { seq: row.seq, author: row.author, opId: row.op_id === null ? 0 : Number(row.op_id) };
  switch (row.kind) {
    case "op": {
      const op =
        row.body === null ? undefined : decodeDrawing(row.body, { stickers: ANY_STICKER }).operations[0];
      return op === undefined ? undefined : { ...base, kind: "op", op };
    }
    case "remove":
      return { ...base, kind: "remove", target: row.target ?? 0 };
    case "undo":
    case "redo":
    case "lock":
    case "unlock":
      return { ...base, kind: row.kind };
    default:
      return undefined;
  }
}

/** A room's log in this process. */
export class RoomLog {
  readonly state: RoomState;
  readonly #roomId: string;
  readonly #store: Store;
  #snapshot: Folded;
  #sent: SentFrame[] = [];
  #sentEntries = 0;
  /** Bytes of the operations added since the snapshot (the room's size grows by them). */
  #addedBytes = 0;
  #chain: Promise<void> = Promise.resolve();
  /** Entries that turned operations on or off: at `at`, those from seq `from` on (a clear: from 0). */
  #rewrites: { at: number; from: number }[] = [];
  /** Rewrites before this seq are not known (the log was opened, or they were let go). */
  #rewritesKnownFrom: number;

  private constructor(roomId: string, store: Store, state: RoomState, snapshot?: Folded) {
    this.#roomId = roomId;
    this.#store = store;
    this.state = state;
    this.#rewritesKnownFrom = state.through;
    this.#snapshot = snapshot ?? { through: state.through, bytes: encodeSnapshot(state) };
  }

  /**
   * Opens the room's log from its stored snapshot and the entries after it. The stored snapshot's bytes are
   * handed out as they are, with the entries after it as one frame: encoding the state again would cost a late
   * joiner who opens the room (nobody else is in it) twice the decode's time.
   */
  static async open(room: StoredRoom, store: Store): Promise<RoomLog> {
    const state =
      room.snapshot === undefined
        ? new RoomState(room.start)
        : decodeSnapshot(room.snapshot, { stickers: ANY_STICKER });
    const folded = room.snapshot === undefined ? undefined : { through: state.through, bytes: room.snapshot };
    const after: RoomEntry[] = [];
    for (;;) {
      const rows = await entriesAfter(store.db, room.id, state.through, READ_AT_ONCE);
      for (const row of rows) {
        const entry = entryOfRow(row);
        if (entry === undefined) throw new Error(`room ${room.id}: entry ${row.seq} is of an unknown kind`);
        state.apply(entry);
        after.push(entry);
      }
      if (rows.length < READ_AT_ONCE) break;
    }
    state.compact();
    const log = new RoomLog(room.id, store, state, folded);
    if (folded !== undefined && after.length > 0) log.#keepSent(after);
    return log;
  }

  /** Entries after the snapshot, as one frame sent (late joiners get it after the snapshot). */
  #keepSent(entries: readonly RoomEntry[]): void {
    this.#sent.push({ first: entries[0]?.seq ?? 0, last: this.state.through, bytes: encodeEntries(entries) });
    this.#sentEntries += entries.length;
    for (const entry of entries) if (entry.kind === "op") this.#addedBytes += opSize(entry);
  }

  /** The frames that bring a page holding the log up to `since` (0: nothing) to now. */
  framesSince(since: number): Uint8Array[] {
    if (since >= this.#snapshot.through && since <= this.state.through) {
      return this.#sent.filter((frame) => frame.last > since).map((frame) => frame.bytes);
    }
    return [this.#snapshot.bytes, ...this.#sent.map((frame) => frame.bytes)];
  }

  /**
   * Whether the picture of the log through `mark.seq` holding `mark.painted` operations is still the start of
   * the drawing: nothing since turned an operation up to that seq on or off, and as many are painted.
   */
  showsPrefix(mark: PictureMark): boolean {
    if (mark.seq > this.state.through || mark.seq < this.#rewritesKnownFrom) return false;
    if (this.#rewrites.some((rewrite) => rewrite.at > mark.seq && rewrite.from <= mark.seq)) return false;
    let painted = 0;
    for (const item of this.state.items) if (item.on && item.seq <= mark.seq) painted += 1;
    return painted === mark.painted;
  }

  /** The last seq applied. */
  get through(): number {
    return this.state.through;
  }

  /** Encoded size of the room's drawing, near enough: what its snapshot would take. */
  get bytes(): number {
    return this.#snapshot.bytes.length + this.#addedBytes;
  }

  /**
   * Applies entries this process appended (they follow what it holds, or the missing ones are read first) and
   * hands each frame to `send`, in seq order.
   */
  deliver(entries: readonly RoomEntry[], send: (frame: Uint8Array, last: number) => void): Promise<void> {
    return this.#queue(async () => {
      const first = entries[0];
      if (first === undefined || first.seq <= this.state.through) return;
      if (first.seq > this.state.through + 1) await this.#readUpTo(first.seq - 1, send);
      this.#apply(entries, send);
    });
  }

  /** Reads and applies what other processes appended, up to `lastSeq`. */
  catchUp(lastSeq: number, send: (frame: Uint8Array, last: number) => void): Promise<void> {
    return this.#queue(() => this.#readUpTo(lastSeq, send));
  }

  /** Stores the current fold (when anything was added since the last one). */
  async persist(): Promise<void> {
    await this.#queue(async () => {
      if (this.#sent.length > 0) this.#fold();
      await saveSnapshot(this.#store.db, this.#roomId, this.#snapshot.through, this.#snapshot.bytes);
    });
  }

  async #readUpTo(lastSeq: number, send: (frame: Uint8Array, last: number) => void): Promise<void> {
    while (this.state.through < lastSeq) {
      const rows = await entriesAfter(this.#store.db, this.#roomId, this.state.through, READ_AT_ONCE);
      if (rows.length === 0) return;
      const entries = rows.map((row) => {
        const entry = entryOfRow(row);
        if (entry === undefined)
          throw new Error(`room ${this.#roomId}: entry ${row.seq} is of an unknown kind`);
        return entry;
      });
      this.#apply(entries, send);
    }
  }

  #apply(entries: readonly RoomEntry[], send: (frame: Uint8Array, last: number) => void): void {
    const fresh = entries.filter((entry) => entry.seq > this.state.through);
    if (fresh.length === 0) return;
    for (const entry of fresh) {
      const change = this.state.apply(entry);
      if (entry.kind === "op") this.#addedBytes += opSize(entry);
      if (change.kind === "changed" || change.kind === "cleared")
        this.#rewrote(entry.seq, change.kind === "changed" ? change.from : 0);
    }
    const bytes = encodeEntries(fresh);
    const last = this.state.through;
    this.#sent.push({ first: fresh[0]?.seq ?? last, last, bytes });
    this.#sentEntries += fresh.length;
    send(bytes, last);
    if (this.#sentEntries >= FOLD_AFTER_ENTRIES) {
      this.#fold();
      const { through, bytes: snapshot } = this.#snapshot;
      void saveSnapshot(this.#store.db, this.#roomId, through, snapshot).catch(() => {});
    }
  }

  #rewrote(at: number, from: number): void {
    this.#rewrites.push({ at, from });
    if (this.#rewrites.length <= REWRITES_KEPT) return;
    const forgotten = this.#rewrites.splice(0, this.#rewrites.length - REWRITES_KEPT);
    this.#rewritesKnownFrom = forgotten.at(-1)?.at ?? this.#rewritesKnownFrom;
  }

  #fold(): void {
    this.state.compact();
    this.#snapshot = { through: this.state.through, bytes: encodeSnapshot(this.state) };
    this.#sent = [];
    this.#sentEntries = 0;
    this.#addedBytes = 0;
  }

  #queue(work: () => Promise<void>): Promise<void> {
    const next = this.#chain.then(work);
    this.#chain = next.catch(() => {});
    return next;
  }
}

/** Roughly what an op adds to the encoded drawing: a stroke's points cost about 4 bytes each. */
function opSize(entry: RoomEntry & { kind: "op" }): number {
  const op = entry.op;
  if (op.kind === "stroke") return 16 + op.points.x.length * 4;
  if (op.kind === "caption") return 64 + op.lines.reduce((sum, line) => sum + line.text.length * 3 + 20, 0);
  return 40;
}
