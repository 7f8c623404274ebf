import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import { knownStickers } from "../../../src/common/drawing-document/known-stickers.ts";
import { POINT_GRID } from "../../../src/common/drawing-document/limits.ts";
import type { StrokeOperation } from "../../../src/common/drawing-document/types.ts";
import type { RoomEntry, SubmittedEntry } from "../../../src/common/rooms/room-entries.ts";
import { decodeEntries, encodeSubmit, FRAME, LIVE_FIRST } from "../../../src/common/rooms/room-frames.ts";
import type { ClientMessage, ServerMessage } from "../../../src/common/rooms/room-messages.ts";
import {
  decodeBatch,
  decodeLive,
  decodePointer,
  encodeLive,
} from "../../../src/common/rooms/room-passing-frames.ts";
import { decodeSnapshot } from "../../../src/common/rooms/room-snapshot.ts";
import { RoomState } from "../../../src/common/rooms/room-state.ts";

// A room's page as a test drives it: a real WebSocket, the page's own encoders, and everything it received.

const OPTIONS = { stickers: knownStickers() };
const DEADLINE_MS = 10_000;

/** What a test client received, in order. */
export type Received =
  | { kind: "json"; message: ServerMessage }
  | { kind: "entries"; entries: RoomEntry[] }
  | { kind: "snapshot"; state: RoomState }
  | { kind: "live"; slot: number; strokeId: number; points: number }
  | { kind: "pointer"; slot: number }
  | { kind: "close"; code: number; reason: string };

/** A connected test page. */
export interface RoomTestClient {
  readonly socket: WebSocket;
  readonly received: Received[];
  /** The visitor id cookie it sent. */
  readonly visitorId: string;
  sendJson(message: ClientMessage | Record<string, unknown>): void;
  submit(entries: readonly SubmittedEntry[]): void;
  sendBytes(bytes: Uint8Array): void;
  /** Resolves with the first received item (from the start) that matches. */
  waitFor<T extends Received>(match: (item: Received) => item is T, what: string): Promise<T>;
  waitFor(match: (item: Received) => boolean, what: string): Promise<Received>;
  /** Every op entry received so far, in seq order. */
  ops(): RoomEntry[];
  /** The room's state as the page holds it: the last snapshot, then every entry after it. */
  state(): RoomState;
  close(): void;
}

/** Opens a room's socket (with the given Origin and visitor cookie) and says hello unless told not to. */
export async function connectRoom(
  baseUrl: string,
  roomId: string,
  options: {
    origin?: string;
    visitorId?: string;
    hello?: ClientMessage | false;
    headers?: Record<string, string>;
  } = {},
): Promise<RoomTestClient> {
  const visitorId = options.visitorId ?? randomBytes(16).toString("base64url");
  const url = `${baseUrl.replace(/^http/, "ws")}/api/rooms/${roomId}/socket`;
  const socket = new WebSocket(url, {
    headers: { cookie: `fanvas_visitor=${visitorId}`, ...(options.headers ?? {}) },
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  });
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const push = (item: Received) => {
    received.push(item);
    for (const waiter of waiters) waiter();
  };
  const onFrame = (bytes: Uint8Array) => {
    if (bytes[0] === FRAME.batch) return decodeBatch(bytes).forEach(onFrame);
    if (bytes[0] === FRAME.entries) return push({ kind: "entries", entries: decodeEntries(bytes, OPTIONS) });
    if (bytes[0] === FRAME.snapshot) return push({ kind: "snapshot", state: decodeSnapshot(bytes, OPTIONS) });
    if (bytes[0] === FRAME.live) {
      const live = decodeLive(bytes, OPTIONS, true);
      return push({ kind: "live", slot: live.slot, strokeId: live.strokeId, points: live.points });
    }
    if (bytes[0] === FRAME.pointer) return push({ kind: "pointer", slot: decodePointer(bytes, true).slot });
  };
  socket.on("message", (data, isBinary) => {
    if (!isBinary) return push({ kind: "json", message: JSON.parse(String(data)) as ServerMessage });
    onFrame(new Uint8Array(data as Buffer));
  });
  socket.on("close", (code, reason) => push({ kind: "close", code, reason: String(reason) }));
  socket.on("error", () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (request, response) => {
      response.resume();
      request.destroy();
      reject(new Error(`handshake answered ${response.statusCode}`));
    });
    socket.once("error", reject);
  });
  const client: RoomTestClient = {
    socket,
    received,
    visitorId,
    sendJson: (message) => socket.send(JSON.stringify(message)),
    submit: (entries) => socket.send(encodeSubmit(entries)),
    sendBytes: (bytes) => socket.send(bytes),
    waitFor: ((match: (item: Received) => boolean, what: string) =>
      new Promise<Received>((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (found === undefined) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `timed out waiting for ${what}; received (last 20) ${JSON.stringify(received.slice(-20).map(summary))}`,
            ),
          );
        }, DEADLINE_MS);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      })) as RoomTestClient["waitFor"],
    ops: () => {
      const ops: RoomEntry[] = [];
      for (const item of received) {
        if (item.kind === "snapshot")
          ops.splice(
            0,
            ops.length,
            ...item.state.items.map((i) => ({
              seq: i.seq,
              author: i.op.author,
              opId: i.opId,
              kind: "op" as const,
              op: i.op,
            })),
          );
        if (item.kind === "entries") ops.push(...item.entries.filter((entry) => entry.kind === "op"));
      }
      return ops;
    },
    state: () => {
      let state = new RoomState({ kind: "mascot" });
      for (const item of received) {
        if (item.kind === "snapshot") state = item.state;
        if (item.kind === "entries")
          for (const entry of item.entries) if (entry.seq > state.through) state.apply(entry);
      }
      return state;
    },
    close: () => socket.close(),
  };
  if (options.hello !== false) client.sendJson(options.hello ?? { t: "hello" });
  return client;
}

function summary(item: Received): unknown {
  if (item.kind === "json") return item.message;
  if (item.kind === "entries") return { entries: item.entries.map((entry) => `${entry.seq}:${entry.kind}`) };
  if (item.kind === "snapshot") return { snapshot: item.state.through };
  return item;
}

/** Whether an item is a JSON message of type `t`. */
export function isMessage<T extends ServerMessage["t"]>(t: T) {
  return (item: Received): item is { kind: "json"; message: Extract<ServerMessage, { t: T }> } =>
    item.kind === "json" && item.message.t === t;
}

let nextOpId = 1_000;

/** A fresh op id. */
export function opId(): number {
  nextOpId += 1;
  return nextOpId;
}

/** A stroke through `count` points along a line, on the format's grid. */
export function stroke(count = 5, colour = "#000000", startX = 100): StrokeOperation {
  const x = Array.from({ length: count }, (_, index) => startX + index);
  return {
    kind: "stroke",
    author: 0,
    time: 0,
    style: { colour, width: 3, eraser: false },
    points: { x, y: x.map(() => 200), elapsed: x.map((_, index) => index * 16) },
    dot: true,
  };
}

/** A live frame of a stroke's first points. */
export function liveFrame(strokeId: number, count = 3): Uint8Array {
  return encodeLive({ strokeId, flags: LIVE_FIRST, stroke: stroke(count) });
}

/** Whether `value` is on the point grid (sanity for hand-made strokes). */
export const onGrid = (value: number) => Number.isInteger(value * POINT_GRID);
