import type { FastifyBaseLogger } from "fastify";
import type { DrawingEvents } from "../live/drawing-events.ts";
import type { SaveOutcome } from "./save.ts";
import { galleryItem } from "./wall-item.ts";

/**
 * Tells every open gallery about a save this request stored, when it is on the wall at once
 * (post-moderation). A replayed save was announced by its first request; a pending one is announced
 * when a moderator approves it. A failed publish never fails the save: the drawing is stored, and
 * galleries show it on their next load.
 */
export async function announceSave(
  events: DrawingEvents,
  outcome: SaveOutcome,
  log: FastifyBaseLogger,
): Promise<void> {
  if (outcome.kind !== "created" || outcome.record.status !== "visible") return;
  const { id, createdAt } = outcome.record;
  try {
    await events.publishAdded(galleryItem(id, createdAt));
  } catch (error) {
    log.error({ err: error, drawing: id }, "could not announce a new drawing to live galleries");
  }
}
