import type { Kysely } from "kysely";
import type { Database, DrawingStatus } from "../../../src/server/db/schema.ts";
import { newRow } from "../../../src/server/drawings/queries.ts";
import { drawingPng } from "./png.ts";

/** A drawing a listing test stores directly: its id, time and status are what the listing orders by. */
export interface SeededDrawing {
  readonly id: string;
  readonly createdAt: string;
  readonly status: DrawingStatus;
  /** Fire reactions it counts (the Top ranking reads the counters; the reactions' own rows are not made). */
  readonly count?: number;
}

/** Stores the drawings straight into the store in one statement, all with one PNG (a listing never reads the bytes). */
export async function seedDrawings(db: Kysely<Database>, drawings: readonly SeededDrawing[]): Promise<void> {
  const png = await drawingPng();
  const rows = drawings.map((drawing) => ({
    ...newRow({
      id: drawing.id,
      png,
      sha256: "0".repeat(64),
      createdAt: new Date(drawing.createdAt),
      status: drawing.status,
    }),
    ...(drawing.count === undefined ? {} : { fire_count: drawing.count, reaction_count: drawing.count }),
  }));
  if (rows.length > 0) await db.insertInto("drawings").values(rows).execute();
}
