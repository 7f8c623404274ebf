import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Bytes that replace a drawing's stored PNG: pixel-identical to it, fewer bytes. */
export interface Replacement {
  readonly bytes: Buffer;
  readonly sha256: string;
}

/**
 * Marks a drawing's re-encoding done, storing the replacement when there is one, in one statement.
 * The row must still hold the bytes that were re-encoded (same sha256), so nothing newer is overwritten.
 */
export async function finishReencode(
  db: Kysely<Database>,
  id: string,
  reencodedSha256: string,
  replacement: Replacement | undefined,
): Promise<void> {
  const done = { reencoded_at: new Date().toISOString() };
  const values =
    replacement === undefined
      ? done
      : {
          ...done,
          image_data: replacement.bytes,
          byte_size: replacement.bytes.byteLength,
          sha256: replacement.sha256,
        };
  await db
    .updateTable("drawings")
    .set(values)
    .where("id", "=", id)
    .where("sha256", "=", reencodedSha256)
    .where("reencoded_at", "is", null)
    .execute();
}
