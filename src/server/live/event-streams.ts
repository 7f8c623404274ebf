import { PassThrough } from "node:stream";
import { encodeCursor } from "../drawings/wall-cursor.ts";
import type { EventBus } from "./event-bus.ts";
import { type WallEvent, wallEventOf } from "./wall-events.ts";

/** How many streams one process keeps open, and how often it proves an idle one is alive. */
export interface EventStreamLimits {
  /** Past this many open streams a new one is answered 503, so memory and sockets stay bounded. */
  readonly maxStreams: number;
  /** Past this many open streams of one visitor (IPv4 address, IPv6 /64) theirs is answered 429. */
  readonly maxStreamsPerVisitor: number;
  /** A comment this often keeps proxies from closing an idle stream (most cut at 30-60 s). */
  readonly heartbeatMs: number;
}

/**
 * 1,000 streams of a few KB each; 6 per visitor, what one browser opens to one host at most over HTTP/1.1
 * (a wall in every tab), so one client can never take every slot; a heartbeat every 15 s.
 */
export const DEFAULT_EVENT_STREAM_LIMITS: EventStreamLimits = {
  maxStreams: 1000,
  maxStreamsPerVisitor: 6,
  heartbeatMs: 15_000,
};

/** EventSource waits this long before reconnecting after a drop (the browser default is about 3 s). */
const RECONNECT_MS = 2000;
/** A client this far behind is not reading; it is dropped (and reconnects) instead of growing memory. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** Why no stream was opened: the process, or this visitor, already has as many as allowed. */
export type StreamRefusal = "process_full" | "visitor_full";

/** The open Server-Sent Events streams of one process. */
export interface EventStreams {
  /** A new stream subscribed to the wall for this visitor, or why none was opened. */
  open(visitor: string): PassThrough | StreamRefusal;
  /** Ends every stream (graceful shutdown): clients reconnect to a process that is still running. */
  closeAll(): void;
  /** How many are open now. */
  count(): number;
}

/** Streams of the wall's events on the bus; one shared heartbeat timer runs while any stream is open. */
export function createEventStreams(events: EventBus, limits: EventStreamLimits): EventStreams {
  const streams = new Set<PassThrough>();
  const perVisitor = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;

  const beat = () => {
    for (const stream of streams) send(stream, ": heartbeat\n\n");
  };

  return {
    open: (visitor) => {
      if (streams.size >= limits.maxStreams) return "process_full";
      const held = perVisitor.get(visitor) ?? 0;
      if (held >= limits.maxStreamsPerVisitor) return "visitor_full";
      const stream = new PassThrough();
      streams.add(stream);
      perVisitor.set(visitor, held + 1);
      const unsubscribe = events.subscribe((event) => {
        const wall = wallEventOf(event);
        if (wall !== undefined) send(stream, formatEvent(wall));
      });
      // Fires on every end: the client hung up, it fell behind, or the app is closing.
      stream.on("close", () => {
        unsubscribe();
        streams.delete(stream);
        const left = (perVisitor.get(visitor) ?? 1) - 1;
        if (left === 0) perVisitor.delete(visitor);
        else perVisitor.set(visitor, left);
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

function send(stream: PassThrough, text: string): void {
  if (stream.writableEnded || stream.destroyed) return;
  if (stream.writableLength > MAX_BUFFERED_BYTES) stream.destroy();
  else stream.write(text);
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
