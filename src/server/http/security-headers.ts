import { createHash } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import { themeStyleRule, withDefaults } from "../../common/theme.ts";

/** Options of the security headers plugin. */
export interface SecurityHeadersOptions {
  readonly branding: BrandingConfig;
  /** CSP sources of the page's inline stylesheets besides the theme's (pages/inline-styles.ts). */
  readonly inlineStyles?: readonly string[];
}

/** HTTPS only for a year; not includeSubDomains, which would bind hosts of the operator's we know nothing about. */
const HSTS = "max-age=31536000";
/** Powerful features the page never uses, off for it and anything it could ever embed. */
const PERMISSIONS = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * Sets the security headers on every answer: pages, built files, images, JSON and every error.
 * onSend runs for all of them, including 404s and answers Fastify makes before routing. Other sites may not
 * embed our resources (Cross-Origin-Resource-Policy same-origin) unless a route said otherwise (drawing images
 * are meant to be shared); a request that came over HTTPS (directly, or through a trusted proxy) gets HSTS.
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = securityHeaderValues(options.branding, options.inlineStyles);
  app.addHook("onSend", async (request, reply) => {
    reply.headers(headers);
    if (!reply.hasHeader("cross-origin-resource-policy"))
      reply.header("cross-origin-resource-policy", "same-origin");
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}

/** Wraps Fastify's frameworkErrors handler, whose answers run no hooks, so they carry the headers too. */
export function withSecurityHeaders(
  answer: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void,
  branding: BrandingConfig,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  const headers = { ...securityHeaderValues(branding), "cross-origin-resource-policy": "same-origin" };
  return (error, request, reply) => {
    reply.headers(headers);
    answer(error, request, reply);
  };
}

/**
 * The header values every answer carries, fixed for the life of the process since the branding is read once
 * at start (also written by hand on the answers Node's own HTTP parser makes: http/client-errors.ts).
 */
export function securityHeaderValues(
  branding: BrandingConfig,
  inlineStyles: readonly string[] = [],
): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(branding, inlineStyles),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Older browsers ignore frame-ancestors; this keeps the page out of frames there too.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": PERMISSIONS,
  };
}

/**
 * No inline script and no inline style attribute; the inline style elements are the theme's rule and the
 * page's own stylesheet, each allowed by its hash (so no other inline style can run). The branding's JSON block
 * is a data block, which script-src does not govern. Images may come from the remote mascot, favicon and sticker origins the operator configured;
 * data: and blob: are the favicon and the saved drawing the page makes itself.
 */
function contentSecurityPolicy(branding: BrandingConfig, inlineStyles: readonly string[]): string {
  const stickers = (branding.stickers ?? []).map((sticker) => sticker.image);
  const imageOrigins = remoteOrigins([branding.mascotImage, branding.faviconImage, ...stickers]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", themeStyleHash(branding), ...inlineStyles].join(" "),
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** An origin as CSP may name it: http(s), a host of letters, digits, dots and hyphens (or [IPv6]), a port. */
const CSP_ORIGIN = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * The distinct origins of the absolute URLs among these; paths on our own origin need no entry. Only
 * well-formed origins: a URL like https://a;sandbox/x (which the branding check refuses at start anyway)
 * must never write a directive of its own into the policy.
 */
function remoteOrigins(addresses: readonly string[]): string[] {
  const origins = addresses
    .filter((address) => /^https?:\/\//.test(address))
    .map((url) => URL.parse(url)?.origin ?? "")
    .filter((origin) => CSP_ORIGIN.test(origin));
  return [...new Set(origins)];
}

/** The CSP source that allows the theme's inline rule (see pages/index-html.ts), and nothing else inline. */
function themeStyleHash(branding: BrandingConfig): string {
  return styleSource(themeStyleRule(withDefaults(branding.theme)));
}

/** The CSP source that allows an inline style element holding exactly `text`. */
export function styleSource(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}
