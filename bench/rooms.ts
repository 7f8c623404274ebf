/**
 * The live rooms bench (`npm run bench -- --only rooms`), median and spread over the runs:
 * - fan-out latency (bench/rooms-fanout.ts), a drawer's live segment to the other pages' receipts, p50 and p99
 *   over 5 s after a second of warm-up, one process on SQLite at 2, 10 and 30 drawers (each 60 segments a
 *   second) with 100 watchers; the same at 30 drawers with one more drawer whose socket drains slowly; and two
 *   processes on one PostgreSQL (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), pages spread over both;
 * - late join (bench/rooms-late-join.ts): a room of 10,000 operations opened in a fresh Chromium context, from
 *   navigation to the room drawn, with the host's page in the room (its picture), with nobody else after a server
 *   restart (the stored picture), and before any host's page came (a replay); needs the built page
 *   (`npm run build`). With --baseline <checkout> (built), that checkout's late joins run in the same runs.
 * The bots share the machine with the server, so a busy machine's figures are the bots' as much as the server's:
 * the load average is printed with them. Figures only.
 */
import { spawnServer } from "../tests/api/helpers/server-process.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { type FanoutRoom, MEASURE_MS, measureFanout } from "./rooms-fanout.ts";
import { LATE_JOIN_OPERATIONS, type LateJoinFigures, measureLateJoin } from "./rooms-late-join.ts";
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

/** Late joins over the runs. */
interface LateJoinTotals {
  withHost: number[];
  alone: number[];
  cold: number[];
  replay: number[];
  guests: number[];
  guestPicture: number;
  bytes: number[];
  picture: number;
}

function emptyLateJoin(): LateJoinTotals {
  return {
    withHost: [],
    alone: [],
    cold: [],
    replay: [],
    guests: [],
    guestPicture: 0,
    bytes: [],
    picture: 0,
  };
}

function addLateJoin(totals: LateJoinTotals, figures: LateJoinFigures): void {
  totals.withHost.push(...figures.withHost);
  totals.alone.push(...figures.alone);
  totals.cold.push(...figures.cold);
  totals.replay.push(...figures.replay);
  totals.guests.push(...(figures.guests ?? []));
  totals.guestPicture = figures.guestPicture ?? 0;
  totals.bytes.push(...figures.bytes);
  totals.picture = figures.picture;
}

function lateJoinLine(late: LateJoinTotals, checkout: string | undefined): string {
  const kib = (value: number) => `${Math.round(value / 1024)} KiB`;
  const whose = checkout === undefined ? "" : ` (baseline ${checkout})`;
  return `late join to a room of ${LATE_JOIN_OPERATIONS} operations${whose}, link opened to room drawn (goal <= 1 s): ${medianAndRange(late.withHost)} ms with the host in the room (its picture ${kib(late.picture)}; ${medianAndRange(late.bytes, kib)} received), ${medianAndRange(late.alone)} ms with nobody else after a restart (the first joiner, as the server opens the room: ${medianAndRange(late.cold)} ms), ${medianAndRange(late.replay)} ms before any host's page came, every page from one address (the whole log replayed), ${late.guests.length === 0 ? "-" : medianAndRange(late.guests)} ms where the host never came and two guests' pages (two browsers, two addresses) were in the room and left (${late.guestPicture > 0 ? `their agreed picture ${kib(late.guestPicture)}` : "no picture handed out: the log replayed"})`;
}

/**
 * Runs the bench `runs` times; resolves with its report. With `baseline` (another checkout, built), its late
 * joins run in the same runs, alternating which goes first, so both meet the same machine.
 */
export async function runRoomsBench(runs: number, baseline: string | null = null): Promise<{ text: string }> {
  const loadAtStart = loadAverage();
  const figures = new Map<string, Figures>();
  const postgres = postgresAdminUrl() !== undefined;
  // This checkout's late joins and, when given, the baseline's, alternating which goes first run by run.
  const checkouts = baseline === null ? [undefined] : [undefined, baseline];
  const late = checkouts.map(() => emptyLateJoin());
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
    const order = run % 2 === 0 ? checkouts.keys() : [...checkouts.keys()].reverse();
    for (const index of order)
      addLateJoin(late[index] as LateJoinTotals, await measureLateJoin(JOINS, checkouts[index]));
  }
  return {
    text: [
      `Live rooms: fan-out latency of live segments (${runs} runs; goals p99 <= 30 ms at 30 drawers on one process, <= 60 ms on two)`,
      machineHeading(loadAtStart),
      ...[...figures].map(([name, entry]) => line(name, entry)),
      ...checkouts.map((checkout, index) => lateJoinLine(late[index] as LateJoinTotals, checkout)),
      `load average ${loadAverage().toFixed(1)} at end`,
    ].join("\n"),
  };
}
