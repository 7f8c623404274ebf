import type { FastifyInstance, FastifyRequest } from "fastify";
import { DRAWINGS_PATH } from "../../common/api.ts";
import { REACTION_KINDS, type ReactionKind, type ReactionState } from "../../common/reactions.ts";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { JSON_ONLY, NO_BODY_OR_JSON } from "../http/cross-site.ts";
import { errorResponses, HttpError, notFound } from "../http/errors.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { acceptOptionalJsonBody } from "../http/optional-json-body.ts";
import { DRAWING_ID, refuseInvalid } from "../http/validation.ts";
import { visitorHasher } from "../moderation/visitor-hash.ts";
import { createReactionAnnouncer } from "./reaction-announcer.ts";
import {
  addReaction,
  reactionsGivenBy,
  readReactions,
  removeReaction,
  type StoredReactions,
  type ToggleOutcome,
} from "./reaction-queries.ts";
import { reactionStateSchema } from "./reaction-schemas.ts";

/** Options of the reactions routes. */
export interface ReactionRoutesOptions {
  readonly store: Store;
  readonly settings: ModerationSettings;
}

const MAX_BODY_BYTES = 1024;
const KIND = {
  type: "string",
  enum: [...REACTION_KINDS],
  description: `a reaction is one of ${REACTION_KINDS.join(", ")}`,
} as const;
const ACCEPTS = `send JSON { "kind": "${REACTION_KINDS.join('" | "')}" } with Content-Type: application/json`;

/** Pending, hidden and deleted drawings take no reactions and show none (nor can they be told apart). */
const notOnTheWall = () => notFound("No drawing on the wall has this id; it may have been removed.");
const unknownKind = () =>
  new HttpError(400, "unknown_reaction", `A reaction is one of ${REACTION_KINDS.join(", ")}.`);

/** Which part of a refused request was wrong: the drawing (404), or the reaction or body (400). */
const refusal = refuseInvalid(({ part, field }) =>
  part === "params" && field === "id" ? notOnTheWall() : field === "kind" ? unknownKind() : undefined,
);

/**
 * POST /api/drawings/<id>/reactions with JSON { kind } gives a reaction, DELETE .../reactions/<kind> takes it
 * back, GET .../reactions reads them; each answers the drawing's counts, their version and this visitor's
 * reactions. A visitor (the reporters' salted hash of the IPv4 address or IPv6 /64) gives each kind once.
 * Giving and taking back are rows: they count against REACTION_RATE_LIMIT and refuse other sites' pages.
 */
export async function reactionRoutes(app: FastifyInstance, options: ReactionRoutesOptions): Promise<void> {
  const { db } = options.store;
  const { settings } = options;
  const hashVisitor = visitorHasher(db);
  const announcer = createReactionAnnouncer(options.store.events);
  app.addHook("onClose", () => announcer.close());
  const limit = fixedWindowLimit(
    { limit: settings.reactionRateLimit, windowSeconds: settings.reactionRateWindowSeconds },
    "reactions",
  );
  acceptOptionalJsonBody(app, MAX_BODY_BYTES);

  /**
   * The answer after a toggle (begun at the announcer's mark `since`): this visitor's reactions now, and the
   * change announced to every wall unless the drawing was removed meanwhile.
   */
  const answer = async (id: string, outcome: ToggleOutcome, hash: string, since: number) => {
    if (outcome.state === undefined) throw notOnTheWall();
    if (outcome.changed) announcer.changed({ id, ...outcome.state }, since);
    return stateFor(outcome.state, (await reactionsGivenBy(db, hash, [id])).get(id));
  };
  const params = (kind: boolean) => ({
    type: "object",
    required: kind ? ["id", "kind"] : ["id"],
    properties: kind ? { id: DRAWING_ID, kind: KIND } : { id: DRAWING_ID },
  });
  const response = { 200: reactionStateSchema, ...errorResponses };
  const charge = async (request: FastifyRequest) => limit.charge(request);

  app.post<{ Params: { id: string }; Body: { kind: ReactionKind } }>(
    `${DRAWINGS_PATH}/:id/reactions`,
    {
      config: { accepts: ACCEPTS, refuseCrossSite: JSON_ONLY, bodyBytes: MAX_BODY_BYTES },
      // Counted before the body is read, per visitor; a refused or repeated toggle counts too.
      onRequest: charge,
      schema: {
        params: params(false),
        body: { type: "object", required: ["kind"], additionalProperties: false, properties: { kind: KIND } },
        response,
      },
      schemaErrorFormatter: refusal,
    },
    async (request) => {
      const since = announcer.mark();
      const { id } = request.params;
      const hash = await hashVisitor(request);
      const key = { drawingId: id, reactorHash: hash, kind: request.body.kind };
      return answer(id, await addReaction(db, key, new Date()), hash, since);
    },
  );

  app.delete<{ Params: { id: string; kind: ReactionKind } }>(
    `${DRAWINGS_PATH}/:id/reactions/:kind`,
    {
      config: { accepts: "send no body", refuseCrossSite: NO_BODY_OR_JSON, bodyBytes: MAX_BODY_BYTES },
      onRequest: charge,
      schema: { params: params(true), response },
      schemaErrorFormatter: refusal,
    },
    async (request) => {
      const since = announcer.mark();
      const { id, kind } = request.params;
      const hash = await hashVisitor(request);
      return answer(id, await removeReaction(db, { drawingId: id, reactorHash: hash, kind }), hash, since);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${DRAWINGS_PATH}/:id/reactions`,
    { schema: { params: params(false), response }, schemaErrorFormatter: refusal },
    async (request, reply) => {
      const { id } = request.params;
      const state = await readReactions(db, id);
      if (state === undefined) throw notOnTheWall();
      const given = await reactionsGivenBy(db, await hashVisitor(request), [id]);
      return reply.header("Cache-Control", "no-store").send(stateFor(state, given.get(id)));
    },
  );
}

function stateFor(state: StoredReactions, reacted: readonly ReactionKind[] = []): ReactionState {
  return { ...state, reacted: REACTION_KINDS.filter((kind) => reacted.includes(kind)) };
}
