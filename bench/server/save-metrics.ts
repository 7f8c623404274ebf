import { readFileSync } from "node:fs";
import { SAVE_PHASES } from "../../src/server/drawings/save-timeline.ts";
import { type keepAliveAgent, send } from "./http-load.ts";

/** What the server said about a run of saves: where their time went, and what ran beside them. */
export interface SaveBreakdown {
  /** Mean milliseconds per save of each phase (body, checks, validate, hash, store, announce, answer). */
  readonly phases: ReadonlyMap<string, number>;
  /** Writes per group commit (SQLite: the writer thread's commits; PostgreSQL: the saves' group inserts). */
  readonly writesPerCommit: number | undefined;
  /** Mean milliseconds per committed write: waiting for its batch, the batch's statements, its flush. */
  readonly commitParts: ReadonlyMap<string, number>;
  /** Background jobs (thumbnails, re-encoding) pending when the measured saves began and when they ended. */
  readonly backgroundBefore: number;
  readonly backgroundPending: number;
  /** The server process's CPU over the run, in cores (user + system; 1.0 = one core busy throughout). */
  readonly serverCores: number;
}

/** The server's counters at one moment: histogram sums and counts by label, and its process's CPU time. */
export interface MetricsSnapshot {
  readonly sums: ReadonlyMap<string, number>;
  readonly counts: ReadonlyMap<string, number>;
  readonly backgroundPending: number;
  /** Seconds of CPU the server process used so far, and when that was read (performance.now() ms). */
  readonly cpuSeconds: number;
  readonly at: number;
}

const SERIES =
  /^(fanvas_save_phase_seconds|fanvas_db_commit_writes|fanvas_db_write_seconds)_(sum|count)(\{[^}]*\})? (\S+)$/gm;
const QUEUE = /^fanvas_background_queue_depth\{[^}]*\} (\d+)$/gm;
/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Reads /metrics (METRICS_ALLOW_LOCAL) and the server's CPU time from /proc. */
export async function snapshotMetrics(
  agent: ReturnType<typeof keepAliveAgent>,
  baseUrl: string,
  pid: number | undefined,
): Promise<MetricsSnapshot> {
  const text = (await send(agent, `${baseUrl}/metrics`)).body.toString();
  const sums = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const [, name, kind, labels, value] of text.matchAll(SERIES)) {
    (kind === "sum" ? sums : counts).set(`${name}${labels ?? ""}`, Number(value));
  }
  const backgroundPending = [...text.matchAll(QUEUE)].reduce((total, match) => total + Number(match[1]), 0);
  return { sums, counts, backgroundPending, cpuSeconds: processCpuSeconds(pid), at: performance.now() };
}

/** What happened between two snapshots of the same server. */
export function breakdownBetween(before: MetricsSnapshot, after: MetricsSnapshot): SaveBreakdown {
  const delta = (map: "sums" | "counts", key: string) =>
    (after[map].get(key) ?? 0) - (before[map].get(key) ?? 0);
  const meanOf = (key: string, scale: number) => {
    const count = delta("counts", key);
    return count === 0 ? undefined : (delta("sums", key) / count) * scale;
  };
  const phases = new Map<string, number>();
  for (const phase of SAVE_PHASES) {
    const mean = meanOf(`fanvas_save_phase_seconds{phase="${phase}"}`, 1000);
    if (mean !== undefined) phases.set(phase, mean);
  }
  const commitParts = new Map<string, number>();
  for (const part of ["wait", "statements", "flush"]) {
    const mean = meanOf(`fanvas_db_write_seconds{part="${part}"}`, 1000);
    if (mean !== undefined) commitParts.set(part, mean);
  }
  return {
    phases,
    writesPerCommit: meanOf("fanvas_db_commit_writes", 1),
    commitParts,
    backgroundBefore: before.backgroundPending,
    backgroundPending: after.backgroundPending,
    serverCores: (after.cpuSeconds - before.cpuSeconds) / ((after.at - before.at) / 1000),
  };
}

/** utime + stime of a Linux process in seconds; NaN where /proc is not there. */
function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
