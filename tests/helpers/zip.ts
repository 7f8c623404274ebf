import { promisify } from "node:util";
import yauzl from "yauzl";

/** One entry of a zip file: its bytes and how they were stored (0 = stored, 8 = deflated). */
export interface ZipEntry {
  readonly data: Buffer;
  readonly compressionMethod: number;
}

/**
 * Every entry of a zip file by name, read with yauzl: a reader independent of the export's writer (yazl), so
 * the API and end-to-end tests check the archive as any unzip tool would see it.
 */
export async function readZip(path: string): Promise<Map<string, ZipEntry>> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(path, { lazyEntries: true });
  const entries = new Map<string, ZipEntry>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.set(entry.fileName, {
            data: Buffer.concat(chunks),
            compressionMethod: entry.compressionMethod,
          });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}
