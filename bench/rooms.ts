/**
 * The live rooms bench (`npm run bench -- --only rooms`), median and spread over the runs:
 * - fan-out latency (bench/rooms-fanout.ts), a drawer's live segment to the other pages' receipts, p50 and p99
 *   over 5 s after a second of warm-up, one process on SQLite at 2, 10 and 30 drawers (each 60 segments a
 *   second) with 100 watchers; the same at 30 drawers with one more drawer whose socket drains slowly; and two
 *   processes on one PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), pages spread over both;
 * - late join (bench/rooms-late-join.ts): a room of 10,000 operations opened in a fresh Chromium context, from
 *   navigation to the room drawn, with the host's page in the room (its picture) and with nobody else (a replay);
 *   needs the built page (`npm run build`).
 * The bots share the machine with the server, so a busy machine's figures are the bots' as much as the server's:
 * the load average is printed with them. Figures only.
 */
import { spawnServer } from "../tests/api/helpers/server-process.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { type FanoutRoom, MEASURE_MS, measureFanout } from "./rooms-fanout.ts";
import { LATE_JOIN_OPERATIONS, measureLateJoin } from "./rooms-late-join.ts";
import { createBenchDatabase, type Dialect, postgresAdminUrl } from "./server/databases.ts";
import { medianAndRange, percentile } from "./stats.ts";

const SIZES = [2, 10, 30] as const;
const WATCHERS = 100;
/** Late joins per run (each a fresh Chromium context). */
const JOINS = 3;
const SERVER_ENV = {
  LOG_LEVEL: "warn",
  ROOM_DRAWERS: "1000",
  ROOM_SOCKETS_PER_VISITOR: "1000",
  ROOM_SOCKETS_PER_NETWORK: "1000",
};

/** One scenario's figures over the runs. */
interface Figures {
  p50: number[];
  p99: number[];
  receipts: number[];
  throttled: number[];
  cpuPerSecond: number[];
  cpuPerThousand: number[];
}

/** Runs `measure` against `processes` fresh server processes on one fresh database. */
async function onServers<T>(
  dialect: Dialect,
  processes: number,
  measure: (baseUrls: string[], pids: number[]) => Promise<T>,
): Promise<T> {
  const database = await createBenchDatabase(dialect);
  const servers = [];
  try {
    for (let index = 0; index < processes; index += 1)
      servers.push(await spawnServer({ ...database.env, ...SERVER_ENV }));
    return await measure(
      servers.map((server) => server.baseUrl),
      servers.map((server) => server.child.pid ?? 0),
    );
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

function record(
  figures: Map<string, Figures>,
  name: string,
  result: Awaited<ReturnType<typeof measureFanout>>,
) {
  const entry = figures.get(name) ?? {
    p50: [],
    p99: [],
    receipts: [],
    throttled: [],
    cpuPerSecond: [],
    cpuPerThousand: [],
  };
  entry.cpuPerSecond.push(result.cpuPerSecond);
  entry.cpuPerThousand.push(result.cpuPerThousand);
  entry.p50.push(percentile(result.latencies, 0.5));
  entry.p99.push(percentile(result.latencies, 0.99));
  entry.receipts.push(result.latencies.length);
  entry.throttled.push(result.throttledReceipts);
  figures.set(name, entry);
}

function line(name: string, figures: Figures): string {
  const perSecond = (values: number[]) => Math.round(Math.min(...values) / (MEASURE_MS / 1000));
  const slow = figures.throttled.some((count) => count > 0)
    ? `; the throttled page took ${perSecond(figures.throttled)}+ a second`
    : "";
  const cpu = `server CPU ${medianAndRange(figures.cpuPerSecond)} ms a second, ${medianAndRange(figures.cpuPerThousand)} ms per 1,000 frames delivered`;
  return `${name}: p50 ${medianAndRange(figures.p50)}, p99 ${medianAndRange(figures.p99)} (${perSecond(figures.receipts)}+ timed receipts a second${slow}; ${cpu})`;
}

/** Runs the bench `runs` times; resolves with its report. */
export async function runRoomsBench(runs: number): Promise<{ text: string }> {
  const loadAtStart = loadAverage();
  const figures = new Map<string, Figures>();
  const postgres = postgresAdminUrl() !== undefined;
  const late = { withHost: [] as number[], replay: [] as number[], bytes: [] as number[], picture: 0 };
  for (let run = 0; run < runs; run += 1) {
    await onServers("sqlite", 1, async ([baseUrl], pids) => {
      const room = (drawers: number, throttled = false): FanoutRoom => ({
        baseUrls: [baseUrl as string],
        drawers,
        watchers: WATCHERS,
        throttled,
        pids,
      });
      for (const drawers of SIZES)
        record(
          figures,
          `${String(drawers).padStart(2)} drawers + ${WATCHERS} watchers`,
          await measureFanout(room(drawers)),
        );
      record(
        figures,
        `30 drawers + ${WATCHERS} watchers + 1 throttled drawer`,
        await measureFanout(room(30, true)),
      );
    });
    if (postgres) {
      const result = await onServers("postgres", 2, (baseUrls, pids) =>
        measureFanout({ baseUrls, drawers: 30, watchers: WATCHERS, pids }),
      );
      record(figures, `two processes on PostgreSQL, 30 drawers + ${WATCHERS} watchers`, result);
    }
    const joined = await measureLateJoin(JOINS);
    late.withHost.push(...joined.ms);
    late.replay.push(...joined.replayMs);
    late.bytes.push(...joined.bytes);
    late.picture = joined.picture;
  }
  const kib = (value: number) => `${Math.round(value / 1024)} KiB`;
  return {
    text: [
      `Live rooms: fan-out latency of live segments (${runs} runs; goals p99 <= 30 ms at 30 drawers on one process, <= 60 ms on two)`,
      machineHeading(loadAtStart),
      ...[...figures].map(([name, entry]) => line(name, entry)),
      `late join to a room of ${LATE_JOIN_OPERATIONS} operations, link opened to room drawn (goal <= 1 s): ${medianAndRange(late.withHost)} ms with the host in the room (its picture ${kib(late.picture)}; ${medianAndRange(late.bytes, kib)} received), ${medianAndRange(late.replay)} ms with nobody else (the whole log replayed)`,
      `load average ${loadAverage().toFixed(1)} at end`,
    ].join("\n"),
  };
}
