import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { UNLIMITED_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { ADMIN_TOKEN, moderation } from "../api/helpers/moderation.ts";
import { type RawRequest, startRequest, statusOf } from "./helpers/raw-request.ts";

// A sign-in throttle that checks when headers arrive but counts a failure only once the body is read lets
// guesses race it: with headers sent first and bodies 1.5 s later, an attack run had 59 wrong guesses checked and
// then the right token got a session (299 with a Bearer token on an admin route). An attempt counts when its
// headers arrive, before it is checked, so attempts in flight count and the 11th at once is refused.

const WRONG = "token=wrong-wrong-wrong-wrong";
const RIGHT = `token=${ADMIN_TOKEN}`;

describe("sign-in attempts in flight", () => {
  let t: TestApp;
  let port: number;
  const opened: Socket[] = [];
  beforeEach(async () => {
    t = await startTestApp("sqlite", {
      moderation: moderation(),
      edge: UNLIMITED_EDGE,
      observability: { metricsToken: undefined, metricsAllowLocal: true },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    for (const socket of opened.splice(0)) socket.destroy();
    await t.close();
  });
  afterAll(() => {
    for (const socket of opened.splice(0)) socket.destroy();
  });

  /** A sign-in whose headers are sent and whose form body (of `bodyBytes`) is held back. */
  const heldSignIn = (bodyBytes: number): Promise<RawRequest> =>
    startRequest(
      port,
      [
        "POST /admin/login HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        `Origin: http://127.0.0.1:${port}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${bodyBytes}`,
      ].join("\r\n"),
      "",
      opened,
    );
  /** Waits until the server has taken in `count` sign-ins not answered yet (their headers read). */
  const signInsInFlight = (count: number) =>
    expect
      .poll(
        async () => {
          const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
          const line = /fanvas_http_requests_in_flight\{route="\/admin\/login"\} (\d+)/.exec(metrics);
          return Number(line?.[1] ?? 0);
        },
        { timeout: 10_000 },
      )
      .toBe(count);
  const bearer = (token: string) =>
    fetch(`http://127.0.0.1:${port}/api/admin/drawings`, { headers: { authorization: `Bearer ${token}` } });

  it("refuses the 11th sign-in while 10 wait for their bodies, then keeps the 10 wrong ones counted", async () => {
    const held = await Promise.all(Array.from({ length: 10 }, () => heldSignIn(WRONG.length)));
    await signInsInFlight(10);
    const eleventh = await heldSignIn(RIGHT.length);
    expect(statusOf(await eleventh.answer)).toBe(429);
    // The right token, by Bearer, is refused too while ten attempts are counted.
    expect((await bearer(ADMIN_TOKEN)).status).toBe(429);
    for (const attempt of held) attempt.send(WRONG);
    expect((await Promise.all(held.map((attempt) => attempt.answer))).map(statusOf)).toEqual(
      held.map(() => 401),
    );
    const late = await heldSignIn(RIGHT.length);
    late.send(RIGHT);
    expect(statusOf(await late.answer)).toBe(429);
  });

  it("gives an attempt back once it turns out right, so a moderator's own requests never lock them out", async () => {
    const held = await Promise.all(Array.from({ length: 10 }, () => heldSignIn(RIGHT.length)));
    for (const attempt of held) attempt.send(RIGHT);
    expect((await Promise.all(held.map((attempt) => attempt.answer))).map(statusOf)).toEqual(
      held.map(() => 303),
    );
    for (let request = 0; request < 20; request += 1) expect((await bearer(ADMIN_TOKEN)).status).toBe(200);
  });

  it("counts wrong Bearer tokens whose requests wait for a body too", async () => {
    const held = await Promise.all(
      Array.from({ length: 10 }, () =>
        startRequest(
          port,
          [
            "POST /admin/login HTTP/1.1",
            "Host: 127.0.0.1",
            "Authorization: Bearer wrong-wrong-wrong-wrong",
            "Content-Type: application/x-www-form-urlencoded",
            "Content-Length: 10",
          ].join("\r\n"),
          "",
          opened,
        ),
      ),
    );
    expect(held).toHaveLength(10);
    await signInsInFlight(10);
    expect((await bearer(ADMIN_TOKEN)).status).toBe(429);
  });
});
