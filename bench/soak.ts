/**
 * The soak bench (`npm run bench -- --only soak`): a real server process, three rounds of hostile load
 * within every per-visitor limit (bench/soak-load.ts: saves and ten-row inserts at the save limit, inserts asking
 * for a thousand aliases, stalled chunked uploads and stalled ones declaring 8 MiB, bodies to a table that does
 * not exist, 300 event streams that never read from a handful of IPv6 /56s, readers of the wall, its images and
 * its thumbnails made on demand, reactions, wrong admin tokens) after 1,200 drawings were saved, and the server's
 * resident memory after each round, with /healthz asked every 50 ms throughout by a process of its own
 * (bench/soak-probe.ts). Targets: the third round's memory within 10% of the first's (memory is flat once the
 * caches and budgets are full) and /healthz p99 under 50 ms.
 */

import { execFile } from "node:child_process";
import { type Agent, request } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { spawnServer } from "../tests/api/helpers/server-process.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { type BenchDatabase, benchDialects, createBenchDatabase, type Dialect } from "./server/databases.ts";
import { realisticDrawings } from "./server/drawings.ts";
import { keepAliveAgent } from "./server/http-load.ts";
import { runSoakRound, seedWall, warmImages } from "./soak-load.ts";
import { percentile } from "./stats.ts";

const run = promisify(execFile);
const ROUNDS = 3;
/** The wall before the first round: enough drawings to fill the image cache (64 MiB) when each is asked for once. */
const SEEDED_DRAWINGS = 1200;
const MB = 1e6;

/** What one store's soak measured. */
interface SoakFigures {
  readonly dialect: Dialect;
  /** Resident memory (bytes) at start and after each round. */
  readonly rssAtStart: number;
  readonly rssAfter: readonly number[];
  /** /healthz p99 (ms) over each round, and over all of them. */
  readonly healthP99: readonly number[];
  readonly healthP99All: number;
  readonly healthAsked: number;
  /** What the load got back, over the three rounds. */
  readonly statuses: ReadonlyMap<string, number>;
}

/** The soak's report: text for the console, Markdown for BENCHMARKS.md, and its verdict rows. */
export interface SoakReport {
  readonly text: string;
  readonly markdown: string;
  readonly verdicts: VerdictRow[];
}

/** Runs the soak on SQLite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names one. */
export async function runSoakBench(seconds: number): Promise<SoakReport> {
  const loadAtStart = loadAverage();
  const drawings = await realisticDrawings(120);
  const figures: SoakFigures[] = [];
  for (const dialect of benchDialects()) {
    const database = await createBenchDatabase(dialect);
    try {
      figures.push(await soakOne(database, seconds, drawings));
    } finally {
      await database.drop();
    }
  }
  return report(figures, seconds, machineHeading(loadAtStart));
}

