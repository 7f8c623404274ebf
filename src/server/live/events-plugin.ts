import type { FastifyInstance } from "fastify";
import type { Store } from "../db/open.ts";
import type { DrawingEvents } from "./drawing-events.ts";
import { openDrawingEvents } from "./open-drawing-events.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The wall's event hub: publish when a drawing appears on or leaves the wall. */
    readonly drawingEvents: DrawingEvents;
  }
}

/**
 * Opens the hub that fits the store and decorates the root instance with it, so every route and
 * plugin registered after this (saves, moderation) reaches it as `app.drawingEvents`.
 */
export async function decorateDrawingEvents(app: FastifyInstance, store: Store): Promise<DrawingEvents> {
  const events = await openDrawingEvents(store, app.log);
  app.decorate("drawingEvents", events);
  app.addHook("onClose", async () => events.close());
  return events;
}
