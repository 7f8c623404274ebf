import { DatabaseSync } from "node:sqlite";

/** A stored drawing as the embedded store keeps it. */
export interface StoredDrawingRow {
  readonly id: string;
  readonly imageData: Uint8Array;
}

/**
 * Reads one row of the `drawings` table straight from the server's SQLite file, opened read-only so the test can
 * never change what it checks. Returns null when no row has that id.
 */
export function readStoredDrawing(databasePath: string, id: string): StoredDrawingRow | null {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const row = db.prepare("SELECT id, image_data FROM drawings WHERE id = ?").get(id);
    if (!row) return null;
    const imageData = row.image_data;
    if (!(imageData instanceof Uint8Array)) {
      throw new Error(`drawings.image_data of row ${id} is ${typeof imageData}, not a BLOB of PNG bytes`);
    }
    return { id: String(row.id), imageData };
  } finally {
    db.close();
  }
}

/** Number of rows in the `drawings` table. */
export function countStoredDrawings(databasePath: string): number {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    const row = db.prepare("SELECT COUNT(*) AS n FROM drawings").get();
    return Number(row?.n ?? 0);
  } finally {
    db.close();
  }
}
