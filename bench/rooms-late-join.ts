/**
 * Issue 31's late join: a room of 10,000 operations (strokes of a hand's length, written by a bot over the room's
 * own socket), then a fresh Chromium context opening its link; the time from navigation start to the canvas
 * showing the room's last stroke, and how many bytes the page's socket received before it: before any host's
 * page came (the whole log replayed), with the host's page in the room, and with nobody else after a server
 * restart (the stored picture). Needs the built page (`npm run build`): the server serves the checkout's dist/.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import WebSocket from "ws";
import type { StrokeOperation } from "../src/common/drawing-document/types.ts";
import { FRAME } from "../src/common/rooms/room-frames.ts";
import { connectRoom } from "../tests/api/helpers/room-client.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import { forwardingProxy } from "../tests/helpers/forwarding-proxy.ts";
import { createBenchDatabase } from "./server/databases.ts";

/** Operations in the room the late joiner opens. */
export const LATE_JOIN_OPERATIONS = 10_000;
const BATCH = 64;
const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));
/** The last stroke: a magenta line along the bottom, which the page shows once the whole room is drawn. */
const LAST_COLOUR = "#ff00ff";
const LAST_Y = 585;

/** A seeded generator, so every run (and every commit measured) draws the same room. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A stroke of a hand's length (24 points of a wandering line), in one of a few colours. */
function handStroke(next: () => number): StrokeOperation {
  let x = 40 + next() * 520;
  let y = 40 + next() * 500;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let index = 0; index < 24; index += 1) {
    x = Math.min(599, Math.max(0, x + (next() - 0.5) * 16));
    y = Math.min(570, Math.max(0, y + (next() - 0.5) * 16));
    xs.push(Math.round(x * 4) / 4);
    ys.push(Math.round(y * 4) / 4);
  }
  const colours = ["#000000", "#e63946", "#2a9d8f", "#264653", "#f4a261"];
  return {
    kind: "stroke",
    author: 0,
    time: 0,
    style: {
      colour: colours[Math.floor(next() * colours.length)] as string,
      width: 2 + Math.floor(next() * 6),
      eraser: false,
    },
    points: { x: xs, y: ys, elapsed: xs.map((_, index) => index * 16) },
    dot: false,
  };
}

function lastStroke(): StrokeOperation {
  const xs = Array.from({ length: 24 }, (_, index) => 20 + index * 24);
  return {
    kind: "stroke",
    author: 0,
    time: 0,
    style: { colour: LAST_COLOUR, width: 12, eraser: false },
    points: { x: xs, y: xs.map(() => LAST_Y), elapsed: xs.map((_, index) => index * 16) },
    dot: false,
  };
}

/** Fills room `id` with LATE_JOIN_OPERATIONS strokes, the last one LAST_COLOUR. */
export async function fillRoom(baseUrl: string, id: string): Promise<void> {
  const bot = await connectRoom(baseUrl, id);
  await bot.waitFor((item) => item.kind === "json" && item.message.t === "welcome", "the welcome");
  const next = random(31);
  let opId = 1;
  for (let sent = 0; sent < LATE_JOIN_OPERATIONS; sent += BATCH) {
    const count = Math.min(BATCH, LATE_JOIN_OPERATIONS - sent);
    const entries = Array.from({ length: count }, (_, index) => ({
      kind: "op" as const,
      opId: opId++,
      op: sent + index === LATE_JOIN_OPERATIONS - 1 ? lastStroke() : handStroke(next),
    }));
    bot.submit(entries);
    await bot.waitFor(
      (item) => item.kind === "entries" && item.entries.some((entry) => entry.opId === opId - 1),
      "the batch in the log",
    );
  }
  bot.close();
}

/** Opens the room in a fresh context; ms from navigation start until the last stroke shows, and bytes received. */
async function openLate(
  context: import("@playwright/test").BrowserContext,
  url: string,
): Promise<{ ms: number; bytes: number }> {
  const page = await context.newPage();
  let bytes = 0;
  page.on("websocket", (socket) =>
    socket.on("framereceived", (frame) => {
      bytes += typeof frame.payload === "string" ? frame.payload.length : frame.payload.byteLength;
    }),
  );
  await page.addInitScript(
    ({ y }) => {
      const probe = document.createElement("canvas");
      probe.width = 1;
      probe.height = 1;
      const watch = () => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Drawing canvas"]');
        if (canvas !== null && canvas.width > 0) {
          const context = probe.getContext("2d", { willReadFrequently: true });
          const scale = canvas.width / 600;
          context?.drawImage(canvas, 300 * scale, y * scale, 1, 1, 0, 0, 1, 1);
          const [r, g, b] = context?.getImageData(0, 0, 1, 1).data ?? [];
          if (r === 255 && g === 0 && b === 255) {
            (window as unknown as { lateJoinDrawn: number }).lateJoinDrawn = performance.now();
            return;
          }
        }
        requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    },
    { y: LAST_Y },
  );
  await page.goto(url);
  const handle = await page.waitForFunction(
    () => (window as unknown as { lateJoinDrawn?: number }).lateJoinDrawn,
    undefined,
    { timeout: 30_000, polling: 50 },
  );
  const ms = Number(await handle.jsonValue());
  await page.close();
  return { ms, bytes };
}

/** Two guests' addresses (another network each), given by X-Forwarded-For to a server that trusts it. */
const GUEST_ADDRESSES = ["203.0.113.7", "198.51.100.9"] as const;

/**
 * Two guests' pages, each another browser from another address, open room `id` (its host never came) and stay
 * until the server hands out the picture they agreed on (or 30 s), then leave; the picture's bytes, or 0.
 */
