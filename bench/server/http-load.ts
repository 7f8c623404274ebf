import { Agent, request as httpRequest } from "node:http";
import { percentile } from "../stats.ts";

/** One answer: status and body. */
export interface Answer {
  readonly status: number;
  readonly body: Buffer;
}

/** What one request sends. */
export interface Outgoing {
  readonly method?: "GET" | "POST";
  readonly headers?: Record<string, string>;
  readonly body?: Buffer;
}

/** Time out any single request: the bench must stop by itself even if a server hangs. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A keep-alive agent for loopback load: one socket per worker, reused for every request. */
export function keepAliveAgent(sockets: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
}

/** Sends one request on `agent` and reads the whole answer. Only 127.0.0.1 URLs are accepted. */
export function send(agent: Agent, url: string, outgoing: Outgoing = {}): Promise<Answer> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") throw new Error(`the bench only talks to 127.0.0.1, not ${url}`);
  return new Promise((resolve, reject) => {
    const headers = { ...outgoing.headers };
    if (outgoing.body !== undefined) headers["content-length"] = String(outgoing.body.length);
    const req = httpRequest(
      target,
      { agent, method: outgoing.method ?? "GET", headers, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", reject);
    req.end(outgoing.body);
  });
}

/** Throughput and latency of one load run. */
export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly perSecond: number;
  /** Milliseconds, nearest-rank percentiles over every request of the run. */
  readonly p50: number;
  readonly p99: number;
  /** Answers by status code; anything but the expected status is reported, never hidden. */
  readonly statuses: ReadonlyMap<number, number>;
  /** CPU time of this (client) process over the run, as a share of one core: the load generator's cost. */
  readonly clientCpu: number;
}

/**
 * Closed-loop load: `concurrency` workers pull the next index from a shared counter until `total` requests
 * were sent, each waiting for its answer before sending again (so concurrency is exact, never queued in the
 * client). Latency is performance.now() around each request, answer body included.
 */
export async function runLoad(
  total: number,
  concurrency: number,
  one: (index: number) => Promise<Answer>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const started = performance.now();
      const answer = await one(index);
      latencies.push(performance.now() - started);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    seconds,
    perSecond: total / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    statuses,
    clientCpu: (cpu.user + cpu.system) / 1e6 / seconds,
  };
}

/** "201 x 1000" or "201 x 990, 500 x 10". */
export function describeStatuses(statuses: ReadonlyMap<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} x ${count}`)
    .join(", ");
}

/** One run in a line: "412/s p50 3.1 ms p99 9.8 ms [201 x 1000] client CPU 14%". */
export function describeLoad(result: LoadResult): string {
  return `${result.perSecond.toFixed(0)}/s p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms [${describeStatuses(result.statuses)}] client CPU ${(result.clientCpu * 100).toFixed(0)}%`;
}
