/**
 * The container bench of `npm run bench`: the image built from the Dockerfile under podman, what it
 * adds to node:24-bookworm-slim, how long a build without podman's layer cache takes, and over fresh containers
 * each on an empty volume: podman run to the first 200 from /healthz, and SIGTERM to the process's exit.
 * Every container, volume and the image's tag are removed before it returns. Figures only: nothing is asserted.
 */

import {
  createVolume,
  type RunningContainer,
  removeLeftoverContainers,
  removeVolume,
  runContainer,
} from "../tests/container/helpers/container.ts";
import { saveDrawing } from "../tests/container/helpers/drawings.ts";
import { buildFanvasImage, removeImage } from "../tests/container/helpers/image.ts";
import { imageBytes, podman } from "../tests/container/helpers/podman.ts";
import { ensureNodeImage, NODE_IMAGE } from "../tests/container/helpers/stand-in.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { median } from "./stats.ts";
import { markdownTable } from "./tables.ts";

const TAG = "localhost/fanvas-bench:latest";
/** The image's targets. */
const MAX_ADDED_MB = 150;
const MAX_START_S = 5;
const MAX_STOP_S = 10;

/** One fresh container's figures. */
interface StartStop {
  /** podman run to the first 200 from /healthz through the published port. */
  readonly runToHealthyMs: number;
  /** The container's start as podman recorded it to that 200. */
  readonly startedToHealthyMs: number;
  /** `podman kill --signal TERM` to the exit podman recorded. */
  readonly termToExitMs: number;
  readonly exitCode: number;
}

function log(line: string): void {
  process.stderr.write(`[container bench] ${line}\n`);
}

/** Sends SIGTERM and resolves with the time to the process's exit (podman's FinishedAt) and its exit code. */
async function terminate(container: RunningContainer): Promise<{ ms: number; exitCode: number }> {
  const sentAt = Date.now();
  await podman(["kill", "--signal", "TERM", container.name]);
  const exitCode = Number((await podman(["wait", container.name])).trim());
  const finishedNs = BigInt(
    (await podman(["inspect", "--format", "{{.State.FinishedAt.UnixNano}}", container.name])).trim(),
  );
  return { ms: Number(finishedNs / 1_000_000n) - sentAt, exitCode };
}

