import { DatabaseSync } from "node:sqlite";

/** A stored drawing as the embedded store keeps it. */
export interface StoredDrawingRow {
  readonly id: string;
  readonly imageData: Uint8Array;
}

/** Runs `read` on the server's SQLite file opened read-only, so the test can never change what it checks. */
function readOnly<Result>(databasePath: string, read: (db: DatabaseSync) => Result): Result {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** Reads one row of the `drawings` table straight from the server's SQLite file; null when no row has that id. */
export function readStoredDrawing(databasePath: string, id: string): StoredDrawingRow | null {
  return readOnly(databasePath, (db) => {
    const row = db.prepare("SELECT id, image_data FROM drawings WHERE id = ?").get(id);
    if (!row) return null;
    const imageData = row.image_data;
    if (!(imageData instanceof Uint8Array)) {
      throw new Error(`drawings.image_data of row ${id} is ${typeof imageData}, not a BLOB of PNG bytes`);
    }
    return { id: String(row.id), imageData };
  });
}

/** Number of rows in the `drawings` table. */
export function countStoredDrawings(databasePath: string): number {
  return readOnly(databasePath, (db) =>
    Number(db.prepare("SELECT COUNT(*) AS n FROM drawings").get()?.n ?? 0),
  );
}

/** Reports of one drawing in the server's SQLite file. */
export function countStoredReports(databasePath: string, id: string): number {
  return readOnly(databasePath, (db) =>
    Number(db.prepare("SELECT COUNT(*) AS n FROM reports WHERE drawing_id = ?").get(id)?.n ?? 0),
  );
}
