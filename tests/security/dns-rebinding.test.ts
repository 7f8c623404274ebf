import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { readEdgeSettings, readSettings } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import { openForBlock } from "../helpers/per-block.ts";

// A cross-site guard that takes an Origin equal to the request's own Host is beaten by DNS rebinding: with
// `Host: rebind.evil.example` and a matching Origin, a report would be accepted, and in Chromium, with that name
// resolved to the server, a reaction and a report went through in an attack run (the attacker's page is "same
// origin" with what it fetches). A request for a host the server does not answer for (ALLOWED_HOSTS; by default
// the address it listens on, localhost and PUBLIC_BASE_URL's host) is refused before routing; with
// PUBLIC_BASE_URL, our origin is that one only; and an origin is its scheme too.

const REBIND = "rebind.evil.example:8080";
const JSON_TYPE = { "content-type": "application/json" };

/** The app as main.ts builds it from this environment (the settings' edge and public address). */
async function startFrom(env: NodeJS.ProcessEnv): Promise<TestApp> {
  const settings = readSettings(env);
  return startTestApp("sqlite", {
    edge: { ...readEdgeSettings(env), saveRateLimit: 0 },
    moderation: moderation(),
    ...(settings.publicBaseUrl === undefined ? {} : { publicBaseUrl: settings.publicBaseUrl }),
  });
}

/** The app started from `env` for the describe block, a drawing saved on it, and reports of it sent as `host`. */
function appWithDrawing(env: Record<string, string>) {
  const t = openForBlock(() => startFrom(env));
  const drawing = { id: "" };
  beforeAll(async () => {
    drawing.id = (await saveNewDrawing(t.app)).id;
  });
  const reportAs = (host: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: `/api/drawings/${drawing.id}/report`,
      headers: { host, ...JSON_TYPE, ...headers },
      payload: "{}",
    });
  return { t, drawing, reportAs };
}

describe("DNS rebinding, PUBLIC_BASE_URL unset (HOST=127.0.0.1)", () => {
  const { t, drawing, reportAs } = appWithDrawing({ HOST: "127.0.0.1" });
  const reports = async () =>
    (
      await t.store.db
        .selectFrom("reports")
        .select("drawing_id")
        .where("drawing_id", "=", drawing.id)
        .execute()
    ).length;

  it("refuses every request for a rebound name before routing: reports, reactions, pages and the API", async () => {
    const origin = `http://${REBIND}`;
    const answers = [
      await reportAs(REBIND, { origin }),
      await reportAs(REBIND, { "sec-fetch-site": "same-origin" }),
      await t.app.inject({
        method: "POST",
        url: `/api/drawings/${drawing.id}/reactions`,
        headers: { host: REBIND, origin, ...JSON_TYPE },
        payload: JSON.stringify({ kind: "heart" }),
      }),
      await t.app.inject({ method: "GET", url: "/api/drawings", headers: { host: REBIND } }),
      await t.app.inject({ method: "GET", url: "/", headers: { host: REBIND } }),
      await t.app.inject({
        method: "GET",
        url: `/d/${drawing.id}`,
        headers: { host: REBIND, accept: "text/html" },
      }),
      await t.app.inject({ method: "GET", url: "/admin", headers: { host: REBIND, accept: "text/html" } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
    expect(answers.map((answer) => answer.json<ApiError>().code)).toEqual(answers.map(() => "unknown_host"));
    expect(answers[0]?.json<ApiError>().message).toContain("ALLOWED_HOSTS");
    expect(await reports()).toBe(0);
  });

  it("answers the names a browser on this machine uses: 127.0.0.1, localhost and [::1], any port", async () => {
    const hosts = ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.1"];
    for (const host of hosts) {
      const answer = await t.app.inject({ method: "GET", url: "/healthz", headers: { host } });
      expect({ host, status: answer.statusCode }).toEqual({ host, status: 200 });
    }
    const own = await reportAs("localhost:8080", { origin: "http://localhost:8080" });
    expect(own.statusCode).toBe(202);
  });

  it("does not take an origin that differs from ours in its scheme only", async () => {
    const answer = await reportAs("127.0.0.1:8080", { origin: "https://127.0.0.1:8080" });
    expect(answer.statusCode).toBe(403);
    expect(answer.json<ApiError>().code).toBe("cross_site");
  });
});

describe("DNS rebinding, PUBLIC_BASE_URL set", () => {
  const { reportAs } = appWithDrawing({ HOST: "127.0.0.1", PUBLIC_BASE_URL: "https://draw.fans.example" });

  it("refuses a rebound name with a matching Origin (the attack run's 202)", async () => {
    const answer = await reportAs(REBIND, { origin: `http://${REBIND}` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ApiError>().code).toBe("unknown_host");
  });

  it("takes state-changing requests only from PUBLIC_BASE_URL's origin, whatever Host they name", async () => {
    const statuses = {
      publicOrigin: (await reportAs("draw.fans.example", { origin: "https://draw.fans.example" })).statusCode,
      publicHostSameOrigin: (await reportAs("draw.fans.example", { "sec-fetch-site": "same-origin" }))
        .statusCode,
      proxyHostPublicOrigin: (await reportAs("127.0.0.1:8080", { origin: "https://draw.fans.example" }))
        .statusCode,
      ownHostOrigin: (await reportAs("127.0.0.1:8080", { origin: "http://127.0.0.1:8080" })).statusCode,
      ownHostSameOrigin: (await reportAs("127.0.0.1:8080", { "sec-fetch-site": "same-origin" })).statusCode,
      publicHostPlainHttp: (await reportAs("draw.fans.example", { origin: "http://draw.fans.example" }))
        .statusCode,
    };
    expect(statuses).toEqual({
      publicOrigin: 202,
      publicHostSameOrigin: 202,
      proxyHostPublicOrigin: 202,
      ownHostOrigin: 403,
      ownHostSameOrigin: 403,
      publicHostPlainHttp: 403,
    });
  });
});

describe("ALLOWED_HOSTS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFrom({ HOST: "0.0.0.0", ALLOWED_HOSTS: "fans.example, 192.0.2.10" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the names it lists (and loopback), and refuses every other", async () => {
    const status = async (host: string) => {
      const answer = await t.app.inject({ method: "GET", url: "/healthz", headers: { host } });
      return answer.statusCode === 400 ? answer.json<ApiError>().code : answer.statusCode;
    };
    expect(await status("fans.example")).toBe(200);
    expect(await status("FANS.EXAMPLE.:443")).toBe(200);
    expect(await status("192.0.2.10:8080")).toBe(200);
    expect(await status("127.0.0.1:8080")).toBe(200);
    expect(await status("www.fans.example")).toBe("unknown_host");
    expect(await status("192.0.2.11")).toBe("unknown_host");
  });
});
