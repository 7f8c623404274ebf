import type { RoomEntry, SubmittedEntry } from "../../common/rooms/room-entries.ts";
import type { RoomContext } from "./room-context.ts";
import { operationBody } from "./room-log.ts";
import { appendEntries, type NewEntry } from "./room-log-queries.ts";
import type { RoomMember } from "./room-presence.ts";

// A room's entries on their way into the store, group-committed: what arrives while an append runs goes into
// the next one, so a busy room makes one transaction at a time whatever its pace. Each author hears what became
// of an entry the log did not take (it held it already, or the room is locked or ended).

/** Entries one append takes at most (what queued behind waits for the next). */
const APPEND_AT_ONCE = 256;

interface PendingEntry {
  readonly entry: NewEntry;
  readonly member: RoomMember | undefined;
  /** The entry as pages get it, but for its seq (known once appended). */
  readonly room: RoomEntry | undefined;
}

/** The append queue of one room. */
export class RoomAppender {
  readonly #context: RoomContext;
  readonly #roomId: string;
  readonly #deliver: (entries: RoomEntry[]) => Promise<void>;
  #pending: PendingEntry[] = [];
  #appending = false;

  constructor(context: RoomContext, roomId: string, deliver: (entries: RoomEntry[]) => Promise<void>) {
    this.#context = context;
    this.#roomId = roomId;
    this.#deliver = deliver;
  }

  /** Queues a page's entries; its ops take its slot as author and `time` (ms since the room began). */
  submit(member: RoomMember, entries: readonly SubmittedEntry[], time: number): void {
    for (const submitted of entries) {
      const base = { author: member.slot, opId: submitted.opId, host: member.host };
      if (submitted.kind !== "op") {
        this.#pending.push({ entry: { ...base, kind: submitted.kind }, member, room: undefined });
        continue;
      }
      const op = { ...submitted.op, author: member.slot, time };
      const room: RoomEntry = { seq: 0, author: member.slot, opId: submitted.opId, kind: "op", op };
      this.#pending.push({ entry: { ...base, kind: "op", body: operationBody(op) }, member, room });
    }
    void this.#append();
  }

  /** Queues a host's lock, unlock or remove. */
  control(member: RoomMember, kind: "lock" | "unlock" | "remove", target?: number): void {
    const entry: NewEntry = {
      author: member.slot,
      opId: undefined,
      kind,
      host: true,
      ...(target === undefined ? {} : { target }),
    };
    this.#pending.push({ entry, member: undefined, room: undefined });
    void this.#append();
  }

  async #append(): Promise<void> {
    if (this.#appending || this.#pending.length === 0) return;
    this.#appending = true;
    const batch = this.#pending.splice(0, APPEND_AT_ONCE);
    try {
      const { feed, store } = this.#context;
      const notify = feed.notifyEntries;
      const outcome = await appendEntries(
        store.db,
        this.#roomId,
        batch.map((pending) => pending.entry),
        new Date(this.#context.now()),
        notify === undefined ? undefined : (trx, lastSeq) => notify(trx, this.#roomId, lastSeq),
      );
      const entries: RoomEntry[] = [];
      let next = 0;
      batch.forEach((pending, index) => {
        const fate = outcome.ended ? "ended" : outcome.fates[index];
        if (fate === "added") {
          const row = outcome.added[next++];
          if (row !== undefined) entries.push(entryOf(pending, row.seq));
        } else answer(pending, fate);
      });
      await this.#deliver(entries);
    } catch (error) {
      this.#context.log.error({ err: error, room: this.#roomId }, "could not add to a room's log");
      for (const pending of batch) {
        pending.member?.send({
          t: "refused",
          opIds: pending.entry.opId === undefined ? [] : [pending.entry.opId],
          code: "unavailable",
          message: "The server could not store this; it will be sent again when you reconnect.",
        });
      }
    } finally {
      this.#appending = false;
      void this.#append();
    }
  }
}

/** Tells an entry's author what became of an entry that was not added. */
function answer(pending: PendingEntry, fate: "duplicate" | "locked" | "ended" | undefined): void {
  const { member, entry } = pending;
  if (member === undefined || entry.opId === undefined) return;
  const opIds = [entry.opId];
  if (fate === "duplicate") member.send({ t: "ack", opIds });
  else if (fate === "locked")
    member.send({ t: "refused", opIds, code: "locked", message: "The host has locked the drawing." });
  else member.send({ t: "refused", opIds, code: "ended", message: "The room has ended." });
}

function entryOf(pending: PendingEntry, seq: number): RoomEntry {
  const { entry, room } = pending;
  if (room !== undefined) return { ...room, seq } as RoomEntry;
  const base = { seq, author: entry.author, opId: entry.opId ?? 0 };
  if (entry.kind === "remove") return { ...base, kind: "remove", target: entry.target ?? 0 };
  return { ...base, kind: entry.kind as "undo" | "redo" | "lock" | "unlock" };
}
