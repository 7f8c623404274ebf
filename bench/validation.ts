/**
 * How long the server takes to accept or refuse one upload of at most 2 MiB ("within a few milliseconds"): the whole
 * validateDrawingPng, awaited one call at a time (its checks run on a validation thread, as in the server),
 * on real drawings and on the worst inputs we know. Figures only: the test suite
 * bounds the work instead (tests/security/png-bounded-work.test.ts), never the time.
 */

import { deflateSync } from "node:zlib";
import { MAX_UPLOAD_BYTES } from "../src/common/constants.ts";
import { validateDrawingPng } from "../src/server/png/validate.ts";
import { busyDrawingPng } from "../tests/api/helpers/busy-png.ts";
import {
  chunkBytes,
  chunksOf,
  decompressionBomb,
  hugeZlibStream,
  IEND,
  ihdr,
  manyChunkPng,
  PNG_SIGNATURE,
  pngOf,
  splitImageData,
} from "../tests/fixtures/png-crafting.ts";
import type { VerdictRow } from "./benchmarks-file.ts";
import { loadAverage, machineHeading } from "./machine.ts";
import { formatMs, median, range } from "./stats.ts";
import { markdownTable } from "./tables.ts";

/** One input and what the server answers it. */
interface Case {
  readonly name: string;
  readonly bytes: Buffer;
}

/** Calls per run; each run's figure is the median call. */
const CALLS = 20;
/** The bound the target sets, in milliseconds: "a few". */
const TARGET_MS = 5;

/** 600 x 600 RGBA of noise that deflate cannot shrink: about 1.4 MB, as large as a valid drawing gets. */
function rgbaNoisePng(): Buffer {
  const rowBytes = 1 + 600 * 4;
  const scanlines = randomBytes(600 * rowBytes);
  for (let row = 0; row < 600; row += 1) scanlines[row * rowBytes] = 0;
  return pngOf([ihdr(600, 600, 8, 6), { type: "IDAT", data: deflateSync(scanlines) }, IEND]);
}

async function cases(): Promise<Case[]> {
  const busy = await busyDrawingPng();
  const noise = rgbaNoisePng();
  const noiseData = noise.length - 57; // the signature, IHDR, IEND and the IDAT's frame around its data
  const [header, ...rest] = chunksOf(busy);
  const flood = chunkBytes("tEXt", Buffer.from("k\0v"));
  const floodCount = Math.floor((MAX_UPLOAD_BYTES - busy.length) / flood.length);
  return [
    { name: "a busy real drawing", bytes: busy },
    { name: "600 x 600 RGBA noise, about the largest valid PNG", bytes: noise },
    {
      name: "the same noise in 1,024 chunks, the most allowed",
      bytes: splitImageData(noise, Math.ceil(noiseData / 1022)),
    },
    { name: "the attack run's PNG of ~152,000 one-byte chunks", bytes: manyChunkPng() },
    {
      name: `${floodCount.toLocaleString("en")} ancillary chunks before the image`,
      bytes: Buffer.concat([
        pngOf(header ? [header] : []),
        ...new Array<Buffer>(floodCount).fill(flood),
        pngOf(rest).subarray(8),
      ]),
    },
    { name: "a decompression bomb, 32 MB of zeros", bytes: decompressionBomb() },
    { name: "a 1.7 MB zlib stream inflating to 384 MB", bytes: await hugeZlibStream() },
    {
      name: "2 MiB of random bytes behind a real header",
      bytes: Buffer.concat([busy.subarray(0, 33), randomBytes(MAX_UPLOAD_BYTES - 33 - PNG_SIGNATURE.length)]),
    },
  ];
}

/** What the server answers the input: "accepted", or the refusal's code. */
async function outcomeOf(bytes: Buffer): Promise<string> {
  try {
    await validateDrawingPng(bytes);
    return "accepted";
  } catch (error) {
    return (error as { code?: string }).code ?? "error";
  }
}

function randomBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 7;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** Milliseconds of each call, CALLS of them one after another. */
async function timeCalls(bytes: Buffer): Promise<number[]> {
  const times: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    const started = performance.now();
    await validateDrawingPng(bytes).catch(() => undefined);
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs every case `runs` times (cases interleaved within a run) and renders text and Markdown. */
export async function runValidationBench(
  runs: number,
): Promise<{ text: string; markdown: string; verdicts: VerdictRow[] }> {
  const load = loadAverage();
  const inputs = await cases();
  const outcomes = new Map<string, string>();
  for (const input of inputs) outcomes.set(input.name, await outcomeOf(input.bytes));
  for (const input of inputs) await timeCalls(input.bytes); // warm-up: JIT and the thread pool
  const perRun = new Map<string, number[]>(inputs.map((input) => [input.name, []]));
  const slowest = new Map<string, number>(inputs.map((input) => [input.name, 0]));
  for (let run = 0; run < runs; run += 1) {
    for (const input of inputs) {
      const times = await timeCalls(input.bytes);
      perRun.get(input.name)?.push(median(times));
      slowest.set(input.name, Math.max(slowest.get(input.name) ?? 0, ...times));
    }
  }
  const heading = `${machineHeading(load)} - ${runs} runs x ${CALLS} calls`;
  const rows = inputs.map((input) => {
    const medians = perRun.get(input.name) ?? [];
    const spread = range(medians);
    const verdict = median(medians) <= TARGET_MS ? "met" : "not met";
    return [
      input.name,
      `${(input.bytes.length / 1024).toFixed(0)} KiB`,
      outcomes.get(input.name) ?? "",
      formatMs(median(medians)),
      spread,
      formatMs(slowest.get(input.name) ?? 0),
      verdict,
    ];
  });
  const header = [
    "input",
    "size",
    "answer",
    "median ms",
    "spread of run medians",
    "slowest call ms",
    `<= ${TARGET_MS} ms`,
  ];
  const markdown = [
    "### Validating one upload",
    "",
    heading,
    "",
    markdownTable([header, ...rows]),
    "",
    "- Method: the server's whole validateDrawingPng (chunk walk, at most 1,024 chunks; one inflate bounded by the image's size; scanline filter check), run as the server runs it: the size checks here, the rest on a validation thread (png/validation-pool.ts); awaited one call at a time after a warm-up; each run's figure is the median of its calls, cases interleaved within a run. Before the chunk limit, the validator accepted the attack run's one-byte-chunk PNG after a median of 280 ms (15 calls at load average 15).",
    "",
  ].join("\n");
  const text = [
    heading,
    ...rows.map(
      (row) => `${row[0]} (${row[2]}): ${row[3]} ms median (${row[4]}), slowest ${row[5]} ms - ${row[6]}`,
    ),
  ].join("\n");
  return { text, markdown, verdicts: slowestVerdicts(inputs, perRun, outcomes) };
}

/** Two verdict rows: the slowest median of the accepted inputs and of the refused ones, with its spread. */
function slowestVerdicts(
  inputs: readonly { readonly name: string }[],
  perRun: ReadonlyMap<string, number[]>,
  outcomes: ReadonlyMap<string, string>,
): VerdictRow[] {
  const slowest = (accepted: boolean): VerdictRow => {
    const kind = accepted ? "accepted" : "refused";
    const judged = inputs
      .filter((input) => (outcomes.get(input.name) === "accepted") === accepted)
      .map((input) => ({ name: input.name, medians: perRun.get(input.name) ?? [] }))
      .sort((a, b) => median(b.medians) - median(a.medians))[0];
    if (judged === undefined)
      return [`slowest median of the ${kind} inputs`, "no input", `<= ${TARGET_MS} ms`, "-"];
    const value = median(judged.medians);
    return [
      `slowest median of the ${kind} inputs (${judged.name})`,
      `${formatMs(value)} ms (${range(judged.medians)})`,
      `<= ${TARGET_MS} ms`,
      value <= TARGET_MS ? "met" : "not met",
    ];
  };
  return [slowest(true), slowest(false)];
}
