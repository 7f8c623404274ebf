import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import { DRAWINGS_PATH } from "../../common/api.ts";
import { REACTION_KINDS, type ReactionKind, type ReactionState } from "../../common/reactions.ts";
import { stringEnum } from "../../common/wire/kit.ts";
import { ReactionStateSchema } from "../../common/wire/reactions.ts";
import type { ModerationSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { JSON_ONLY, NO_BODY_OR_JSON } from "../http/cross-site.ts";
import { errorResponses, HttpError, notFound } from "../http/errors.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { acceptOptionalJsonBody } from "../http/optional-json-body.ts";
import { DRAWING_ID, refuseInvalid } from "../http/validation.ts";
import { visitorKey } from "../http/visitor.ts";
import { presentedVisitorId, visitorIdFor } from "../http/visitor-id.ts";
import { browserHash, saltedHasher } from "../moderation/visitor-hash.ts";
import { createReactionAnnouncer } from "./reaction-announcer.ts";
import {
  addReaction,
  type ReactionKey,
  reactionsGivenBy,
  readReactions,
  removeReaction,
  type StoredReactions,
  type ToggleOutcome,
} from "./reaction-queries.ts";

/** Options of the reactions routes. */
export interface ReactionRoutesOptions {
  readonly store: Store;
  readonly settings: ModerationSettings;
}

const MAX_BODY_BYTES = 1024;
const KIND = stringEnum(REACTION_KINDS, `a reaction is one of ${REACTION_KINDS.join(", ")}`);
const DRAWING_PARAMS = Type.Object({ id: DRAWING_ID });
const KIND_PARAMS = Type.Object({ id: DRAWING_ID, kind: KIND });
const ACCEPTS = `send JSON { "kind": "${REACTION_KINDS.join('" | "')}" } with Content-Type: application/json`;

/** Pending, hidden and deleted drawings take no reactions and show none (nor can they be told apart). */
const notOnTheWall = () => notFound("No drawing on the wall has this id; it may have been removed.");
const unknownKind = () =>
  new HttpError(400, "unknown_reaction", `A reaction is one of ${REACTION_KINDS.join(", ")}.`);
const addressFull = (cap: number) =>
  new HttpError(
    403,
    "address_reactions_full",
    `This drawing already counts reactions from ${cap} browsers on your network (one internet address), the most it counts from one; yours cannot be added.`,
  );

/** Which part of a refused request was wrong: the drawing (404), or the reaction or body (400). */
const refusal = refuseInvalid(({ part, field }) =>
  part === "params" && field === "id" ? notOnTheWall() : field === "kind" ? unknownKind() : undefined,
);

/**
 * POST /api/drawings/<id>/reactions with JSON { kind } gives a reaction, DELETE .../reactions/<kind> takes it
 * back, GET .../reactions reads them; each answers the drawing's counts, their version and this browser's
 * reactions. A browser (its visitor id cookie, given on its first toggle) gives each kind once; a drawing
 * counts at most REACTION_BROWSERS_PER_ADDRESS browsers of one address (IPv4, or IPv6 /64), so a cleared
 * cookie buys no endless hearts. Giving and taking back count against the address's REACTION_RATE_LIMIT and
 * refuse other sites' pages.
 */
export async function reactionRoutes(app: FastifyInstance, options: ReactionRoutesOptions): Promise<void> {
  const { db } = options.store;
  const { settings } = options;
  const hash = saltedHasher(db);
  const announcer = createReactionAnnouncer(options.store.events);
  app.addHook("onClose", () => announcer.close());
  const limit = fixedWindowLimit(
    { limit: settings.reactionRateLimit, windowSeconds: settings.reactionRateWindowSeconds },
    "reactions",
  );
  acceptOptionalJsonBody(app, MAX_BODY_BYTES);

  /** Who toggles: the request's browser (given a visitor id now if it had none) and its address. */
  const reactor = async (request: FastifyRequest, reply: FastifyReply, id: string, kind: ReactionKind) => {
    const reactorHash = await browserHash(hash, visitorIdFor(request, reply));
    const key: ReactionKey = {
      drawingId: id,
      reactorHash,
      addressHash: await hash(visitorKey(request)),
      kind,
    };
    return key;
  };
  /**
   * The answer after a toggle (begun at the announcer's mark `since`): this browser's reactions now, and the
   * change announced to every wall unless the drawing was removed meanwhile.
   */
  const answer = async (key: ReactionKey, outcome: ToggleOutcome, since: number) => {
    if (outcome.state === undefined) throw notOnTheWall();
    if (outcome.addressFull) throw addressFull(settings.reactionBrowsersPerAddress);
    const id = key.drawingId;
    if (outcome.changed) announcer.changed({ id, ...outcome.state }, since);
    return stateFor(outcome.state, (await reactionsGivenBy(db, key.reactorHash, [id])).get(id));
  };
  const response = { 200: ReactionStateSchema, ...errorResponses };
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const charge = async (request: FastifyRequest) => limit.charge(request);

  typed.post(
    `${DRAWINGS_PATH}/:id/reactions`,
    {
      config: { accepts: ACCEPTS, refuseCrossSite: JSON_ONLY, bodyBytes: MAX_BODY_BYTES },
      // Counted before the body is read, per visitor; a refused or repeated toggle counts too.
      onRequest: charge,
      schema: {
        params: DRAWING_PARAMS,
        body: Type.Object({ kind: KIND }, { additionalProperties: false }),
        response,
      },
      schemaErrorFormatter: refusal,
    },
    async (request, reply) => {
      const since = announcer.mark();
      const key = await reactor(request, reply, request.params.id, request.body.kind);
      return answer(key, await addReaction(db, key, new Date(), settings.reactionBrowsersPerAddress), since);
    },
  );

  typed.delete(
    `${DRAWINGS_PATH}/:id/reactions/:kind`,
    {
      config: { accepts: "send no body", refuseCrossSite: NO_BODY_OR_JSON, bodyBytes: MAX_BODY_BYTES },
      onRequest: charge,
      schema: { params: KIND_PARAMS, response },
      schemaErrorFormatter: refusal,
    },
    async (request, reply) => {
      const since = announcer.mark();
      const key = await reactor(request, reply, request.params.id, request.params.kind);
      return answer(key, await removeReaction(db, key), since);
    },
  );

  typed.get(
    `${DRAWINGS_PATH}/:id/reactions`,
    { schema: { params: DRAWING_PARAMS, response }, schemaErrorFormatter: refusal },
    async (request, reply) => {
      const { id } = request.params;
      const state = await readReactions(db, id);
      if (state === undefined) throw notOnTheWall();
      // A browser that never reacted has no visitor id yet, and no reactions to show.
      const visitorId = presentedVisitorId(request);
      const given =
        visitorId === undefined
          ? []
          : (await reactionsGivenBy(db, await browserHash(hash, visitorId), [id])).get(id);
      return reply.header("Cache-Control", "no-store").send(stateFor(state, given));
    },
  );
}

function stateFor(state: StoredReactions, reacted: readonly ReactionKind[] = []): ReactionState {
  return { ...state, reacted: REACTION_KINDS.filter((kind) => reacted.includes(kind)) };
}
