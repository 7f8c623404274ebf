import { describe, expect, it } from "vitest";
import { ConfigError, readSettings } from "../config.ts";
import { DEFAULT_MODERATION, readModerationSettings } from "./settings.ts";

describe("moderation settings", () => {
  it("defaults to post-moderation, 3 reports, 10 reports per hour, admin off", () => {
    expect(readModerationSettings({})).toEqual(DEFAULT_MODERATION);
    expect(DEFAULT_MODERATION).toEqual({
      mode: "post",
      reportThreshold: 3,
      reportRateLimit: 10,
      reportRateWindowSeconds: 3600,
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
        ADMIN_TOKEN: ` ${token} `,
      }),
    ).toEqual({
      mode: "pre",
      reportThreshold: 5,
      reportRateLimit: 0,
      reportRateWindowSeconds: 60,
      adminToken: token,
    });
  });

  it.each([
    [{ MODERATION_MODE: "later" }, "MODERATION_MODE"],
    [{ REPORT_THRESHOLD: "0" }, "REPORT_THRESHOLD"],
    [{ REPORT_THRESHOLD: "two" }, "REPORT_THRESHOLD"],
    [{ REPORT_RATE_LIMIT: "-1" }, "REPORT_RATE_LIMIT"],
    [{ REPORT_RATE_WINDOW_SECONDS: "0" }, "REPORT_RATE_WINDOW_SECONDS"],
    [{ ADMIN_TOKEN: "short" }, "ADMIN_TOKEN"],
  ])("refuses %o with a ConfigError naming %s", (env, name) => {
    expect(() => readSettings(env)).toThrow(ConfigError);
    expect(() => readSettings(env)).toThrow(name);
  });
});
