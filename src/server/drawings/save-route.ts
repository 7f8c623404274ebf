import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { DRAWINGS_PATH, type SavedDrawing } from "../../common/api.ts";
import { MAX_UPLOAD_BYTES } from "../../common/constants.ts";
import { MAX_SAVE_BUNDLE_BYTES, SAVE_BUNDLE_TYPE } from "../../common/save-bundle.ts";
import { SavedDrawingSchema } from "../../common/wire/drawings.ts";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { UPLOADS } from "../http/cross-site.ts";
import { errorResponses } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { saltedHasher } from "../moderation/visitor-hash.ts";
import { badIdempotencyKey, IDEMPOTENCY_HEADER, idempotencyHeaders } from "./idempotency.ts";
import { badRemixOf } from "./remix-of.ts";
import { saveDrawing } from "./save.ts";
import { badPrompt, SaveQuerySchema, uploadClaims } from "./upload-claims.ts";
import { parseSaveBundle, UPLOAD_HINT, uploadedDrawing } from "./uploads.ts";

/** Base64 makes 4 characters of every 3 bytes; the extra room is for the prefix and the JSON around it. */
export const MAX_JSON_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 1024;
/** The largest body of the route, whichever of its three kinds. */
const MAX_SAVE_BODY_BYTES = Math.max(MAX_JSON_BODY_BYTES, MAX_SAVE_BUNDLE_BYTES);
const TOO_LARGE = `The upload is larger than this route takes: a PNG of at most ${MAX_UPLOAD_BYTES} bytes (2 MiB), its data URL in JSON, or a save bundle of that PNG and a drawing log of at most 2 MiB; send the 600 x 600 canvas as a PNG, which is far smaller.`;

const dataUrlBodySchema = Type.Object(
  { image_data: Type.String(), ...SaveQuerySchema.properties },
  { additionalProperties: false },
);

/** Options of the save route. */
export interface SaveRouteOptions {
  readonly store: Store;
  /** "pre" stores saves as 'pending' until a moderator approves them. */
  readonly moderationMode: ModerationSettings["mode"];
  /** The stickers the page offers (knownStickers of the branding): a drawing's log may place only these. */
  readonly stickers: ReadonlySet<string>;
}

/**
 * POST /api/drawings: the PNG's bytes, the spec's JSON { image_data: <PNG data URL> }, or the page's save bundle
 * (the PNG and its drawing's log, common/save-bundle.ts), stored together or not at all.
 */
export async function saveRoute(app: FastifyInstance, options: SaveRouteOptions): Promise<void> {
  const hash = saltedHasher(options.store.db);
  // Only PNG bytes and JSON are uploads; text/plain and everything else answer 415.
  app.removeContentTypeParser(["text/plain", "application/json"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_JSON_BODY_BYTES },
    app.getDefaultJsonParser("error", "error"),
  );
  app.addContentTypeParser(
    "image/png",
    { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    SAVE_BUNDLE_TYPE,
    { parseAs: "buffer", bodyLimit: MAX_SAVE_BUNDLE_BYTES },
    (_request, body, done) => {
      try {
        done(null, parseSaveBundle(body as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    DRAWINGS_PATH,
    {
      config: {
        save: true,
        accepts: UPLOAD_HINT,
        tooLarge: TOO_LARGE,
        refuseCrossSite: UPLOADS,
        bodyBytes: MAX_SAVE_BODY_BYTES,
      },
      schema: {
        headers: idempotencyHeaders,
        querystring: SaveQuerySchema,
        body: {
          content: {
            "application/json": { schema: dataUrlBodySchema },
            "image/png": { schema: { description: "The PNG file's bytes" } },
            [SAVE_BUNDLE_TYPE]: { schema: { description: "The PNG and the drawing's log (save-bundle.ts)" } },
          },
        },
        response: { 200: SavedDrawingSchema, 201: SavedDrawingSchema, ...errorResponses },
      },
      schemaErrorFormatter: refuseInvalid(
        ({ part, field }) =>
          part === "headers"
            ? badIdempotencyKey()
            : field === "remixOf"
              ? badRemixOf()
              : field === "prompt"
                ? badPrompt()
                : undefined,
        UPLOAD_HINT,
      ),
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const upload = uploadedDrawing(request.body, options.stickers);
      const claims = await uploadClaims(request, reply, hash);
      const outcome = await saveDrawing(
        options.store,
        upload,
        key,
        options.moderationMode,
        request.saveTimeline,
        claims,
      );
      const { id, createdAt, credit, promptId } = outcome.record;
      // Anything not public (pending, or hidden by a moderator before this retry) is "pending" to the saver.
      const status = outcome.record.status === "visible" ? "visible" : "pending";
      const url = `${DRAWINGS_PATH}/${id}.png`;
      const answer: SavedDrawing = { id, url, createdAt, status, name: credit, prompt: promptId };
      // 201 when this request stored it; 200 when a retry with the same key finds it already stored.
      return reply.code(outcome.kind === "created" ? 201 : 200).send(answer);
    },
  );
}