/** A container on an empty volume: to healthy (migrations included), one save, then SIGTERM. */
async function startAndStop(): Promise<StartStop> {
  const volume = await createVolume();
  try {
    const container = await runContainer({ image: TAG, volumes: [`${volume}:/data`] });
    const startedNs = BigInt(
      (await podman(["inspect", "--format", "{{.State.StartedAt.UnixNano}}", container.name])).trim(),
    );
    await saveDrawing(container.baseUrl, 1);
    const stopped = await terminate(container);
    await container.remove();
    return {
      runToHealthyMs: container.startToHealthyMs,
      startedToHealthyMs: container.healthyAt - Number(startedNs / 1_000_000n),
      termToExitMs: stopped.ms,
      exitCode: stopped.exitCode,
    };
  } finally {
    await removeLeftoverContainers();
    await removeVolume(volume);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = (values: readonly number[], format: (value: number) => string) =>
  `${format(Math.min(...values))}-${format(Math.max(...values))}`;

/** Builds the image, runs `runs` fresh containers, and renders text, Markdown and the verdict rows. */
export async function runContainerBench(
  runs: number,
): Promise<{ text: string; markdown: string; verdicts: VerdictRow[] }> {
  const load = loadAverage();
  const base = await ensureNodeImage();
  log(`base ${NODE_IMAGE}: ${base === "stand-in" ? "a stand-in" : "the official image"}; building`);
  const buildStarted = performance.now();
  await buildFanvasImage(TAG, { noCache: true });
  const buildMs = performance.now() - buildStarted;
  const [imageSize, baseSize] = [await imageBytes(TAG), await imageBytes(NODE_IMAGE)];
  const addedMb = (imageSize - baseSize) / 1e6;
  const samples: StartStop[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const sample = await startAndStop();
      log(`run ${run + 1}/${runs}: ${JSON.stringify(sample)}`);
      samples.push(sample);
    }
  } finally {
    await removeImage(TAG);
  }
  const toHealthy = samples.map((sample) => sample.runToHealthyMs);
  const startedToHealthy = samples.map((sample) => sample.startedToHealthyMs);
  const toExit = samples.map((sample) => sample.termToExitMs);
  const exitedZero = samples.filter((sample) => sample.exitCode === 0).length;
  const heading = `${machineHeading(load)} - ${runs} containers, each on an empty volume`;
  const baseNote = base === "stand-in" ? "a stand-in: tests/container/stand-in" : "the official image";
  const verdicts: VerdictRow[] = [
    [
      "image size added to node:24-bookworm-slim",
      `${addedMb.toFixed(1)} MB (image ${(imageSize / 1e6).toFixed(1)} MB, base ${(baseSize / 1e6).toFixed(1)} MB, ${baseNote})`,
      `<= ${MAX_ADDED_MB} MB`,
      addedMb <= MAX_ADDED_MB ? "met" : "MISSED",
    ],
    [
      "cold start to healthy: podman run on an empty volume to the first 200 from /healthz",
      `${seconds(median(toHealthy))} (runs ${spread(toHealthy, seconds)}); from the container's start ${seconds(median(startedToHealthy))}`,
      `<= ${MAX_START_S} s`,
      median(toHealthy) <= MAX_START_S * 1000 ? "met" : "MISSED",
    ],
    [
      "SIGTERM to exit, one save made",
      `${median(toExit).toFixed(0)} ms (runs ${spread(toExit, (ms) => ms.toFixed(0))}); exit code 0 in ${exitedZero} of ${runs}`,
      `<= ${MAX_STOP_S} s, exit code 0`,
      Math.max(...toExit) <= MAX_STOP_S * 1000 && exitedZero === runs ? "met" : "MISSED",
    ],
  ];
  const markdown = [
    "### The container image",
    "",
    heading,
    "",
    markdownTable([
      ["figure", "result"],
      ["build without layer cache (bases present)", seconds(buildMs)],
      [
        "image / base / added",
        `${(imageSize / 1e6).toFixed(1)} / ${(baseSize / 1e6).toFixed(1)} / ${addedMb.toFixed(1)} MB`,
      ],
      [
        "podman run to the first 200 from /healthz, median (runs)",
        `${seconds(median(toHealthy))} (${spread(toHealthy, seconds)})`,
      ],
      [
        "the container's start to that 200, median (runs)",
        `${seconds(median(startedToHealthy))} (${spread(startedToHealthy, seconds)})`,
      ],
      [
        "SIGTERM to exit, median (runs)",
        `${median(toExit).toFixed(0)} ms (${spread(toExit, (ms) => ms.toFixed(0))})`,
      ],
      ["exit code 0", `${exitedZero} of ${runs}`],
    ]),
    "",
    `- Method: \`podman build --format docker --no-cache\` of the Dockerfile on ${NODE_IMAGE} (${baseNote}); sizes as podman counts them (uncompressed, every layer). Each run starts a new container on a new empty volume (\`podman run -d -p 127.0.0.1::8080\`, so the first start creates the SQLite file and runs the migrations), polls /healthz every 20 ms through the published port, saves one drawing, then sends SIGTERM with \`podman kill\` and reads the exit time podman recorded (FinishedAt) against the moment the kill was sent.`,
    "",
  ].join("\n");
  const text = [
    heading,
    ...verdicts.map((row) => `${row[0]}: ${row[1]} - ${row[3]}`),
    `build without layer cache: ${seconds(buildMs)}`,
  ].join("\n");
  return { text, markdown, verdicts };
}
