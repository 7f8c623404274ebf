/**
 * Issue 31's fan-out latency: bots on loopback driving real WebSockets into one room, on one or more server
 * processes. Each drawer sends 60 live segments a second; each receipt at every drawer and TIMED_WATCHERS
 * watchers is timed from its send. A throttled drawer (its socket read 1 ms in every 1,000) may join: its own
 * receipts are left out, so what is measured is whether it slows the others.
 */
import { readFileSync } from "node:fs";
import WebSocket from "ws";
import { knownStickers } from "../src/common/drawing-document/known-stickers.ts";
import { FRAME, LIVE_FIRST } from "../src/common/rooms/room-frames.ts";
import { decodeBatch, decodeLive, encodeLive } from "../src/common/rooms/room-passing-frames.ts";

const SEGMENTS_PER_SECOND = 60;
const WARM_MS = 1000;
/** How long receipts are timed. */
export const MEASURE_MS = 5000;
const OPTIONS = { stickers: knownStickers() };
/**
 * Watchers whose receipts are timed (every drawer's are too). The others receive and read every frame as a page
 * does, but decoding every frame of 130 pages in this one process made the bots, not the server, the bottleneck
 * (the same latency distribution, sampled at fewer pages).
 */
const TIMED_WATCHERS = 10;
/**
 * The throttled page reads for this long every THROTTLE_EVERY_MS: on loopback, 2 ms in every 100 still drained
 * everything, so it never reached the 64 KiB past which the server drops a page's passing frames.
 */
const THROTTLE_READ_MS = 1;
const THROTTLE_EVERY_MS = 1000;

/** One measurement's room. */
export interface FanoutRoom {
  /** Base URLs of the processes; pages are spread over them in turn. */
  readonly baseUrls: readonly string[];
  readonly drawers: number;
  readonly watchers: number;
  /** One more drawer whose socket drains slowly. */
  readonly throttled?: boolean;
  /** The server processes' ids, whose CPU time is read (Linux's /proc). */
  readonly pids?: readonly number[];
}

/** CPU ms the processes used so far (user and system), 0 where /proc cannot say. */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  }
  // USER_HZ is 100 on Linux.
  return ticks * 10;
}

/** The latencies (ms, sorted) of every timed receipt, and what the throttled page got. */
export interface FanoutResult {
  readonly latencies: number[];
  /** Receipts of the throttled page (it is sent fewer: the server drops what it cannot take). */
  readonly throttledReceipts: number;
  /** Server CPU ms per second of the measured window, and per 1,000 frames delivered to pages. */
  readonly cpuPerSecond: number;
  readonly cpuPerThousand: number;
}

/** One page of the room, once welcomed. */
async function page(
  baseUrl: string,
  id: string,
  heard: ((key: string, at: number) => void) | undefined,
): Promise<WebSocket> {
  const visitor = `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/rooms/${id}/socket`, {
    headers: { cookie: `fanvas_visitor=${visitor}` },
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  // A page sends nothing more until it is welcomed (the server takes few messages before that).
  let welcomed: () => void = () => {};
  const welcome = new Promise<void>((resolve) => {
    welcomed = resolve;
  });
  socket.send(JSON.stringify({ t: "hello" }));
  socket.on("message", (data, binary) => {
    if (!binary) {
      if (String(data).startsWith('{"t":"welcome"')) welcomed();
      return;
    }
    if (heard === undefined) return;
    const bytes = new Uint8Array(data as Buffer);
    const at = performance.now();
    for (const frame of bytes[0] === FRAME.batch ? decodeBatch(bytes) : [bytes]) {
      if (frame[0] !== FRAME.live) continue;
      const live = decodeLive(frame, OPTIONS, true);
      heard(`${live.strokeId}:${live.stroke?.points.elapsed[0]}`, at);
    }
  });
  await welcome;
  return socket;
}

/** Reads the socket a little at a time, as a page on a slow connection would. */
function throttle(socket: WebSocket): NodeJS.Timeout {
  socket.pause();
  return setInterval(() => {
    socket.resume();
    setTimeout(() => socket.pause(), THROTTLE_READ_MS);
  }, THROTTLE_EVERY_MS);
}

/** Makes a room on the first process, fills it with pages and drawers, and times every receipt. */
export async function measureFanout(room: FanoutRoom): Promise<FanoutResult> {
  const [first] = room.baseUrls;
  const made = await fetch(`${first}/api/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { id } = (await made.json()) as { id: string };
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let throttledReceipts = 0;
  let measuring = false;
  const heardBy = (counted: boolean) => (key: string, at: number) => {
    const sent = sentAt.get(key);
    if (!measuring || sent === undefined) return;
    if (counted) latencies.push(at - sent);
    else throttledReceipts += 1;
  };
  const urlOf = (index: number) => room.baseUrls[index % room.baseUrls.length] as string;
  const sockets = await Promise.all(
    Array.from({ length: room.watchers + room.drawers }, (_, index) => {
      const timed = index < TIMED_WATCHERS || index >= room.watchers;
      return page(urlOf(index), id, timed ? heardBy(true) : undefined);
    }),
  );
  const drawing = sockets.slice(room.watchers);
  const throttles: NodeJS.Timeout[] = [];
  if (room.throttled) {
    const slow = await page(urlOf(sockets.length), id, heardBy(false));
    throttles.push(throttle(slow));
    drawing.push(slow);
    sockets.push(slow);
  }
  let counter = 0;
  const timers = drawing.map((socket, index) => {
    const strokeId = 1000 + index;
    let firstSegment = true;
    return setInterval(() => {
      counter += 1;
      sentAt.set(`${strokeId}:${counter}`, performance.now());
      const points = { x: [100, 101], y: [100, 100], elapsed: [counter, counter] };
      const style = { colour: "#000000", width: 3, eraser: false };
      const stroke = { kind: "stroke" as const, author: 0, time: 0, style, points, dot: false };
      socket.send(encodeLive({ strokeId, flags: firstSegment ? LIVE_FIRST : 0, stroke }));
      firstSegment = false;
    }, 1000 / SEGMENTS_PER_SECOND);
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_MS));
  const sentBefore = counter;
  const cpuBefore = cpuMs(room.pids ?? []);
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  const cpu = cpuMs(room.pids ?? []) - cpuBefore;
  // Every segment goes to every page but its drawer's.
  const delivered = (counter - sentBefore) * (sockets.length - 1);
  for (const timer of [...timers, ...throttles]) clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 500));
  measuring = false;
  for (const socket of sockets) socket.terminate();
  return {
    latencies: latencies.sort((a, b) => a - b),
    throttledReceipts,
    cpuPerSecond: cpu / (MEASURE_MS / 1000),
    cpuPerThousand: (cpu / delivered) * 1000,
  };
}
