import { isReactionKind, type ReactionChange, type ReactionCounts } from "../../common/reactions.ts";
import type { DrawingEvent, DrawingRef } from "../db/event-bus.ts";

// What one process tells the others through PostgreSQL's NOTIFY: an event of its bus and where it came from.
// A payload is read as untrusted text (another version of Fanvas may have sent it): what is not an event of
// ours is dropped whole.

/** One notification: the sending process's random origin and its event. */
export interface BridgeMessage {
  readonly origin: string;
  readonly event: DrawingEvent;
}

/** The notification's text; NOTIFY takes at most 8000 bytes, which the announcer's batches stay under. */
export function formatBridgeMessage(origin: string, event: DrawingEvent): string {
  return JSON.stringify({ origin, event });
}

/** Reads a notification back; undefined when it is not one of ours. */
export function parseBridgeMessage(payload: string | undefined): BridgeMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? "");
  } catch {
    return undefined;
  }
  const { origin, event } = (value ?? {}) as { origin?: unknown; event?: Record<string, unknown> };
  if (typeof origin !== "string" || typeof event !== "object" || event === null) return undefined;
  const parsed = eventOf(event);
  return parsed === undefined ? undefined : { origin, event: parsed };
}

function eventOf(event: Record<string, unknown>): DrawingEvent | undefined {
  if ((event.type === "removed" || event.type === "changed") && typeof event.id === "string") {
    return { type: event.type, id: event.id };
  }
  if (event.type === "credit" && typeof event.id === "string") {
    const credit = typeof event.credit === "string" ? event.credit : null;
    return { type: "credit", id: event.id, credit };
  }
  if (event.type === "name-blocked" && typeof event.key === "string")
    return { type: "name-blocked", key: event.key };
  if (event.type === "prompts") return { type: "prompts" };
  if (event.type === "reactions" && Array.isArray(event.changes)) {
    const changes = event.changes.map(changeOf);
    return changes.every((change) => change !== undefined) ? { type: "reactions", changes } : undefined;
  }
  const ref = refOf(event.drawing);
  if (ref === undefined) return undefined;
  if (event.type === "shown") return { type: "shown", drawing: ref };
  if (event.type === "added" && typeof event.visible === "boolean") {
    return { type: "added", drawing: ref, visible: event.visible };
  }
  return undefined;
}

function refOf(value: unknown): DrawingRef | undefined {
  const drawing = (value ?? {}) as Record<string, unknown>;
  if (typeof drawing.id !== "string" || typeof drawing.createdAt !== "string") return undefined;
  const remixOf = typeof drawing.remixOf === "string" ? drawing.remixOf : null;
  const reactions = countsOf(drawing.reactions);
  const version = drawing.reactionsVersion;
  const textOrNull = (value: unknown) => (typeof value === "string" ? value : null);
  const place = drawing.promptPlace;
  return {
    id: drawing.id,
    createdAt: drawing.createdAt,
    remixOf,
    credit: textOrNull(drawing.credit),
    promptId: textOrNull(drawing.promptId),
    promptPlace: typeof place === "number" && Number.isInteger(place) ? place : null,
    making: drawing.making === true,
    ...(reactions === undefined || typeof version !== "number"
      ? {}
      : { reactions, reactionsVersion: version }),
  };
}

function changeOf(value: unknown): ReactionChange | undefined {
  const change = (value ?? {}) as Record<string, unknown>;
  const reactions = countsOf(change.reactions);
  if (typeof change.id !== "string" || typeof change.version !== "number" || reactions === undefined) {
    return undefined;
  }
  return { id: change.id, reactions, version: change.version };
}

function countsOf(value: unknown): ReactionCounts | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Object.entries(value);
  const valid = entries.every(([kind, count]) => isReactionKind(kind) && Number.isInteger(count));
  if (!valid || entries.length !== 3) return undefined;
  return value as ReactionCounts;
}
