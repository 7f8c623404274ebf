import type { FastifyInstance, FastifyRequest } from "fastify";
import { SAVE_BUNDLE_TYPE } from "../../common/save-bundle.ts";
import { hostnameOf } from "../config-values.ts";
import { clip, HttpError } from "./errors.ts";

// Any website can make its visitors' browsers send a request to us: a form post, or a fetch in no-cors mode,
// needs no permission. Such a request comes from the visitor's own address, so it would spend their save and
// report limits and count as their report. A state-changing route therefore opts into this guard with one line
// of route config, `refuseCrossSite: [<body types>]`, and then takes only:
// - a body type that a page cannot send cross-site without a CORS preflight (JSON, PNG; never a form or
//   text/plain), and
// - a browser request from our own page or an origin in CORS_ORIGINS: Origin our own (PUBLIC_BASE_URL's when
//   set, else the request's scheme, host and port) or listed, or Sec-Fetch-Site: same-origin for a request
//   addressed to our own host (the Host guard, host-guard.ts, keeps every request's host one of ours). A
//   client that sends neither header is no browser (curl, supabase-js on a server): nobody's page can make it
//   send anything, so it passes.

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route changes state: refuse cross-site browser requests, and take only these body types. */
    readonly refuseCrossSite?: readonly string[];
  }
}

/** Options of the guard. */
export interface CrossSiteOptions {
  /** CORS_ORIGINS: pages on these origins may call the API. */
  readonly corsOrigins: readonly string[];
  /** PUBLIC_BASE_URL: the address visitors reach us at, when the operator set it. */
  readonly publicBaseUrl?: string | undefined;
}

/** Bodies a page can send anywhere without a preflight: never taken by a state-changing route. */
const JSON_BODY = ["application/json"] as const;
/** The body types of the JSON-only routes (reports, the PostgREST insert). */
export const JSON_ONLY: readonly string[] = JSON_BODY;
/** The body types of the upload route: the PNG's bytes, JSON with a data URL, or the page's save bundle. */
export const UPLOADS: readonly string[] = [...JSON_BODY, "image/png", SAVE_BUNDLE_TYPE];
/**
 * A DELETE's: no body (no type: "" below), or JSON. No page can send a DELETE to another site without a CORS
 * preflight, so the body type does not matter here; the origin check still does.
 */
export const NO_BODY_OR_JSON: readonly string[] = ["", ...JSON_BODY];

/** The app-wide hook that enforces each route's `refuseCrossSite`, before any limit counts the request. */
export async function crossSiteGuard(app: FastifyInstance, options: CrossSiteOptions): Promise<void> {
  const trusted = new Set(options.corsOrigins);
  const publicUrl = options.publicBaseUrl === undefined ? undefined : new URL(options.publicBaseUrl);
  if (publicUrl !== undefined) trusted.add(publicUrl.origin);
  // With PUBLIC_BASE_URL, our origin is that one: a request's own Host (which DNS rebinding chooses) is not.
  const ownOrigin = (request: FastifyRequest) =>
    publicUrl?.origin ?? `${request.protocol}://${(request.host ?? "").toLowerCase()}`;
  const addressedToUs = (request: FastifyRequest) =>
    publicUrl === undefined || hostnameOf(request.host ?? "") === hostnameOf(publicUrl.host);
  app.addHook("onRequest", async (request) => {
    const bodyTypes = request.routeOptions.config.refuseCrossSite;
    if (bodyTypes === undefined) return;
    if (!fromOurSite(request, trusted, ownOrigin(request), addressedToUs(request))) {
      throw crossSite(request.headers.origin);
    }
    if (!bodyTypes.includes(mediaType(request))) throw unsupportedBody(request);
  });
}

/**
 * True for a non-browser client, our own page, or a page on a trusted origin. An origin is a scheme, a host and
 * a port: http://our.host is not https://our.host (a page served over plain HTTP by anyone on the path).
 */
function fromOurSite(
  request: FastifyRequest,
  trusted: ReadonlySet<string>,
  ownOrigin: string,
  addressedToUs: boolean,
): boolean {
  const origin = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  // A browser that says the request comes from the origin it addressed is believed (pages cannot set this
  // header) when that origin's host is ours: under DNS rebinding it is the attacker's name, for our address.
  if (site === "same-origin" && addressedToUs) return true;
  if (origin === undefined) return site === undefined || site === "none";
  return trusted.has(origin) || origin === ownOrigin;
}

/** The media type of the body, lower case, without parameters; "" when the request names none. */
function mediaType(request: FastifyRequest): string {
  return (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function crossSite(origin: string | undefined): HttpError {
  const from = origin === undefined ? "another site" : `a page on ${clip(origin, 80)}`;
  return new HttpError(
    403,
    "cross_site",
    `This request came from ${from}; Fanvas takes saves, reports and reactions only from its own page, or from the origins its operator lists in CORS_ORIGINS.`,
  );
}

function unsupportedBody(request: FastifyRequest): HttpError {
  const type = request.headers["content-type"];
  const named = type === undefined ? "(none)" : `"${clip(type)}"`;
  const accepts = request.routeOptions.config.accepts ?? "send JSON with Content-Type: application/json";
  return new HttpError(415, "unsupported_media_type", `Content-Type ${named} is not accepted; ${accepts}.`);
}
