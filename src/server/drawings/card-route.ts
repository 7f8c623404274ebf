import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { DRAWINGS_PATH } from "../../common/api.ts";
import { drawingImagePath } from "../../common/permalink.ts";
import type { Store } from "../db/open.ts";
import { drawingFileRoute } from "../http/drawing-file.ts";
import { notFound } from "../http/errors.ts";
import { type CardStyle, cardStyleKey } from "../png/card.ts";
import { cardOnDemand } from "./card-on-demand.ts";
import { findVisibleCard } from "./card-queries.ts";
import { sendMadeFile } from "./made-file.ts";
import type { VisitorMakes } from "./made-on-demand.ts";

/** Options of the card route. */
export interface CardRouteOptions {
  readonly store: Store;
  /** The makes each visitor has running, shared with the thumbnails. */
  readonly makes: VisitorMakes;
  readonly style: CardStyle;
}

const noCard = () =>
  notFound(
    "No drawing on the wall has this address; check the link (card images look like /api/drawings/<id>/card.png).",
  );

/**
 * GET /api/drawings/<id>/card.png: the drawing's link card, as stored by the background job, or made now when
 * none is stored in the current style (once however many ask; a visitor with makes running gets the PNG). Only
 * a visible drawing's card is ever sent, and it is cached as the drawing's other files are.
 */
export async function cardRoute(app: FastifyInstance, options: CardRouteOptions): Promise<void> {
  const { db } = options.store;
  const key = cardStyleKey(options.style);
  const onDemand = cardOnDemand(options.store, app.log, options.makes, options.style);

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      `${DRAWINGS_PATH}/:id/card.png`,
      drawingFileRoute("The card image (image/png)", noCard),
      async (request, reply) => {
        const { id } = request.params;
        const found = await findVisibleCard(db, id);
        if (found === undefined) throw noCard();
        return sendMadeFile(request, reply, id, {
          stored: found.style === key ? found.png : undefined,
          onDemand,
          type: "image/png",
          busyPath: drawingImagePath(id),
          gone: noCard,
        });
      },
    );
}
