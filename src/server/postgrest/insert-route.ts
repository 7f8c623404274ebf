import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Store } from "../db/open.ts";
import { badIdempotencyKey, IDEMPOTENCY_HEADER, idempotencyHeaders } from "../drawings/idempotency.ts";
import {
  type ModerationMode,
  prepareDrawing,
  REST_DRAWINGS_PATH,
  type SaveOutcome,
  storeDrawing,
} from "../drawings/save.ts";
import type { SaveTimeline } from "../drawings/save-timeline.ts";
import { creditOfUpload } from "../drawings/upload-claims.ts";
import { decodeDataUrl } from "../drawings/uploads.ts";
import { JSON_ONLY } from "../http/cross-site.ts";
import { answerErrorsWith, clip, HttpError, notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { answerPostgrest } from "./errors.ts";
import {
  type InsertedRow,
  type InsertPreferences,
  insertBodySchema,
  insertPreferences,
  insertQuerySchema,
  MAX_INSERT_BODY_BYTES,
  refuseInsertBody,
  type SelectedColumn,
  selectedColumns,
} from "./request.ts";

/** Options of the Supabase-compatible routes. */
export interface RestDrawingsRoutesOptions {
  readonly store: Store;
  /** Pre-moderation stores saves 'pending', exactly as /api/drawings does. */
  readonly moderationMode: ModerationMode;
}

/**
 * POST /rest/v1/drawings as PostgREST answers it, so a page written for a Supabase project stores into
 * Fanvas unchanged: an object or an array of { image_data }, Prefer return=minimal|representation,
 * Accept vnd.pgrst.object+json, ?select=, PostgREST error bodies. apikey and Authorization are accepted
 * and ignored: saving is open to anyone here, as the anonymous role's insert is on Supabase.
 */
export async function restDrawingsRoutes(
  app: FastifyInstance,
  options: RestDrawingsRoutesOptions,
): Promise<void> {
  // JSON only (supabase-js always sends application/json), at most MAX_INSERT_BODY_BYTES in all.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_INSERT_BODY_BYTES },
    app.getDefaultJsonParser("error", "error"),
  );
  answerErrorsWith(app, answerPostgrest);

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    REST_DRAWINGS_PATH,
    {
      config: {
        save: true,
        accepts:
          'send JSON rows {"image_data": "data:image/png;base64,..."} with Content-Type: application/json',
        refuseCrossSite: JSON_ONLY,
        bodyBytes: MAX_INSERT_BODY_BYTES,
        tooLarge: `The insert is larger than ${MAX_INSERT_BODY_BYTES / 2 ** 20} MiB in all; send its rows in several requests (each image at most 2 MiB).`,
      },
      // A select or an Accept that cannot be answered is refused from the address and headers, body unread.
      onRequest: async (request) => {
        selectedColumns(request.query.select);
        insertPreferences(request.headers.prefer, request.headers.accept);
      },
      schema: {
        querystring: insertQuerySchema,
        headers: idempotencyHeaders,
        body: insertBodySchema,
      },
      schemaErrorFormatter: refuseInvalid((failure) =>
        failure.part === "headers"
          ? badIdempotencyKey()
          : failure.part === "body"
            ? refuseInsertBody(failure)
            : undefined,
      ),
    },
    async (request, reply) => {
      const preferences = insertPreferences(request.headers.prefer, request.headers.accept);
      const columns = selectedColumns(request.query.select);
      const key = request.headers[IDEMPOTENCY_HEADER];
      const rows = [request.body].flat();
      const images = rows.map((row) => row.image_data);
      // PostgREST rolls the insert back when an object was asked for and the rows are not one.
      if (preferences.singleObject && images.length !== 1) throw rowsNotOne(images.length);
      const outcomes = await saveAll(options.store, rows, key, options.moderationMode, request.saveTimeline);
      return answer(reply, preferences, columns, outcomes, images);
    },
  );

  // Answered from the headers: no other table exists, so its body is never read (the connection then closes).
  app.post<{ Params: { table: string } }>(
    "/rest/v1/:table",
    {
      schema: { params: { type: "object", properties: { table: { type: "string" } } } },
      onRequest: async (request) => {
        const { table = "" } = request.params as { table?: string };
        throw notFound(
          `Could not find the table 'public.${clip(table, 60)}' in the schema cache; Fanvas has only drawings.`,
        );
      },
    },
    async () => {},
  );
}

/**
 * Every image is validated before the first is stored, so a bad row refuses the whole insert as
 * PostgREST's transaction would. The rows are then stored together, each its own write under its own key, so
 * they share a group commit (db/group-commit.ts, the SQLite writer thread) instead of waiting for one commit
 * each; if the store fails for any, a retry with the same Idempotency-Key completes the rest.
 */
async function saveAll(
  store: Store,
  rows: readonly InsertedRow[],
  key: string | undefined,
  mode: ModerationMode,
  timeline: SaveTimeline | undefined,
): Promise<SaveOutcome[]> {
  const drawings = [];
  for (const row of rows) {
    const credit = creditOfUpload(row.name ?? undefined);
    const drawing = await prepareDrawing({ png: decodeDataUrl(row.image_data) }, mode, timeline);
    drawings.push({ ...drawing, remixOf: row.remix_of, credit, promptId: row.prompt ?? undefined });
  }
  // Settled, not Promise.all: the request answers only once no row of it is still being written.
  const stored = await Promise.allSettled(
    drawings.map((drawing, index) =>
      storeDrawing(store, drawing, rowKey(key, index, drawings.length), timeline),
    ),
  );
  return stored.map((outcome) => {
    if (outcome.status === "rejected") throw outcome.reason;
    return outcome.value;
  });
}

/** One key per row: the client's key for a single row, the key and the row's position in an array. */
function rowKey(key: string | undefined, index: number, rows: number): string | undefined {
  if (key === undefined || rows === 1) return key;
  return `${key}#${index}`;
}

function answer(
  reply: FastifyReply,
  preferences: InsertPreferences,
  columns: readonly SelectedColumn[],
  outcomes: readonly SaveOutcome[],
  images: readonly string[],
): FastifyReply {
  reply.code(201).header("content-range", "*/*");
  if (!preferences.representation) return reply.send();
  const rows = outcomes.map((outcome, index) => {
    const values = {
      id: outcome.record.id,
      created_at: outcome.record.createdAt,
      // What was inserted; the stored bytes may later be re-encoded to the same pixels in fewer bytes.
      image_data: images[index],
      remix_of: outcome.record.remixOf,
      name: outcome.record.credit,
      prompt: outcome.record.promptId,
    };
    return Object.fromEntries(columns.map(({ name, column }) => [name, values[column]]));
  });
  return reply
    .header("preference-applied", "return=representation")
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(preferences.singleObject ? rows[0] : rows));
}

function rowsNotOne(rows: number): HttpError {
  return new HttpError(
    406,
    "rows_not_one",
    `JSON object requested, multiple (or no) rows returned: the insert holds ${rows} rows and application/vnd.pgrst.object+json requires 1 row.`,
  );
}
