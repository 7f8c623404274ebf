import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRAWINGS_PATH } from "../../src/common/api.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

// Background jobs wait for a moment with no save open (store.savesInFlight.quiet): a save request holds them back
// from its arrival, body still on its way, until it is answered or given up (drawings/save-requests.ts).

const WAIT_MS = 60_000;

/** A save request whose headers and first half of the body are sent; the rest waits for finish(). */
function halfSentSave(port: number, png: Buffer) {
  const socket: Socket = connect(port, "127.0.0.1");
  const answer = new Promise<string>((resolve, reject) => {
    let text = "";
    socket.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => resolve(text));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
  const half = Math.floor(png.length / 2);
  socket.write(
    `POST ${DRAWINGS_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: ${png.length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(png.subarray(0, half));
  return {
    finish: () => {
      socket.write(png.subarray(half));
      return answer;
    },
    abandon: () => socket.destroy(),
  };
}

/** Whether background work would wait now: a quiet() that is still pending a moment later. */
async function backgroundHeld(test: TestApp): Promise<() => boolean> {
  let quiet = false;
  void test.store.savesInFlight.quiet(WAIT_MS).then(() => {
    quiet = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  if (quiet) throw new Error("no save holds background work back");
  return () => !quiet;
}

describe.each(testDialects())("background work and open saves, on %s", (dialect) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  async function listening(): Promise<[TestApp, number]> {
    test = await startTestApp(dialect);
    await test.app.listen({ port: 0, host: "127.0.0.1" });
    const address = test.app.server.address();
    if (address === null || typeof address === "string") throw new Error("not listening on a port");
    return [test, address.port];
  }

  it("waits from a save's arrival, its body still on its way, until it is answered", async () => {
    const [app, port] = await listening();
    const save = halfSentSave(port, await drawingPng());
    const held = await vi.waitFor(() => backgroundHeld(app));
    const answer = await save.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
    await vi.waitFor(() => expect(held()).toBe(false));
    expect(await app.count()).toBe(1);
  });

  it("waits no longer once a save is given up halfway", async () => {
    const [app, port] = await listening();
    const save = halfSentSave(port, await drawingPng());
    const held = await vi.waitFor(() => backgroundHeld(app));
    save.abandon();
    await vi.waitFor(() => expect(held()).toBe(false));
    expect(await app.count()).toBe(0);
  });
});
