import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { DRAWINGS_PATH } from "../../common/api.ts";
import { MAKING_TYPE } from "../../common/save-bundle.ts";
import type { Store } from "../db/open.ts";
import { drawingFileRoute, sendDrawingFile } from "../http/drawing-file.ts";
import { notFound } from "../http/errors.ts";
import { findMaking } from "./making-queries.ts";
import { encodingHeaders, makingAnswer } from "./send-making.ts";

/** Options of the making route. */
export interface MakingRouteOptions {
  readonly store: Store;
}

/** No making, a hidden, pending or deleted drawing and an unknown id look alike: nothing public is there. */
const noMaking = () =>
  notFound(
    "No drawing on the wall has a timelapse at this address; the drawing may have been saved without its making, or removed.",
  );

/**
 * GET /api/drawings/<id>/making: the drawing's encoded log (MAKING_TYPE, common/drawing-document), for its
 * timelapse. Served as its PNG is: only while the drawing is visible, with a strong ETag and the same bounded
 * caching, so a hide, a delete or the removal of the timelapse takes effect everywhere within 10 minutes. A log
 * stored gzipped goes with Content-Encoding: gzip (send-making.ts).
 */
export async function makingRoute(app: FastifyInstance, options: MakingRouteOptions): Promise<void> {
  const { db } = options.store;
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      `${DRAWINGS_PATH}/:id/making`,
      drawingFileRoute(`The drawing's log (${MAKING_TYPE})`, noMaking),
      async (request, reply) => {
        const making = await findMaking(db, request.params.id);
        if (making === undefined) throw noMaking();
        const answer = makingAnswer(request, making);
        return sendDrawingFile(request, encodingHeaders(reply, answer), {
          bytes: answer.bytes,
          etag: answer.etag,
          type: MAKING_TYPE,
        });
      },
    );
}
