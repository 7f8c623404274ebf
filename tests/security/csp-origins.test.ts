import { afterAll, describe, expect, it } from "vitest";
import { type BrandingConfig, DEFAULT_BRANDING } from "../../src/common/config.ts";
import { ConfigError } from "../../src/server/config.ts";
import { validateBranding } from "../../src/server/pages/branding.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";

// A CSP builder that copied hosts from the branding file's URLs verbatim would let a mascot URL like
// https://a;sandbox/x write a directive of its own into the policy. The branding check refuses such URLs at
// start, and the builder only ever writes well-formed origins.

const MALFORMED = [
  "https://a;sandbox/x",
  "https://a;script-src *;/x",
  "https://cdn.example.com;img-src */m.png",
  "https://user@cdn.example.com/m.png",
  "//cdn.example.com/m.png",
  "https://cdn example.com/m.png",
];

describe("image origins in the Content-Security-Policy", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  for (const address of MALFORMED) {
    it(`refuses ${JSON.stringify(address)} as mascot, favicon or sticker image at start, naming the field`, () => {
      for (const config of [
        { mascotImage: address },
        { faviconImage: address },
        { stickers: [{ name: "hat", image: address }] },
      ]) {
        const check = () => validateBranding(config, "fanvas.config.json");
        expect(check).toThrow(ConfigError);
        expect(check).toThrow(/"(mascotImage|faviconImage|stickers\[0\]\.image)" must be/);
      }
    });
  }

  it("accepts plain hosts with ports, and writes only those origins into img-src", async () => {
    const branding = validateBranding(
      { mascotImage: "https://cdn.example.com:8443/m.png", faviconImage: "https://[2001:db8::1]/f.png" },
      "fanvas.config.json",
    );
    const t = await startTestApp("sqlite", { branding });
    apps.push(t);
    const csp = String(
      (await t.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"],
    );
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com:8443 https://[2001:db8::1]");
  });

  it("never writes a directive of its own, even for a branding that skipped the check", async () => {
    const unchecked: BrandingConfig = {
      ...DEFAULT_BRANDING,
      mascotImage: "https://a;sandbox/x",
      faviconImage: "https://b;script-src 'unsafe-inline'/y",
      stickers: [{ name: "hat", image: "https://c;report-uri https://evil.example/z" }],
    };
    const t = await startTestApp("sqlite", { branding: unchecked });
    apps.push(t);
    const csp = String(
      (await t.app.inject({ method: "GET", url: "/healthz" })).headers["content-security-policy"],
    );
    const directives = csp.split("; ").map((directive) => directive.split(" ")[0]);
    expect(directives).toEqual([
      "default-src",
      "script-src",
      "style-src",
      "img-src",
      "connect-src",
      "font-src",
      "object-src",
      "base-uri",
      "form-action",
      "frame-ancestors",
    ]);
    expect(csp).not.toMatch(/sandbox|unsafe-inline|report-uri|evil/);
  });
});
