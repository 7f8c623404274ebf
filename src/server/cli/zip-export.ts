import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Kysely } from "kysely";
import { ZipFile } from "yazl";
import type { Database } from "../db/schema.ts";
import { encodedLog } from "../making/gzip-making.ts";
import { listPrompts, type StoredPrompt } from "../prompts/prompt-queries.ts";
import { EXPORT_BATCH_SIZE, type ExportRow, visibleDrawingBatches } from "./visible-batches.ts";

/** What an export wrote. */
export interface ExportSummary {
  readonly drawings: number;
  /** Bytes of PNG data in the archive. */
  readonly pngBytes: number;
  /** Drawings exported with their making (a `<id>.fvdr` file). */
  readonly makings: number;
}

/**
 * Writes every visible drawing as `<id>.png` (stored, not deflated: PNGs are compressed already), its making as
 * `<id>.fvdr` when it has one (the encoded drawing log, deflated), and `index.json` ({ drawings: [{ id,
 * createdAt, status, reactions, remixOf, name, prompt, place, making }], count, prompts }, `making` the log's
 * file name or null, `prompts` every prompt, for the entries' ids) into a zip on `output` (the format:
 * docs/export-format.md). Streaming:
 * one batch of rows is in memory at a time, the next is read only once the zip has taken the last
 * one, and the index grows in a temporary file, so 100,000 drawings need little memory.
 */
export async function exportVisibleDrawings(
  db: Kysely<Database>,
  output: Writable,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<ExportSummary> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, output);
  // Whatever breaks first (the zip, or writing the output) ends every wait below with its error.
  const broken = new Promise<never>((_resolve, reject) => {
    zip.once("error", reject);
    written.catch(reject);
  });
  broken.catch(() => {});
  const workDir = await mkdtemp(join(tmpdir(), "fanvas-export-"));
  try {
    const index = new IndexWriter(join(workDir, "index.json"));
    let drawings = 0;
    let pngBytes = 0;
    let makings = 0;
    for await (const batch of visibleDrawingBatches(db, batchSize)) {
      const taken = batch.flatMap((row) => addFiles(zip, row));
      for (const row of batch) await index.add(row);
      // Backpressure: the zip pulls each PNG only as fast as `output` drains.
      await Promise.race([Promise.all(taken), broken]);
      drawings += batch.length;
      pngBytes += batch.reduce((sum, row) => sum + row.png.byteLength, 0);
      makings += batch.filter((row) => row.making !== null).length;
    }
    await index.finish(drawings, await listPrompts(db));
    zip.addFile(index.path, "index.json", { mtime: new Date() });
    zip.end();
    await Promise.race([written, broken]);
    return { drawings, pngBytes, makings };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The name of a drawing's making in the archive. */
export function makingFileName(id: string): string {
  return `${id}.fvdr`;
}

/**
 * Adds one drawing's PNG and its making, handing their bytes over only when the zip reaches them, and resolves
 * once the zip has read them all. yazl keeps every entry's pump function until the archive ends, so nothing it
 * closes over may hold the bytes afterwards (addBuffer would keep every PNG, and so would a closure over `row`).
 */
function addFiles(zip: ZipFile, row: ExportRow): Promise<void>[] {
  const mtime = new Date(row.createdAt);
  const png = { bytes: row.png as Buffer | undefined };
  const files = [
    new Promise<void>((resolve) =>
      streamOnce(zip, `${row.id}.png`, { compress: false, mtime, size: row.png.byteLength }, png, resolve),
    ),
  ];
  if (row.making !== null) {
    // The archive holds the encoded log itself, however it is stored (a save may have sent it gzipped).
    const log = Buffer.from(encodedLog(row.making));
    const making = { bytes: log as Buffer | undefined };
    const options = { compress: true, mtime, size: log.byteLength };
    files.push(new Promise((resolve) => streamOnce(zip, makingFileName(row.id), options, making, resolve)));
  }
  return files;
}

function streamOnce(
  zip: ZipFile,
  name: string,
  options: { compress: boolean; mtime: Date; size: number },
  held: { bytes: Buffer | undefined },
  done: () => void,
): void {
  zip.addReadStreamLazy(name, options, (deliver) => {
    const stream = new PassThrough();
    stream.once("end", done);
    stream.end(held.bytes);
    held.bytes = undefined;
    deliver(null, stream);
  });
}

/** index.json written entry by entry to a file, honouring the file stream's backpressure. */
class IndexWriter {
  readonly path: string;
  readonly #file: Writable;
  #first = true;

  constructor(path: string) {
    this.path = path;
    this.#file = createWriteStream(path);
    // A failed write (disk full) surfaces through the next drain or finish wait, never as a crash.
    this.#file.on("error", () => {});
    this.#file.write('{"drawings":[\n');
  }

  async add(row: ExportRow): Promise<void> {
    this.#throwIfFailed();
    const { id, createdAt, reactions, remixOf, name, prompt, place } = row;
    const making = row.making === null ? null : makingFileName(id);
    const entry = JSON.stringify({
      id,
      createdAt,
      status: "visible",
      reactions,
      remixOf,
      name,
      prompt,
      place,
      making,
    });
    const ok = this.#file.write(`${this.#first ? "" : ",\n"}${entry}`);
    this.#first = false;
    if (!ok) await once(this.#file, "drain");
  }

  async finish(count: number, prompts: readonly StoredPrompt[]): Promise<void> {
    this.#throwIfFailed();
    const listed = prompts.map(({ id, title, hashtag, startsAt, endsAt, timeZone }) => ({
      id,
      title,
      hashtag,
      startsAt,
      endsAt,
      timeZone,
    }));
    this.#file.end(`\n],"count":${count},"prompts":${JSON.stringify(listed)}}\n`);
    await once(this.#file, "finish");
  }

  #throwIfFailed(): void {
    if (this.#file.errored !== null) throw this.#file.errored;
  }
}
