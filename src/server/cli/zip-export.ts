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
import { listPrompts, type StoredPrompt } from "../prompts/prompt-queries.ts";
import { EXPORT_BATCH_SIZE, type ExportRow, visibleDrawingBatches } from "./visible-batches.ts";

/** What an export wrote. */
export interface ExportSummary {
  readonly drawings: number;
  /** Bytes of PNG data in the archive. */
  readonly pngBytes: number;
}

/**
 * Writes every visible drawing as `<id>.png` (stored, not deflated: PNGs are compressed already) and
 * `index.json` ({ drawings: [{ id, createdAt, status, reactions, remixOf, name, prompt, place }], count, prompts })
 * into a zip on `output` (`prompts`: every prompt, for the entries' ids). Streaming:
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
    for await (const batch of visibleDrawingBatches(db, batchSize)) {
      const taken = batch.map((row) => addPng(zip, row));
      for (const row of batch) await index.add(row);
      // Backpressure: the zip pulls each PNG only as fast as `output` drains.
      await Promise.race([Promise.all(taken), broken]);
      drawings += batch.length;
      pngBytes += batch.reduce((sum, row) => sum + row.png.byteLength, 0);
    }
    await index.finish(drawings, await listPrompts(db));
    zip.addFile(index.path, "index.json", { mtime: new Date() });
    zip.end();
    await Promise.race([written, broken]);
    return { drawings, pngBytes };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Adds one PNG, handing its bytes over only when the zip reaches it, and resolves once the zip has read
 * them all. yazl keeps every entry's pump function until the archive ends, so nothing it closes over may
 * hold the bytes afterwards (addBuffer would keep every PNG, and so would a closure over `row`).
 */
function addPng(zip: ZipFile, row: ExportRow): Promise<void> {
  const name = `${row.id}.png`;
  const options = { compress: false, mtime: new Date(row.createdAt), size: row.png.byteLength };
  const held = { bytes: row.png as Buffer | undefined };
  return new Promise((resolve) => streamOnce(zip, name, options, held, resolve));
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
    const entry = JSON.stringify({
      id,
      createdAt,
      status: "visible",
      reactions,
      remixOf,
      name,
      prompt,
      place,
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
