import { PassThrough } from "node:stream";
import { DEFAULT_EVENT_STREAMS, type EventStreamSettings } from "../config.ts";
import type { EventBus } from "../db/event-bus.ts";
import { encodeCursor } from "../drawings/wall-cursor.ts";
import { type WallEvent, wallEventOf } from "./wall-events.ts";

/**
 * How many streams one process keeps open (503 past maxStreams, 429 past a network's or a visitor's share), how
 * far behind a client may fall before its stream is dropped (it reconnects), and how often an idle one is proved
 * alive.
 */
export interface EventStreamLimits extends EventStreamSettings {
  /** A comment this often keeps proxies from closing an idle stream (most cut at 30-60 s). */
  readonly heartbeatMs: number;
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
  /** A new stream subscribed to the wall for this visitor, or why none was opened. */
  open(owner: StreamOwner): PassThrough | StreamRefusal;
  /** Ends every stream (graceful shutdown): clients reconnect to a process that is still running. */
  closeAll(): void;
  /** How many are open now. */
  count(): number;
}

/** Streams of the wall's events on the bus; one shared heartbeat timer runs while any stream is open. */
export function createEventStreams(events: EventBus, limits: EventStreamLimits): EventStreams {
  const streams = new Set<PassThrough>();
  const perVisitor = new Map<string, number>();
  const perNetwork = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  const send = (stream: PassThrough, text: string) => sendWithin(stream, text, limits.maxBufferedBytes);

  const beat = () => {
    for (const stream of streams) send(stream, ": heartbeat\n\n");
  };

  return {
    open: ({ visitor, network }) => {
      if ((perVisitor.get(visitor) ?? 0) >= limits.maxStreamsPerVisitor) return "visitor_full";
      if ((perNetwork.get(network) ?? 0) >= limits.maxStreamsPerNetwork) return "network_full";
      if (streams.size >= limits.maxStreams) return "process_full";
      const stream = new PassThrough();
      streams.add(stream);
      count(perVisitor, visitor, 1);
      count(perNetwork, network, 1);
      const unsubscribe = events.subscribe((event) => {
        const wall = wallEventOf(event);
        if (wall !== undefined) send(stream, formatEvent(wall));
      });
      // Fires on every end: the client hung up, it fell behind, or the app is closing.
      stream.on("close", () => {
        unsubscribe();
        streams.delete(stream);
        count(perVisitor, visitor, -1);
        count(perNetwork, network, -1);
        if (streams.size === 0 && heartbeat !== undefined) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
      // The first bytes go out at once, so the client knows it is connected.
      stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      heartbeat ??= setInterval(beat, limits.heartbeatMs).unref();
      return stream;
    },
    closeAll: () => {
      for (const stream of streams) stream.end();
    },
    count: () => streams.size,
  };
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
 * One SSE message. A drawing's id is its gallery cursor, so a reconnecting client's Last-Event-ID
 * names a place on the wall; a removal carries no id and leaves that place unchanged.
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
