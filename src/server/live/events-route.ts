import type { FastifyInstance } from "fastify";
import { EVENTS_PATH } from "../../common/api.ts";
import type { EventBus } from "../db/event-bus.ts";
import { errorResponses, HttpError } from "../http/errors.ts";
import { networkKey, visitorKey } from "../http/visitor.ts";
import { createEventStreams, type EventStreamLimits } from "./event-streams.ts";

/** Options of the events route. */
export interface EventsRoutesOptions {
  readonly events: EventBus;
  readonly limits: EventStreamLimits;
}

/** GET /api/events: the wall's Server-Sent Events (new drawings, removed drawings). */
export async function eventsRoutes(app: FastifyInstance, options: EventsRoutesOptions): Promise<void> {
  const streams = createEventStreams(options.events, options.limits);
  // An open stream never ends by itself; ending them first lets the close finish (clients reconnect).
  app.addHook("preClose", async () => streams.closeAll());

  app.get(
    EVENTS_PATH,
    {
      schema: {
        // EventSource sends back the last id it was sent when it reconnects by itself.
        headers: { type: "object", properties: { "last-event-id": { type: "string", maxLength: 64 } } },
        response: {
          200: {
            description:
              "text/event-stream: event resumed ({missed}, then the missed events) or refetch ({}), then event drawing (GalleryItem), removed ({id}), reactions, credit, name-blocked, prompts",
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const lastEventId = request.headers["last-event-id"];
      const owner = { visitor: visitorKey(request), network: networkKey(request) };
      const stream = streams.open(owner, typeof lastEventId === "string" ? lastEventId : undefined);
      if (stream === "process_full") {
        request.log.warn({ open: streams.count() }, "event stream refused: this process is at its limit");
        throw tooManyStreams(
          503,
          "This server has as many live connections as it can hold; the page retries by itself, and new drawings still appear on reload.",
        );
      }
      if (stream === "network_full") {
        throw tooManyStreams(
          429,
          "Addresses of this network already have as many live walls open as it may; the page retries by itself, and new drawings still appear on reload.",
        );
      }
      if (stream === "visitor_full") {
        throw tooManyStreams(
          429,
          `This address already has ${options.limits.maxStreamsPerVisitor} live walls open; close a tab of the wall (the page retries by itself).`,
        );
      }
      // The response closes when the client goes away; the stream (and its subscription) goes with it.
      reply.raw.on("close", () => stream.destroy());
      return (
        reply
          .header("Content-Type", "text/event-stream; charset=utf-8")
          .header("Cache-Control", "no-cache, no-transform")
          // nginx would otherwise buffer the stream and deliver events in bursts.
          .header("X-Accel-Buffering", "no")
          // The socket is not reused after a stream, so an ended stream never holds a shutdown open.
          .header("Connection", "close")
          .send(stream)
      );
    },
  );
}

/** A stream refused for a limit: the page's EventSource tries again after Retry-After by itself. */
function tooManyStreams(status: 429 | 503, message: string): HttpError {
  return new HttpError(status, "too_many_streams", message, { headers: { "Retry-After": "10" } });
}
