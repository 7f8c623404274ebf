import { randomBytes } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

const REPORTER_SALT = "reporter_salt";

/**
 * The salt reporters' addresses are hashed with, made once per database. The insert does nothing when
 * another process made it first, so every process reads the same value.
 */
export async function reporterSalt(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto("server_secrets")
    .values({ name: REPORTER_SALT, value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", REPORTER_SALT)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** One client's report of one drawing. */
export interface NewReport {
  readonly drawingId: string;
  readonly reporterHash: string;
  readonly reason: string | undefined;
  readonly at: Date;
}

/**
 * Records a report; a client that reported this drawing before keeps one row, whose time moves to now,
 * so it still counts once, and counts again only if a moderator reviewed the drawing in between.
 */
export async function recordReport(db: Kysely<Database>, report: NewReport): Promise<void> {
  const createdAt = report.at.toISOString();
  await db
    .insertInto("reports")
    .values({
      drawing_id: report.drawingId,
      reporter_hash: report.reporterHash,
      reason: report.reason ?? null,
      created_at: createdAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(["drawing_id", "reporter_hash"])
        .doUpdateSet({ created_at: createdAt, reason: report.reason ?? null }),
    )
    .execute();
}

/**
 * Hides a visible drawing once `threshold` reports newer than its last review exist, in one statement,
 * so a moderator's restore racing this cannot be undone by the reports it just reviewed.
 * True when this call hid it.
 */
export async function hideIfReported(db: Kysely<Database>, id: string, threshold: number): Promise<boolean> {
  const result = await db
    .updateTable("drawings")
    .set({ status: "hidden" })
    .where("id", "=", id)
    .where("status", "=", "visible")
    .where((eb) => eb(countedReports(eb), ">=", threshold))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How many reports of the drawing still count: those made after its last review (all, if never reviewed). */
export function countedReports(eb: ExpressionBuilder<Database, "drawings">) {
  return eb
    .selectFrom("reports")
    .select((inner) => inner.fn.countAll().as("reports"))
    .whereRef("reports.drawing_id", "=", "drawings.id")
    .where((inner) =>
      inner.or([
        inner("drawings.reviewed_at", "is", null),
        inner("reports.created_at", ">=", inner.ref("drawings.reviewed_at")),
      ]),
    );
}
