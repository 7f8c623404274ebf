import type { Kysely } from "kysely";
import type { Database, DrawingStatus } from "../../../src/server/db/schema.ts";
import { insertDrawing } from "../../../src/server/drawings/queries.ts";
import { drawingPng } from "./png.ts";

/** A drawing a listing test stores directly: its id, time and status are what the listing orders by. */
export interface SeededDrawing {
  readonly id: string;
  readonly createdAt: string;
  readonly status: DrawingStatus;
}

/** Stores the drawings straight into the store, all with one PNG (a listing never reads the bytes). */
export async function seedDrawings(db: Kysely<Database>, drawings: readonly SeededDrawing[]): Promise<void> {
  const png = await drawingPng();
  for (const drawing of drawings) {
    await insertDrawing(db, {
      id: drawing.id,
      png,
      sha256: "0".repeat(64),
      createdAt: new Date(drawing.createdAt),
      status: drawing.status,
    });
  }
}
