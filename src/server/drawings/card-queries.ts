import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { asBuffer } from "../db/values.ts";
import { visibleDrawing } from "../db/visible-drawing.ts";

/** A visible drawing's link card: the stored PNG and the style it was made in, or none made yet. */
export interface VisibleCard {
  /** Undefined while none is stored (the job is pending, or it failed). */
  readonly png: Buffer | undefined;
  readonly style: string | null;
}

/**
 * Stores a drawing's card made in `style`, unless one in that style is there already (the job and an on-demand
 * request may race; both made it from the same pixels). An empty buffer records a failure, so the job moves on.
 */
export async function storeCard(db: Kysely<Database>, id: string, png: Buffer, style: string): Promise<void> {
  await db
    .updateTable("drawings")
    .set({ card_png: png, card_style: style })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("card_png", "is", null),
        eb(eb.fn("length", ["card_png"]), "=", 0),
        eb("card_style", "is", null),
        eb("card_style", "!=", style),
      ]),
    )
    .execute();
}

/** The card of a visible drawing; undefined when no visible drawing has this id. */
export async function findVisibleCard(db: Kysely<Database>, id: string): Promise<VisibleCard | undefined> {
  const row = await visibleDrawing(db, id).select(["card_png", "card_style"]).executeTakeFirst();
  if (row === undefined) return undefined;
  const data = row.card_png;
  const png = data === null || data.byteLength === 0 ? undefined : asBuffer(data);
  return { png, style: row.card_style };
}
