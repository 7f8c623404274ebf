import type { Operation } from "../../common/drawing-document/types.ts";
import type { RoomEntry, SubmittedEntry } from "../../common/rooms/room-entries.ts";
import { encodeSubmit } from "../../common/rooms/room-frames.ts";
import { RoomState } from "../../common/rooms/room-state.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { SharedHistory } from "../engine/shared-history.ts";
import type { LogChange } from "../engine/types.ts";
import { RoomPictures } from "./room-pictures.ts";
import { randomOpId, SendPace } from "./send-pace.ts";

// The page's side of a room's log. The server orders every entry; this page shows its own operations at once
// and reconciles: the engine shows the room's log (RoomState, as the server applied it) followed by this
// page's entries the log has not taken yet. Another person's operation is painted on top when that is where it
// belongs; anything else (an undo, a host's remove or clear, an operation that landed under one of ours still
// on its way) repaints the log from its start (from the room's picture, room-pictures.ts, when it holds one),
// once no stroke is being drawn. Undo and redo are entries too:
// each person's take back only their own operations, for everyone.

/** What the sync asks of the page. */
export interface SyncHost {
  /** Sends a frame; false when offline (it is sent again on reconnect). */
  readonly send: (bytes: Uint8Array) => boolean;
  /** Something the room bar shows changed (what waits to be sent, the lock). */
  readonly changed: () => void;
  /** An operation of the room landed on the picture (its live preview can go). */
  readonly landed: (author: number, opId: number) => void;
}

/** The room's log as this page holds it, kept on the engine. */
export class RoomSync implements SharedHistory {
  readonly #engine: DrawingEngine;
  readonly #host: SyncHost;
  state: RoomState | null = null;
  /** This page's entries the log has not taken yet, in the order made. */
  readonly pending: SubmittedEntry[] = [];
  #sent = 0;
  #slot = -1;
  #stale = false;
  #repainting = false;
  /** Others' operations handed to the engine (their 'change' is not this page's own). */
  readonly #received = new WeakSet<Operation>();
  #inFlight = 0;
  /** The op id the stroke being drawn will have (its live preview is sent under it). */
  strokeOpId = randomOpId();
  readonly #pace = new SendPace();
  /** Whether the canvas shows the room's starting picture (no repaint before it does). */
  startShown = true;
  #refill: ReturnType<typeof setInterval>;
  /** The room's picture: a repaint paints the operations after it, not the whole log. */
  readonly pictures: RoomPictures;

