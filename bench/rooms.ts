/**
 * The live rooms bench (`npm run bench -- --only rooms`): one server process on SQLite, bots on loopback
 * driving real WebSockets. Per room size (2, 10 and 30 drawers, each sending 60 live segments a second, with 100
 * watchers), the fan-out latency from a drawer's send to every other page's receipt, p50 and p99 over 5 s after a
 * second of warm-up; median and spread over the runs. The bots share the machine with the server, so a busy
 * machine's figures are the bots' as much as the server's: the load average is printed with them. Figures only.
 */
import WebSocket from "ws";
import { knownStickers } from "../src/common/drawing-document/known-stickers.ts";
import { FRAME, LIVE_FIRST } from "../src/common/room/room-frames.ts";
import { decodeBatch, decodeLive, encodeLive } from "../src/common/room/room-passing-frames.ts";
import { spawnServer } from "../tests/api/helpers/server-process.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { createBenchDatabase } from "./server/databases.ts";
import { medianAndRange, percentile } from "./stats.ts";

const SIZES = [2, 10, 30] as const;
const WATCHERS = 100;
const SEGMENTS_PER_SECOND = 60;
const WARM_MS = 1000;
const MEASURE_MS = 5000;
const OPTIONS = { stickers: knownStickers() };

/** One page of the room, once welcomed: its socket, and the live segments it heard (by drawer and counter). */
async function page(
  baseUrl: string,
  id: string,
  heard: (key: string, at: number) => void,
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

/** One room of `drawers` drawers and the watchers: the latencies (ms) of every receipt. */
async function measureRoom(baseUrl: string, drawers: number): Promise<number[]> {
  const made = await fetch(`${baseUrl}/api/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const { id } = (await made.json()) as { id: string };
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  const heard = (key: string, at: number) => {
    const sent = sentAt.get(key);
    if (measuring && sent !== undefined) latencies.push(at - sent);
  };
  const sockets = await Promise.all(
    Array.from({ length: WATCHERS + drawers }, () => page(baseUrl, id, heard)),
  );
  let counter = 0;
  const timers = sockets.slice(WATCHERS).map((socket, index) => {
    const strokeId = 1000 + index;
    let first = true;
    return setInterval(() => {
      counter += 1;
      sentAt.set(`${strokeId}:${counter}`, performance.now());
      const points = { x: [100, 101], y: [100, 100], elapsed: [counter, counter] };
      const style = { colour: "#000000", width: 3, eraser: false };
      const stroke = { kind: "stroke" as const, author: 0, time: 0, style, points, dot: false };
      socket.send(encodeLive({ strokeId, flags: first ? LIVE_FIRST : 0, stroke }));
      first = false;
    }, 1000 / SEGMENTS_PER_SECOND);
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_MS));
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  for (const timer of timers) clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 500));
  measuring = false;
  for (const socket of sockets) socket.close();
  return latencies.sort((a, b) => a - b);
}

/** Runs the bench `runs` times; resolves with its report. */
export async function runRoomsBench(runs: number): Promise<{ text: string }> {
  const loadAtStart = loadAverage();
  const results = new Map<number, { p50: number[]; p99: number[]; receipts: number[] }>();
  for (let run = 0; run < runs; run += 1) {
    const database = await createBenchDatabase("sqlite");
    const server = await spawnServer({
      ...database.env,
      LOG_LEVEL: "warn",
      ROOM_DRAWERS: "1000",
      ROOM_SOCKETS_PER_VISITOR: "1000",
      ROOM_SOCKETS_PER_NETWORK: "1000",
    });
    try {
      for (const drawers of SIZES) {
        const latencies = await measureRoom(server.baseUrl, drawers);
        const figures = results.get(drawers) ?? { p50: [], p99: [], receipts: [] };
        figures.p50.push(percentile(latencies, 0.5));
        figures.p99.push(percentile(latencies, 0.99));
        figures.receipts.push(latencies.length);
        results.set(drawers, figures);
      }
    } finally {
      await server.stop();
      await database.drop();
    }
  }
  const lines = [...results].map(
    ([drawers, figures]) =>
      `${String(drawers).padStart(2)} drawers + ${WATCHERS} watchers: p50 ${medianAndRange(figures.p50)}, p99 ${medianAndRange(figures.p99)} (${Math.round(Math.min(...figures.receipts) / (MEASURE_MS / 1000))}+ receipts a second)`,
  );
  return {
    text: [
      `Live rooms: fan-out latency of live segments, one process, SQLite (${runs} runs; goal p99 <= 30 ms at 30 drawers)`,
      machineHeading(loadAtStart),
      ...lines,
      `load average ${loadAverage().toFixed(1)} at end`,
    ].join("\n"),
  };
}
