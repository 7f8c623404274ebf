import { PassThrough } from "node:stream";
import { DEFAULT_EVENT_STREAMS, type EventStreamSettings } from "../config.ts";
import type { EventBus } from "../db/event-bus.ts";
import { encodeCursor } from "../wall/wall-cursor.ts";
import {
  createReplayBuffer,
  DEFAULT_REPLAY_LIMITS,
  type ReplayBuffer,
  type ReplayLimits,
} from "./replay-buffer.ts";
import { type WallEvent, wallEventOf } from "./wall-events.ts";

// Ours rather than a library's (@fastify/sse and the like): a stream here is one of a few a visitor, a network and
// the process may hold (the refusals are 429 and 503 with what to do), it is dropped once its client falls this
// far behind rather than buffering for it, one heartbeat timer serves them all, and a reconnecting visitor is sent
// what it missed from one bounded buffer for the whole process (replay-buffer.ts). Each is a few lines here.

/**
 * How many streams one process keeps open (503 past maxStreams, 429 past a network's or a visitor's share), how
 * far behind a client may fall before its stream is dropped (it reconnects), and how often an idle one is proved
 * alive.
 */
export interface EventStreamLimits extends EventStreamSettings {
  /** A comment this often keeps proxies from closing an idle stream (most cut at 30-60 s). */
  readonly heartbeatMs: number;
  /** What the process keeps for visitors that reconnect with Last-Event-ID. Default: DEFAULT_REPLAY_LIMITS. */
  readonly replay?: ReplayLimits;
}

/** DEFAULT_EVENT_STREAMS (README's table), and a heartbeat every 15 s. */
export const DEFAULT_EVENT_STREAM_LIMITS: EventStreamLimits = {
  ...DEFAULT_EVENT_STREAMS,
  heartbeatMs: 15_000,
};

/** EventSource waits this long before reconnecting after a drop (the browser default is about 3 s). */
const RECONNECT_MS = 2000;

/** Why no stream was opened: the process, this network or this visitor already has as many as allowed. */
export type StreamRefusal = "process_full" | "network_full" | "visitor_full";

/** Whom a stream is for: the visitorKey and networkKey of its request. */
export interface StreamOwner {
  readonly visitor: string;
  readonly network: string;
}

/** The open Server-Sent Events streams of one process. */
export interface EventStreams {
  /**
   * A new stream of the wall for this visitor, or why none was opened. It starts with `event: resumed` and the
   * events after `lastEventId` (the Last-Event-ID a reconnecting EventSource sends) when the process still holds
   * them all, else with `event: refetch`: the page reads the wall again, as what came before is not in the stream.
   */
  open(owner: StreamOwner, lastEventId?: string): PassThrough | StreamRefusal;
  /** Ends every stream and stops hearing the bus (graceful shutdown): clients reconnect to a running process. */
  closeAll(): void;
  /** How many are open now. */
  count(): number;
}

/**
 * Streams of the wall's events on the bus; one shared heartbeat timer runs while any stream is open. Each event is
 * written once into the replay buffer with its place (a bare `id:` line after the message, which sets the
 * browser's Last-Event-ID without an event of its own), then to every open stream.
 */
export function createEventStreams(events: EventBus, limits: EventStreamLimits): EventStreams {
  const streams = new Set<PassThrough>();
  const replay = createReplayBuffer(limits.replay ?? DEFAULT_REPLAY_LIMITS);
  const perVisitor = new Map<string, number>();
  const perNetwork = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  const send = (stream: PassThrough, text: string) => sendWithin(stream, text, limits.maxBufferedBytes);

  const beat = () => {
    for (const stream of streams) send(stream, ": heartbeat\n\n");
  };
  const stopHearing = events.subscribe((event) => {
    const wall = wallEventOf(event);
    if (wall === undefined) return;
    const message = replay.append((position) => `${formatEvent(wall)}id: ${position}\n\n`);
    for (const stream of streams) send(stream, message);
  });

  return {
    open: ({ visitor, network }, lastEventId) => {
      if ((perVisitor.get(visitor) ?? 0) >= limits.maxStreamsPerVisitor) return "visitor_full";
      if ((perNetwork.get(network) ?? 0) >= limits.maxStreamsPerNetwork) return "network_full";
      if (streams.size >= limits.maxStreams) return "process_full";
      const stream = new PassThrough();
      streams.add(stream);
      count(perVisitor, visitor, 1);
      count(perNetwork, network, 1);
      // Fires on every end: the client hung up, it fell behind, or the app is closing.
      stream.on("close", () => {
        streams.delete(stream);
        count(perVisitor, visitor, -1);
        count(perNetwork, network, -1);
        if (streams.size === 0 && heartbeat !== undefined) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
      // The first bytes go out at once, so the client knows it is connected.
      stream.write(firstMessages(replay, lastEventId, limits.maxBufferedBytes));
      heartbeat ??= setInterval(beat, limits.heartbeatMs).unref();
      return stream;
    },
    closeAll: () => {
      stopHearing();
      for (const stream of streams) stream.end();
    },
    count: () => streams.size,
  };
}

/**
 * What a new stream starts with: the reconnection delay, then either what the visitor missed since `lastEventId`
 * (when all of it is held, and within half of what a stream may hold, so the replay never drops the stream it is
 * for) or the refetch signal with the place the stream starts from.
 */
function firstMessages(
  replay: ReplayBuffer,
  lastEventId: string | undefined,
  maxBufferedBytes: number,
): string {
  const missed = lastEventId === undefined ? undefined : replay.since(lastEventId);
  const missedBytes = (missed ?? []).reduce((total, text) => total + Buffer.byteLength(text), 0);
  if (missed !== undefined && missedBytes <= maxBufferedBytes / 2) {
    return `retry: ${RECONNECT_MS}\n: connected\n\nevent: resumed\ndata: {"missed":${missed.length}}\n\n${missed.join("")}`;
  }
  return `retry: ${RECONNECT_MS}\nid: ${replay.position()}\n: connected\n\nevent: refetch\ndata: {}\n\n`;
}

/**
 * Writes one message unless the client is this far behind: then it is not reading, and its stream is dropped
 * (the client reconnects) instead of holding more. What the socket and the stream hold together counts.
 */
function sendWithin(stream: PassThrough, text: string, maxBufferedBytes: number): void {
  if (stream.writableEnded || stream.destroyed) return;
  if (stream.writableLength + stream.readableLength + text.length > maxBufferedBytes) stream.destroy();
  else stream.write(text);
}

function count(totals: Map<string, number>, key: string, change: number): void {
  const total = (totals.get(key) ?? 0) + change;
  if (total <= 0) totals.delete(key);
  else totals.set(key, total);
}

/**
 * One SSE message. A drawing's id is its gallery cursor (a place on the wall); the bare id line that follows every
 * message (createEventStreams) is what a reconnecting browser sends back as Last-Event-ID.
 */
function formatEvent(event: WallEvent): string {
  if (event.type === "added") {
    const { item } = event;
    const id = encodeCursor({ createdAt: item.createdAt, id: item.id });
    return `id: ${id}\nevent: drawing\ndata: ${JSON.stringify(item)}\n\n`;
  }
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