  constructor(engine: DrawingEngine, host: SyncHost) {
    this.#engine = engine;
    this.#host = host;
    this.pictures = new RoomPictures({
      send: host.send,
      canvasPng: () => engine.toBlob(),
      ready: () => this.repaintIfStale(),
    });
    this.#refill = setInterval(() => {
      this.#pace.refill();
      this.flush();
    }, 1000);
  }

  /** The engine's change: an operation of this page's own enters the queue. */
  readonly engineChanged = (change: LogChange): void => {
    if (change.kind !== "added" || this.#received.has(change.operation)) return;
    const opId = change.operation.kind === "stroke" ? this.strokeOpId : randomOpId();
    if (change.operation.kind === "stroke") this.strokeOpId = randomOpId();
    // Another person's operation still on its way to the picture now lands over this one, or a repaint begun
    // before this operation leaves it out: repaint in order.
    if (this.#inFlight > 0 || this.#repainting) this.#stale = true;
    this.pending.push({ kind: "op", opId, op: change.operation });
    this.flush();
    this.repaintIfStale();
  };

  /** Welcomed as `slot`: this page's operations carry it; a first welcome begins the room's state. */
  welcomed(slot: number, start: RoomState["start"]): void {
    this.#slot = slot;
    this.#engine.setAuthor(slot);
    if (this.state === null) {
      this.state = new RoomState(start);
      this.#stale = true;
    }
    // Everything not yet taken goes again: the log knows each by its op id and takes it once.
    this.#sent = 0;
    this.flush();
  }

  /** The log up to a seq, as a late joiner (or a page long away) gets it. */
  snapshot(state: RoomState): void {
    this.pictures.snapshot();
    this.state = state;
    this.#stale = true;
    this.repaintIfStale();
    this.#host.changed();
  }

  /** Entries of the log, in order. */
  entries(entries: readonly RoomEntry[]): void {
    const state = this.state;
    if (state === null) return;
    for (const entry of entries) {
      if (entry.seq <= state.through) continue;
      const change = state.apply(entry);
      if (change.kind === "changed" || change.kind === "cleared")
        this.pictures.rewrote(change.kind === "changed" ? change.from : 0);
      const mine = entry.author === this.#slot ? this.#take([entry.opId]) : -1;
      if (mine === 0 && entry.kind === "op") continue; // ours, where the picture has it already
      if (mine > 0 || change.kind === "changed" || change.kind === "cleared") this.#stale = true;
      if (change.kind === "added" && mine < 0) this.#paintOnTop(change.item.op, entry.opId);
    }
    this.flush();
    this.repaintIfStale();
    this.#engine.shareHistory(this);
    this.#host.changed();
  }

  /** Entries the log refused (dropped from the picture) or already held (a reconnect sent them again). */
  settle(opIds: readonly number[]): void {
    if (this.#take(opIds) >= 0) this.#stale = true;
    this.repaintIfStale();
    this.#engine.shareHistory(this);
    this.#host.changed();
  }

  /** Operations this page brings into a fresh room (the host's drawing so far): its own, sent as it draws. */
  bring(operations: readonly Operation[]): void {
    for (const op of operations)
      this.pending.push({ kind: "op", opId: randomOpId(), op: { ...op, author: this.#slot } });
    this.#stale = true;
    this.flush();
    this.repaintIfStale();
  }

  /** Sends what waits, in order, at the pace the room takes. */
  flush(): void {
    while (this.state !== null && this.#slot >= 0 && this.#sent < this.pending.length) {
      const count = this.#pace.take(this.pending, this.#sent);
      if (count === 0 || !this.#host.send(encodeSubmit(this.pending.slice(this.#sent, this.#sent + count))))
        return;
      this.#sent += count;
    }
  }

  /** The socket closed: what was sent but not taken goes again after the next welcome. */
  disconnected(): void {
    this.#sent = 0;
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    return this.#queue("undo");
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    return this.#queue("redo");
  }

  /** Whether this person has an operation on the picture to take back (undos on their way counted). */
  get canUndo(): boolean {
    let own = this.pending.filter((entry) => entry.kind === "op").length;
    for (const item of this.state?.items ?? [])
      if (item.on && item.op.author === this.#slot && item.op.kind !== "clear") own += 1;
    return own > this.pending.filter((entry) => entry.kind === "undo").length;
  }

  get canRedo(): boolean {
    const waiting = this.pending.filter((entry) => entry.kind === "redo").length;
    return (this.state?.redo.get(this.#slot)?.length ?? 0) > waiting;
  }

  /** Repaints the room's log and this page's waiting operations, unless a stroke is being drawn (then after it). */
  repaintIfStale(): void {
    const state = this.state;
    if (this.#repainting || state === null || !this.startShown || this.#engine.isDrawing) return;
    if (this.pictures.decoding || this.pictures.ahead(state)) return;
    if (!this.#stale) {
      // The canvas shows exactly the log: the page may take the room's picture from it (when it sends them).
      if (this.#inFlight === 0 && this.pending.length === 0) this.pictures.settled(state);
      return;
    }
    this.#stale = false;
    this.#repainting = true;
    const waiting = this.pending.flatMap((entry) => (entry.kind === "op" ? [entry.op] : []));
    void this.#engine.restore(this.pictures.savedLog(state, waiting)).finally(() => {
      this.#repainting = false;
      for (const item of state.items) this.#host.landed(item.op.author, item.opId);
      this.#engine.shareHistory(this);
      this.repaintIfStale();
    });
  }

  /** Stops sending. */
  stop(): void {
    clearInterval(this.#refill);
    this.pictures.stop();
    this.#engine.shareHistory(null);
  }

  #queue(kind: "undo" | "redo"): boolean {
    this.pending.push({ kind, opId: randomOpId() });
    this.flush();
    this.#engine.shareHistory(this);
    return true;
  }

  /** Drops these op ids from the queue; the index of the first found (-1: none was ours). */
  #take(opIds: readonly number[]): number {
    let first = -1;
    for (const opId of opIds) {
      const index = this.pending.findIndex((entry) => entry.opId === opId);
      if (index < 0) continue;
      first = first < 0 ? index : Math.min(first, index);
      this.pending.splice(index, 1);
      if (index < this.#sent) this.#sent -= 1;
    }
    return first;
  }

  /** Another person's operation, on top of the picture when nothing of ours waits under it. */
  #paintOnTop(operation: Operation, opId: number): void {
    const waits = this.pending.some((entry) => entry.kind === "op");
    if (this.#stale || this.#repainting || !this.startShown || this.#engine.isDrawing || waits) {
      this.#stale = true;
      return;
    }
    this.#received.add(operation);
    this.#inFlight += 1;
    this.#engine
      .applyOperation(operation)
      .then(
        () => this.#host.landed(operation.author, opId),
        () => {
          this.#stale = true;
        },
      )
      .finally(() => {
        this.#inFlight -= 1;
        this.repaintIfStale();
      });
  }
}
