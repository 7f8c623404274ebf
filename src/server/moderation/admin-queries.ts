import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminFilter } from "../../common/admin-pages.ts";
import type { ReactionCounts } from "../../common/reactions.ts";
import type { Database, DrawingStatus } from "../db/schema.ts";
import { isoTime } from "../db/values.ts";
import { stateOf } from "../reactions/reaction-queries.ts";
import { countedReports } from "./report-queries.ts";

/** Which drawings the admin lists. */
export { ADMIN_FILTERS, type AdminFilter } from "../../common/admin-pages.ts";

/** One drawing as a moderator sees it. */
export interface AdminDrawing {
  readonly id: string;
  readonly createdAt: string;
  readonly status: DrawingStatus;
  /** Reports since the last review (all reports when never reviewed). */
  readonly reportCount: number;
  /** Its reactions, kept while it is off the wall (the public sees them again if it comes back). */
  readonly reactions: ReactionCounts;
  /** The drawing it remixes, whatever that one's status (the public sees the link only while it is visible). */
  readonly remixOf: string | null;
  /** The name it is signed with (moderators see a blocked one too); null for none. */
  readonly name: string | null;
  /** Whether it has a timelapse (its making is stored). */
  readonly making: boolean;
}

/** What a moderator can do to a drawing. */
export type AdminAction = "hide" | "restore" | "delete";
export const ADMIN_ACTIONS: readonly AdminAction[] = ["hide", "restore", "delete"];

/** How an action changed a drawing; "conflict" when it cannot apply (restoring a deleted drawing). */
export type ActionOutcome =
  | {
      readonly kind: "changed";
      readonly from: DrawingStatus;
      readonly to: DrawingStatus;
      readonly createdAt: string;
    }
  | { readonly kind: "not_found" }
  | { readonly kind: "conflict"; readonly status: DrawingStatus };

const EMPTY = new Uint8Array(0);
const EMPTY_SHA256 = createHash("sha256").digest("hex");

/** Up to `limit` drawings for the admin list; deleted drawings are never listed. */
export async function listForAdmin(
  db: Kysely<Database>,
  filter: AdminFilter,
  limit: number,
): Promise<AdminDrawing[]> {
  let query = db
    .selectFrom("drawings")
    .select((eb) => [
      "id",
      "created_at",
      "status",
      "heart_count",
      "fire_count",
      "lol_count",
      "reactions_version",
      "remix_of",
      "credit_name",
      "making_sha256",
      countedReports(eb).as("report_count"),
    ])
    .where("status", "!=", "deleted");
  if (filter === "pending") query = query.where("status", "=", "pending").orderBy("created_at", "asc");
  if (filter === "hidden") query = query.where("status", "=", "hidden").orderBy("created_at", "desc");
  if (filter === "reported") {
    query = query
      .where((eb) => eb(countedReports(eb), ">", 0))
      .orderBy("report_count", "desc")
      .orderBy("created_at", "desc");
  }
  if (filter === "newest") query = query.orderBy("created_at", "desc").orderBy("id", "desc");
  const rows = await query.limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: isoTime(row.created_at),
    status: row.status,
    reportCount: Number(row.report_count ?? 0),
    reactions: stateOf(row).reactions,
    remixOf: row.remix_of,
    name: row.credit_name,
    making: row.making_sha256 !== null,
  }));
}

/** The status an action leads to from the current one; undefined when it cannot apply. */
function nextStatus(action: AdminAction, current: DrawingStatus): DrawingStatus | undefined {
  if (current === "deleted") return action === "delete" ? "deleted" : undefined;
  if (action === "hide") return "hidden";
  if (action === "restore") return "visible";
  return "deleted";
}

/**
 * Applies a moderator's action and marks the drawing reviewed, so the reports it had stop counting.
 * No transaction (on SQLite it would hold the one connection, queueing every other query): the update
 * applies only if the status is still the one read, and a concurrent change makes it read again.
 * Delete also drops the image, thumbnail, card and making bytes.
 */
export async function applyAction(
  db: Kysely<Database>,
  id: string,
  action: AdminAction,
): Promise<ActionOutcome> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db
      .selectFrom("drawings")
      .select(["status", "created_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (row === undefined) return { kind: "not_found" };
    const to = nextStatus(action, row.status);
    if (to === undefined) return { kind: "conflict", status: row.status };
    const reviewedAt = new Date().toISOString();
    const erase =
      to === "deleted"
        ? {
            image_data: EMPTY,
            byte_size: 0,
            sha256: EMPTY_SHA256,
            thumbnail_webp: EMPTY,
            card_png: EMPTY,
            making: null,
            making_sha256: null,
            reencoded_at: reviewedAt,
          }
        : {};
    const result = await db
      .updateTable("drawings")
      .set({ status: to, reviewed_at: reviewedAt, ...erase })
      .where("id", "=", id)
      .where("status", "=", row.status)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) {
      return { kind: "changed", from: row.status, to, createdAt: isoTime(row.created_at) };
    }
  }
  throw new Error(`The drawing ${id} kept changing while a moderator acted on it; try again.`);
}