async function soakOne(
  database: BenchDatabase,
  seconds: number,
  drawings: readonly Buffer[],
): Promise<SoakFigures> {
  // Production's limits, behind one trusted proxy (visitors named in X-Forwarded-For), quiet logs.
  const server = await spawnServer({
    ...database.env,
    TRUST_PROXY: "1",
    LOG_LEVEL: "warn",
    METRICS_ALLOW_LOCAL: "true",
  });
  const agent = keepAliveAgent(1);
  try {
    const rssAtStart = await residentBytes(agent, server.port);
    const seeded = await seedWall(server.baseUrl, drawings, SEEDED_DRAWINGS);
    if (seeded.length !== SEEDED_DRAWINGS)
      throw new Error(`only ${seeded.length} of ${SEEDED_DRAWINGS} seed drawings were stored`);
    if ((await warmImages(server.baseUrl, seeded)) !== seeded.length)
      throw new Error("a seeded image was not served");
    const rssAfter: number[] = [];
    const healthP99: number[] = [];
    const allHealth: number[] = [];
    const statuses = new Map<string, number>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const probe = healthProbe(server.baseUrl, seconds);
      const result = await runSoakRound({
        baseUrl: server.baseUrl,
        port: server.port,
        round,
        seconds,
        drawings,
      });
      const healthMs = await probe;
      for (const [key, value] of result.statuses) statuses.set(key, (statuses.get(key) ?? 0) + value);
      healthP99.push(
        percentile(
          [...healthMs].sort((a, b) => a - b),
          0.99,
        ),
      );
      allHealth.push(...healthMs);
      // A moment for the connections the round ended to be closed on the server's side too.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      rssAfter.push(await residentBytes(agent, server.port));
      process.stderr.write(
        `soak ${database.dialect} round ${round}: ${(rssAfter.at(-1) ?? 0) / MB} MB, /healthz p99 ${healthP99.at(-1)} ms\n`,
      );
    }
    const sorted = allHealth.sort((a, b) => a - b);
    return {
      dialect: database.dialect,
      rssAtStart,
      rssAfter,
      healthP99,
      healthP99All: percentile(sorted, 0.99),
      healthAsked: sorted.length,
      statuses,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** /healthz answer times (ms) over `seconds`, measured by a process of its own (bench/soak-probe.ts). */
async function healthProbe(baseUrl: string, seconds: number): Promise<number[]> {
  const probe = join(import.meta.dirname, "soak-probe.ts");
  const { stdout } = await run(process.execPath, [probe, baseUrl, String(seconds)], {
    maxBuffer: 16 * 2 ** 20,
  });
  return JSON.parse(stdout) as number[];
}

/** The server's resident memory, as its own /metrics reports it. */
async function residentBytes(agent: Agent, port: number): Promise<number> {
  const value = /^fanvas_process_resident_memory_bytes (\d+)/m.exec(await metrics(agent, port))?.[1];
  if (value === undefined) throw new Error("/metrics answered without the RSS");
  return Number(value);
}

/** The server's /metrics text. */
function metrics(agent: Agent, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path: "/metrics", agent }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on("end", () => resolve(text));
    })
      .on("error", reject)
      .end();
  });
}

function report(figures: readonly SoakFigures[], seconds: number, heading: string): SoakReport {
  const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const growth = (figure: SoakFigures) => {
    const [first = 0] = figure.rssAfter;
    return ((figure.rssAfter.at(-1) ?? first) - first) / first;
  };
  const table = [
    "| Store | RSS at start | After round 1 | After round 2 | After round 3 | Round 3 vs round 1 | /healthz p99 per round | /healthz p99 (all) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...figures.map(
      (figure) =>
        `| ${figure.dialect} | ${mb(figure.rssAtStart)} | ${figure.rssAfter.map(mb).join(" | ")} | ${(growth(figure) * 100).toFixed(1)}% | ${figure.healthP99.map(ms).join(", ")} | ${ms(figure.healthP99All)} (${figure.healthAsked} asked) |`,
    ),
  ];
  const answers = figures.map(
    (figure) =>
      `- ${figure.dialect}: ${[...figure.statuses]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}: ${value}`)
        .join(", ")}`,
  );
  const markdown = [
    heading,
    "",
    `${SEEDED_DRAWINGS} drawings saved first and each image asked for once, then three rounds of ${seconds} s of hostile load within every per-visitor limit (bench/soak.ts), production's limits, behind one trusted proxy:`,
    "",
    ...table,
    "",
    "What the load got back over the three rounds (actor, status: answers; `closed`: the connection ended without an answer read, by the server (a cut upload, a dropped stream) or by the round's end):",
    "",
    ...answers,
  ].join("\n");
  const verdicts = figures.flatMap((figure): VerdictRow[] => [
    [
      `Soak RSS, round 3 vs round 1 (${figure.dialect})`,
      `${(growth(figure) * 100).toFixed(1)}% (${mb(figure.rssAfter[0] ?? 0)} -> ${mb(figure.rssAfter.at(-1) ?? 0)})`,
      "within 10%",
      Math.abs(growth(figure)) <= 0.1 ? "met" : "not met",
    ],
    [
      `/healthz p99 during the soak (${figure.dialect})`,
      ms(figure.healthP99All),
      "< 50 ms",
      figure.healthP99All < 50 ? "met" : "not met",
    ],
  ]);
  return { text: markdown, markdown, verdicts };
}
