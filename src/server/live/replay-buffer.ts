import { randomBytes } from "node:crypto";

// The last events of a process's wall stream, so a visitor whose connection blinked is sent what it missed
// instead of asking for the wall again. Bounded in count and bytes: what no longer fits is forgotten, and a
// visitor who missed more than this refetches, as every visitor did before it could resume.

/** How many of the latest events a process keeps, and their bytes in all, for visitors that reconnect. */
export interface ReplayLimits {
  readonly maxEvents: number;
  readonly maxBytes: number;
}

/** About a minute of a busy wall, and at most 64 KiB, for the whole process however many visitors it has. */
export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { maxEvents: 256, maxBytes: 64 * 1024 };

/** The latest events with their places in the stream (SSE ids "<epoch>.<sequence>"). */
export interface ReplayBuffer {
  /** The place of the latest event (the place before any when there is none yet). */
  position(): string;
  /** Keeps the message of the next event, made by `format` from its place; returns the message. */
  append(format: (position: string) => string): string;
  /**
   * The messages of every event after `lastEventId`, in order; undefined when this buffer cannot say (an id of
   * another process or an earlier run, one it no longer holds events after, or anything else).
   */
  since(lastEventId: string): readonly string[] | undefined;
}

interface Entry {
  readonly sequence: number;
  readonly text: string;
  readonly bytes: number;
}

/** An empty buffer whose places no other process (or run of this one) shares. */
export function createReplayBuffer(limits: ReplayLimits = DEFAULT_REPLAY_LIMITS): ReplayBuffer {
  const epoch = randomBytes(6).toString("base64url");
  const entries: Entry[] = [];
  let bytes = 0;
  let latest = 0;
  const placeOf = (sequence: number) => `${epoch}.${sequence}`;
  return {
    position: () => placeOf(latest),
    append: (format) => {
      latest += 1;
      const text = format(placeOf(latest));
      const entry = { sequence: latest, text, bytes: Buffer.byteLength(text) };
      entries.push(entry);
      bytes += entry.bytes;
      while (entries.length > limits.maxEvents || bytes > limits.maxBytes)
        bytes -= entries.shift()?.bytes ?? 0;
      return text;
    },
    since: (lastEventId) => {
      const [given, sequenceText = ""] = lastEventId.split(".");
      if (given !== epoch || !/^\d{1,15}$/.test(sequenceText)) return undefined;
      const sequence = Number(sequenceText);
      // The events after `sequence` are all here only if the first one kept is the one right after it.
      const oldest = entries[0]?.sequence ?? latest + 1;
      if (sequence > latest || sequence < oldest - 1) return undefined;
      return entries.filter((entry) => entry.sequence > sequence).map((entry) => entry.text);
    },
  };
}