async function guestsAgree(
  browser: import("@playwright/test").Browser,
  baseUrl: string,
  id: string,
): Promise<number> {
  // Chromium 150 adds no extra header to a WebSocket's handshake: each guest reaches the server through a proxy.
  const proxies = await Promise.all(GUEST_ADDRESSES.map((address) => forwardingProxy(baseUrl, address)));
  const contexts = await Promise.all(
    proxies.map(() => browser.newContext({ viewport: { width: 1366, height: 768 } })),
  );
  try {
    await Promise.all(
      contexts.map(async (context, index) =>
        (await context.newPage()).goto(`${proxies[index]?.url}/r/${id}`),
      ),
    );
    let picture = 0;
    for (let wait = 0; wait < 30 && picture === 0; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      picture = await pictureBytes(baseUrl, id);
    }
    return picture;
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }
}

/** Whether the server hands a late joiner the room's picture (the host's page sent one): its bytes, or 0. */
async function pictureBytes(baseUrl: string, id: string): Promise<number> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/rooms/${id}/socket`, {
    headers: { cookie: `fanvas_visitor=${randomBytes(16).toString("base64url")}` },
  });
  try {
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    socket.send(JSON.stringify({ t: "hello" }));
    return await new Promise<number>((resolve) => {
      socket.on("message", (data, binary) => {
        const bytes = data as Buffer;
        if (binary) resolve(bytes[0] === FRAME.picture ? bytes.length : 0);
      });
    });
  } finally {
    socket.close();
  }
}

/** What measureLateJoin measured, in ms from navigation to the room drawn (bytes: what the page received). */
export interface LateJoinFigures {
  /** The host's page in the room (it sent the room's picture). */
  readonly withHost: number[];
  /** Nobody else in the room, after a server restart, the room already opened by an earlier joiner. */
  readonly alone: number[];
  /** The first joiner after the restart: the server opens the room from the store as it joins. */
  readonly cold: number[];
  /** Nobody else, and no host's page has been in the room yet: no picture, the whole log replayed. */
  readonly replay: number[];
  /** Another room whose host never came: two guests' pages (two browsers, two addresses) were in it and left. */
  readonly guests: number[];
  /** Bytes of the picture the guests' pages agreed on (0: none was handed out). */
  readonly guestPicture: number;
  readonly bytes: number[];
  /** Bytes of the picture the host's page sent. */
  readonly picture: number;
}

/**
 * Late joins to one room of LATE_JOIN_OPERATIONS, `joins` times per case (each a fresh context), with the
 * server and the built page of `checkout` (default this one; another checkout's, built, to compare with).
 */
export async function measureLateJoin(joins: number, checkout = REPO_ROOT): Promise<LateJoinFigures> {
  const { spawnServer } = (await import(
    pathToFileURL(join(checkout, "tests/api/helpers/server-process.ts")).href
  )) as typeof import("../tests/api/helpers/server-process.ts");
  const database = await createBenchDatabase("sqlite");
  const env = {
    ...database.env,
    FANVAS_CLIENT_DIR: join(checkout, "dist/"),
    LOG_LEVEL: "warn",
    ROOM_OPS_PER_SECOND: "100000",
    ROOM_POINTS_PER_SECOND: "1000000",
    ROOM_SOCKETS_PER_VISITOR: "1000",
    // The guests' case gives each guest's page its own address by X-Forwarded-For.
    TRUST_PROXY: "true",
  };
  let server = await spawnServer(env);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const made = await fetch(`${server.baseUrl}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { id, hostSecret } = (await made.json()) as { id: string; hostSecret: string };
    await fillRoom(server.baseUrl, id);
    const url = (room = id) => `${server.baseUrl}/r/${room}`;
    const once = async (room = id) => {
      const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
      const late = await openLate(context, url(room));
      await context.close();
      return late;
    };
    const join = async (times: number, room = id) => {
      const figures = { ms: [] as number[], bytes: [] as number[] };
      // The first join warms the server's room and its JIT; a late joiner meets a room others are in.
      await once(room);
      for (let index = 0; index < times; index += 1) {
        const late = await once(room);
        figures.ms.push(late.ms);
        figures.bytes.push(late.bytes);
      }
      return figures;
    };
    // Nobody else in the room, and no host's page has been: the late joiner replays the whole log.
    const replay = await join(Math.max(1, Math.floor(joins / 2)));
    // Another room whose host never came: two guests' pages were in it (and agreed on its picture) and left.
    const guestsMade = await fetch(`${server.baseUrl}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const guestsRoom = ((await guestsMade.json()) as { id: string }).id;
    await fillRoom(server.baseUrl, guestsRoom);
    const guestPicture = await guestsAgree(browser, server.baseUrl, guestsRoom);
    const guests = await join(joins, guestsRoom);
    // The host in the room (a live session): its page sends the room's picture once it has drawn the log.
    const hostContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const host = await hostContext.newPage();
    await host.goto(`${url()}#host=${hostSecret}`);
    let picture = 0;
    for (let wait = 0; wait < 30 && picture === 0; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      picture = await pictureBytes(server.baseUrl, id);
    }
    const withHost = await join(joins);
    // The host leaves and the server restarts: nobody else is in the room, and it is opened from the store.
    await hostContext.close();
    await server.stop();
    server = await spawnServer(env);
    const cold = await once();
    const alone = await join(joins);
    return {
      withHost: withHost.ms,
      alone: alone.ms,
      cold: [cold.ms],
      replay: replay.ms,
      guests: guests.ms,
      guestPicture,
      bytes: [...withHost.bytes, ...alone.bytes],
      picture,
    };
  } finally {
    await browser.close();
    await server.stop();
    await database.drop();
  }
}
