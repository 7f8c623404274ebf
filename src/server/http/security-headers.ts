import { createHash } from "node:crypto";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import { themeStyleRule, withDefaults } from "../../common/theme.ts";

/** Options of the security headers plugin. */
export interface SecurityHeadersOptions {
  readonly branding: BrandingConfig;
}

/**
 * Sets the security headers on every answer: pages, built files, images, JSON and every error.
 * onSend runs for all of them, including 404s and answers Fastify makes before routing.
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = securityHeaderValues(options.branding);
  app.addHook("onSend", async (_request, reply) => {
    reply.headers(headers);
  });
}

/** Wraps Fastify's frameworkErrors handler, whose answers run no hooks, so they carry the headers too. */
export function withSecurityHeaders(
  answer: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void,
  branding: BrandingConfig,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  const headers = securityHeaderValues(branding);
  return (error, request, reply) => {
    reply.headers(headers);
    answer(error, request, reply);
  };
}

/** The header values, fixed for the life of the process since the branding is read once at start. */
function securityHeaderValues(branding: BrandingConfig): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(branding),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Older browsers ignore frame-ancestors; this keeps the page out of frames there too.
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
}

/**
 * No inline script and no inline style attribute; the one inline style element is the theme's rule, allowed by
 * its hash (so no other inline style can run). The branding's JSON block is a data block, which script-src does
 * not govern. Images may come from the remote mascot, favicon and sticker origins the operator configured;
 * data: and blob: are the favicon and the saved drawing the page makes itself.
 */
function contentSecurityPolicy(branding: BrandingConfig): string {
  const stickers = (branding.stickers ?? []).map((sticker) => sticker.image);
  const imageOrigins = remoteOrigins([branding.mascotImage, branding.faviconImage, ...stickers]);
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${themeStyleHash(branding)}`,
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The distinct origins of the absolute URLs among these; paths on our own origin need no entry. */
function remoteOrigins(addresses: readonly string[]): string[] {
  const origins = addresses
    .filter((address) => /^https?:\/\//.test(address))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** The CSP source that allows the theme's inline rule (see pages/index-html.ts), and nothing else inline. */
function themeStyleHash(branding: BrandingConfig): string {
  const rule = themeStyleRule(withDefaults(branding.theme));
  return `'sha256-${createHash("sha256").update(rule).digest("base64")}'`;
}
