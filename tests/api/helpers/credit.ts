import type { FastifyInstance } from "fastify";
import type { GalleryPage, SavedDrawing } from "../../../src/common/api.ts";
import { ADMIN_TOKEN } from "./moderation.ts";
import { drawingPng } from "./png.ts";

type Injected = Awaited<ReturnType<FastifyInstance["inject"]>>;

let seed = 5000;

/** What a test save carries besides a new picture. */
export interface SaveClaims {
  readonly name?: string;
  readonly prompt?: string;
  /** A Cookie header (a browser's visitor id); none by default. */
  readonly cookie?: string;
  /** As the spec's JSON body (claims in the body) instead of the PNG's bytes (claims in the query). */
  readonly json?: boolean;
}

/** Saves a new, distinct picture with these claims; the raw answer (any status). */
export async function saveSigned(app: FastifyInstance, claims: SaveClaims = {}): Promise<Injected> {
  seed += 1;
  const png = await drawingPng(600, 600, seed);
  const cookie = claims.cookie === undefined ? {} : { cookie: claims.cookie };
  if (claims.json === true) {
    const body: Record<string, string> = { image_data: `data:image/png;base64,${png.toString("base64")}` };
    if (claims.name !== undefined) body.name = claims.name;
    if (claims.prompt !== undefined) body.prompt = claims.prompt;
    return app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { "content-type": "application/json", ...cookie },
      payload: JSON.stringify(body),
    });
  }
  const query = new URLSearchParams();
  if (claims.name !== undefined) query.set("name", claims.name);
  if (claims.prompt !== undefined) query.set("prompt", claims.prompt);
  return app.inject({
    method: "POST",
    url: `/api/drawings?${query}`,
    headers: { "content-type": "image/png", ...cookie },
    payload: png,
  });
}

/** saveSigned that must store: the 201 answer. */
export async function stored(app: FastifyInstance, claims: SaveClaims = {}): Promise<SavedDrawing> {
  const answer = await saveSigned(app, claims);
  if (answer.statusCode !== 201) throw new Error(`save answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<SavedDrawing>();
}

/** The visitor id cookie an answer set, as the browser would send it back. */
export function visitorCookie(answer: Injected): string {
  const set = answer.cookies.find((cookie) => cookie.name === "fanvas_visitor");
  if (set === undefined) throw new Error("the answer set no visitor id");
  return `fanvas_visitor=${set.value}`;
}

/** One page of the wall with this query, as JSON (throws on any other status). */
export async function wallPage(app: FastifyInstance, query: string, cookie?: string): Promise<GalleryPage> {
  const answer = await app.inject({
    method: "GET",
    url: `/api/drawings?${query}`,
    headers: cookie === undefined ? {} : { cookie },
  });
  if (answer.statusCode !== 200)
    throw new Error(`GET ${query} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<GalleryPage>();
}

/** A moderator's JSON API call (Bearer token), with an optional JSON body. */
export function adminCall(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: object,
) {
  return app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${ADMIN_TOKEN}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
