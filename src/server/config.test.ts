import { networkInterfaces } from "node:os";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  DEFAULT_EVENT_STREAMS,
  DEFAULT_IMAGE_CACHE,
  DEFAULT_MODERATION,
  DEFAULT_THUMBNAILS,
  DEFAULT_UPLOAD_BUDGET,
  readAllowedHosts,
  readImageCacheSettings,
  readLimitSettings,
  readModerationSettings,
  readSettings,
} from "./config.ts";

/** One test per row: readSettings refuses the environment with a ConfigError whose message names the setting. */
function itRefusesEach(table: readonly (readonly [Record<string, string>, string])[]): void {
  it.each(table)("refuses %o with a ConfigError naming %s", (env, name) => {
    expect(() => readSettings(env)).toThrow(ConfigError);
    expect(() => readSettings(env)).toThrow(name);
  });
}

describe("readSettings", () => {
  it("defaults to 127.0.0.1:8080, ./data/fanvas.sqlite, ./fanvas.config.json and ./dist", () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      configPathExplicit: false,
      logLevel: "info",
    });
    expect(settings.store).toEqual({
      dialect: "sqlite",
      file: resolve("data", "fanvas.sqlite"),
      commitHoldMs: 0,
    });
    expect(settings.configPath).toBe("fanvas.config.json");
    expect(settings.clientDir).toBe(resolve("dist"));
  });

  it("selects PostgreSQL when DATABASE_URL is set, and takes PORT 0 for any free port", () => {
    const settings = readSettings({
      DATABASE_URL: "postgres://u:p@h/db",
      PORT: "0",
      FANVAS_CONFIG: "/etc/brand.json",
    });
    expect(settings.store).toEqual({
      dialect: "postgres",
      connectionString: "postgres://u:p@h/db",
      commitHoldMs: 0,
    });
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

describe("moderation settings", () => {
  it("defaults to post-moderation, 3 reports, 10 reports per hour, 60 reactions a minute, 5 browsers per address, admin off", () => {
    expect(readModerationSettings({})).toEqual(DEFAULT_MODERATION);
    expect(DEFAULT_MODERATION).toEqual({
      mode: "post",
      reportThreshold: 3,
      reportRateLimit: 10,
      reportRateWindowSeconds: 3600,
      reactionRateLimit: 60,
      reactionRateWindowSeconds: 60,
      reactionBrowsersPerAddress: 5,
      adminToken: undefined,
    });
    expect(readSettings({}).moderation).toEqual(DEFAULT_MODERATION);
  });

  it("reads every variable", () => {
    const token = "a-long-enough-admin-token";
    expect(
      readModerationSettings({
        MODERATION_MODE: "PRE",
        REPORT_THRESHOLD: "5",
        REPORT_RATE_LIMIT: "0",
        REPORT_RATE_WINDOW_SECONDS: "60",
        REACTION_RATE_LIMIT: "20",
        REACTION_RATE_WINDOW_SECONDS: "30",
        REACTION_BROWSERS_PER_ADDRESS: "0",
        ADMIN_TOKEN: ` ${token} `,
      }),
    ).toEqual({
      mode: "pre",
      reportThreshold: 5,
      reportRateLimit: 0,
      reportRateWindowSeconds: 60,
      reactionRateLimit: 20,
      reactionRateWindowSeconds: 30,
      reactionBrowsersPerAddress: 0,
      adminToken: token,
    });
  });

  itRefusesEach([
    [{ MODERATION_MODE: "later" }, "MODERATION_MODE"],
    [{ REPORT_THRESHOLD: "0" }, "REPORT_THRESHOLD"],
    [{ REPORT_THRESHOLD: "two" }, "REPORT_THRESHOLD"],
    [{ REPORT_RATE_LIMIT: "-1" }, "REPORT_RATE_LIMIT"],
    [{ REPORT_RATE_WINDOW_SECONDS: "0" }, "REPORT_RATE_WINDOW_SECONDS"],
    [{ REACTION_RATE_LIMIT: "-1" }, "REACTION_RATE_LIMIT"],
    [{ REACTION_RATE_WINDOW_SECONDS: "0" }, "REACTION_RATE_WINDOW_SECONDS"],
    [{ REACTION_BROWSERS_PER_ADDRESS: "-1" }, "REACTION_BROWSERS_PER_ADDRESS"],
    [{ ADMIN_TOKEN: "short" }, "ADMIN_TOKEN"],
  ]);
});

describe("IMAGE_CACHE_MB", () => {
  it("defaults to 64 MiB, takes whole mebibytes including 0, and names itself when wrong", () => {
    expect(readImageCacheSettings({})).toEqual(DEFAULT_IMAGE_CACHE);
    expect(DEFAULT_IMAGE_CACHE.maxBytes).toBe(64 * 2 ** 20);
    expect(readImageCacheSettings({ IMAGE_CACHE_MB: "0" }).maxBytes).toBe(0);
    expect(readImageCacheSettings({ IMAGE_CACHE_MB: " 16 " }).maxBytes).toBe(16 * 2 ** 20);
    for (const wrong of ["-1", "1.5", "lots", "70000"]) {
      expect(() => readImageCacheSettings({ IMAGE_CACHE_MB: wrong })).toThrow(/IMAGE_CACHE_MB must be/);
    }
  });
});

describe("ALLOWED_HOSTS", () => {
  it("defaults to the address HOST names, localhost and loopback, and PUBLIC_BASE_URL's host", () => {
    expect(readAllowedHosts({})).toEqual(["localhost", "127.0.0.1", "::1"]);
    expect(readAllowedHosts({ HOST: "192.0.2.5" })).toEqual(["localhost", "127.0.0.1", "::1", "192.0.2.5"]);
    expect(readAllowedHosts({ HOST: "[2001:db8::5]" })).toContain("2001:db8::5");
    expect(readAllowedHosts({ PUBLIC_BASE_URL: "https://Draw.Fans.Example/wall" })).toContain(
      "draw.fans.example",
    );
  });

  it("takes every address of this machine for HOST=0.0.0.0 or ::, so a container's published port answers", () => {
    const addresses = Object.values(networkInterfaces()).flatMap((list) =>
      (list ?? []).map((address) => address.address.split("%")[0]?.toLowerCase()),
    );
    for (const host of ["0.0.0.0", "::"]) {
      expect(readAllowedHosts({ HOST: host })).toEqual(expect.arrayContaining(["127.0.0.1", ...addresses]));
    }
  });

  it("replaces the listening address with the names listed, written as a Host header names them", () => {
    expect(
      readAllowedHosts({ HOST: "0.0.0.0", ALLOWED_HOSTS: " Fans.Example. , [2001:DB8::1], 192.0.2.9" }),
    ).toEqual(["localhost", "127.0.0.1", "::1", "fans.example", "2001:db8::1", "192.0.2.9"]);
  });

  it.each(["https://fans.example", "fans.example:8080", "fans example", "fans.example/path", "[::1]:80"])(
    "refuses %s, naming ALLOWED_HOSTS",
    (value) => {
      expect(() => readAllowedHosts({ ALLOWED_HOSTS: value })).toThrow(/ALLOWED_HOSTS must be/);
    },
  );
});

describe("limits of what one process gives out", () => {
  it("defaults to README's figures", () => {
    expect(readLimitSettings({})).toEqual({
      imageCache: DEFAULT_IMAGE_CACHE,
      uploadBudget: DEFAULT_UPLOAD_BUDGET,
      eventStreams: DEFAULT_EVENT_STREAMS,
      thumbnails: DEFAULT_THUMBNAILS,
    });
  });

  it("reads every variable", () => {
    const limits = readLimitSettings({
      UPLOAD_BUDGET_MB: "128",
      UPLOAD_BUDGET_PER_NETWORK_MB: "32",
      UPLOAD_BUDGET_PER_VISITOR_MB: "8",
      UPLOAD_STALL_SECONDS: "2",
      EVENT_STREAMS: "50",
      EVENT_STREAMS_PER_NETWORK: "10",
      EVENT_STREAMS_PER_VISITOR: "2",
      EVENT_STREAM_BUFFER_KB: "16",
      THUMBNAILS_AT_ONCE: "1",
    });
    expect(limits.uploadBudget).toEqual({
      maxBytes: 128 * 2 ** 20,
      maxBytesPerNetwork: 32 * 2 ** 20,
      maxBytesPerVisitor: 8 * 2 ** 20,
      stallMs: 2000,
    });
    expect(limits.eventStreams).toEqual({
      maxStreams: 50,
      maxStreamsPerNetwork: 10,
      maxStreamsPerVisitor: 2,
      maxBufferedBytes: 16 * 1024,
    });
    expect(limits.thumbnails).toEqual({ maxAtOnce: 1 });
  });

  itRefusesEach([
    [{ UPLOAD_BUDGET_PER_VISITOR_MB: "4" }, "UPLOAD_BUDGET_PER_VISITOR_MB"],
    [{ UPLOAD_BUDGET_PER_NETWORK_MB: "100" }, "UPLOAD_BUDGET_PER_VISITOR_MB <= UPLOAD_BUDGET_PER_NETWORK_MB"],
    [{ UPLOAD_STALL_SECONDS: "0" }, "UPLOAD_STALL_SECONDS"],
    [{ EVENT_STREAMS: "10" }, "EVENT_STREAMS_PER_NETWORK <= EVENT_STREAMS"],
    [{ EVENT_STREAM_BUFFER_KB: "4" }, "EVENT_STREAM_BUFFER_KB"],
    [{ THUMBNAILS_AT_ONCE: "0" }, "THUMBNAILS_AT_ONCE"],
  ]);
});
