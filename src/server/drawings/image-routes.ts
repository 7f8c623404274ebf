import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { DRAWINGS_PATH } from "../../common/api.ts";
import {
  DEFAULT_IMAGE_CACHE,
  DEFAULT_THUMBNAILS,
  type ImageCacheSettings,
  type ThumbnailSettings,
} from "../config.ts";
import type { Store } from "../db/open.ts";
import { drawingFileRoute, sendDrawingFile } from "../http/drawing-file.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import type { CardStyle } from "../png/card.ts";
import { cardRoute } from "./card-route.ts";
import { createImageCache, IMAGE_CACHE_TTL_MS, type ImageCache } from "./image-cache.ts";
import { sendMadeFile } from "./made-file.ts";
import { visitorMakes } from "./made-on-demand.ts";
import { findDrawingImage } from "./queries.ts";
import { thumbnailOnDemand } from "./thumbnail-on-demand.ts";
import { findVisibleThumbnail } from "./thumbnail-queries.ts";

/** Options of the image routes. */
export interface ImageRoutesOptions {
  readonly store: Store;
  /** Memory for served PNGs (IMAGE_CACHE_MB). Default: DEFAULT_IMAGE_CACHE. */
  readonly imageCache?: ImageCacheSettings | undefined;
  /** What the link cards show of the branding. */
  readonly cardStyle: CardStyle;
  /** On-demand thumbnails made at once in the process (THUMBNAILS_AT_ONCE). Default: DEFAULT_THUMBNAILS. */
  readonly thumbnails?: ThumbnailSettings;
}

/** Hidden, pending, unknown and malformed ids look alike: nothing public is at that address. */
const noImage = () =>
  notFound("No drawing has this address; check the link (drawing images look like /api/drawings/<id>.png).");
const noThumbnail = () =>
  notFound(
    "No drawing on the wall has this address; check the link (thumbnails look like /api/drawings/<id>.webp).",
  );

/**
 * GET /api/drawings/<id>.png (the stored PNG), GET /api/drawings/<id>.webp (its wall thumbnail) and
 * GET /api/drawings/<id>/card.png (its link card). Thumbnails and cards asked for before the background job
 * made them are made on demand, within one count per visitor and one per process.
 */
export async function imageRoutes(app: FastifyInstance, options: ImageRoutesOptions): Promise<void> {
  const { db } = options.store;
  const images = publicImages(app, options);
  const makes = visitorMakes((options.thumbnails ?? DEFAULT_THUMBNAILS).maxAtOnce);
  const onDemand = thumbnailOnDemand(options.store, app.log, makes);
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(cardRoute, { store: options.store, makes, style: options.cardStyle });

  typed.get(
    `${DRAWINGS_PATH}/:id.png`,
    drawingFileRoute("The stored PNG (image/png)", noImage),
    async (request, reply) => {
      const { id } = request.params;
      const image = images.cached(id) ?? (await images.load(id));
      if (image === undefined) throw noImage();
      // The ETag follows the stored bytes, so a revalidation after re-encoding gets the smaller file.
      return sendDrawingFile(request, reply, { bytes: image.bytes, etag: image.etag, type: "image/png" });
    },
  );

  typed.get(
    `${DRAWINGS_PATH}/:id.webp`,
    drawingFileRoute("The thumbnail (image/webp)", noThumbnail),
    async (request, reply) => {
      const { id } = request.params;
      const found = await findVisibleThumbnail(db, id);
      if (found === undefined) throw noThumbnail();
      return sendMadeFile(request, reply, id, {
        stored: found.webp,
        onDemand,
        type: "image/webp",
        busyPath: `${DRAWINGS_PATH}/${id}.png`,
        gone: noThumbnail,
      });
    },
  );

  // Any other name under the collection (no extension, another one) is no drawing either.
  app.get(`${DRAWINGS_PATH}/:file`, { schema: { response: errorResponses } }, async () => {
    throw noImage();
  });
}

/**
 * Visible drawings' PNGs from memory. A hide, a delete or a re-encode evicts at once: the store's event bus
 * delivers it before the moderator's answer, and from other processes through the PostgreSQL bridge;
 * whatever no event announced is read again after IMAGE_CACHE_TTL_MS.
 */
function publicImages(app: FastifyInstance, options: ImageRoutesOptions): ImageCache {
  const { db } = options.store;
  const settings = options.imageCache ?? DEFAULT_IMAGE_CACHE;
  const images = createImageCache({ maxBytes: settings.maxBytes, ttlMs: IMAGE_CACHE_TTL_MS }, (id) =>
    findDrawingImage(db, id),
  );
  const stop = options.store.events.subscribe((event) => {
    if (event.type === "removed" || event.type === "changed") images.evict(event.id);
  });
  app.addHook("onClose", async () => stop());
  return images;
}
