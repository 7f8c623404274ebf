import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../common/config.ts";
import { ConfigError, loadBranding, readSettings, validateBranding } from "./config.ts";

const dir = mkdtempSync(join(tmpdir(), "fanvas-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readSettings", () => {
  it("defaults to 127.0.0.1:8080, ./data/fanvas.sqlite, ./fanvas.config.json and ./dist", () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      configPathExplicit: false,
      logLevel: "info",
    });
    expect(settings.store).toEqual({ dialect: "sqlite", file: resolve("data", "fanvas.sqlite") });
    expect(settings.configPath).toBe("fanvas.config.json");
    expect(settings.clientDir).toBe(resolve("dist"));
  });

  it("selects PostgreSQL when DATABASE_URL is set, and takes PORT 0 for any free port", () => {
    const settings = readSettings({
      DATABASE_URL: "postgres://u:p@h/db",
      PORT: "0",
      FANVAS_CONFIG: "/etc/brand.json",
    });
    expect(settings.store).toEqual({ dialect: "postgres", connectionString: "postgres://u:p@h/db" });
    expect(settings.port).toBe(0);
    expect(settings.configPathExplicit).toBe(true);
  });

  it("refuses a PORT that is not a port number, naming PORT", () => {
    for (const port of ["-1", "65536", "80a", "1.5"]) {
      expect(() => readSettings({ PORT: port })).toThrow(ConfigError);
      expect(() => readSettings({ PORT: port })).toThrow(/PORT must be a whole number/);
    }
  });
});

describe("branding config", () => {
  it("merges the file's fields over the defaults", async () => {
    const file = join(dir, "partial.json");
    writeFileSync(file, JSON.stringify({ title: "Draw Bob", downloadPrefix: "draw-bob" }));
    expect(await loadBranding(file, true)).toEqual({
      ...DEFAULT_BRANDING,
      title: "Draw Bob",
      downloadPrefix: "draw-bob",
    });
  });

  it("uses the defaults when the default file is missing, but refuses a missing file that was named", async () => {
    const missing = join(dir, "missing.json");
    expect(await loadBranding(missing, false)).toEqual(DEFAULT_BRANDING);
    await expect(loadBranding(missing, true)).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it("names the bad field and what it must be", () => {
    const check = (value: unknown) => () => validateBranding(value, "x.json");
    expect(check({ profileUrl: "javascript:alert(1)" })).toThrow(
      'Invalid config x.json: "profileUrl" must match ^https?://',
    );
    expect(check({ mascotImage: "mascot.png" })).toThrow('"mascotImage" must match ^(https?://|/)');
    expect(check({ title: "" })).toThrow('"title" must be at least 1 characters long');
    expect(check({ title: 7 })).toThrow('"title" must be a string');
    expect(check({ downloadPrefix: "../x" })).toThrow('"downloadPrefix" must match');
    expect(check({ colour: "red" })).toThrow('"colour" is not a known field');
    expect(check([])).toThrow("one JSON object");
  });
});
