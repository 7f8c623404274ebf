import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { FRAME } from "../../src/common/rooms/room-frames.ts";
import { connectRoom, isMessage } from "../api/helpers/room-client.ts";
import { type ForwardingProxy, forwardingProxy } from "../helpers/forwarding-proxy.ts";
import { expect } from "./fixtures.ts";
import { canvasGeometry, choose, openDrawingPage, readCanvasPixels, toViewport } from "./helpers/page.ts";
import { compareBitmaps, countNear, isNearAt, type Pixels } from "./helpers/pixels.ts";
import { decodePng } from "./helpers/png.ts";
import {
  drawTogether,
  expectEveryoneDraws,
  joinRoom,
  joinRoomOnPhone,
  newVisitorPage,
  startRoom,
  startRoomWithGuest,
  test,
  type Visitors,
} from "./helpers/rooms.ts";
import { nextUpload, saveImage } from "./helpers/save.ts";
import { mouseStroke, TouchScreen } from "./helpers/strokes.ts";
import { chooseTool } from "./helpers/tools.ts";

// Live rooms with real browsers: two (or three) Chromium contexts, each a visitor of its own, drawing with real
// pointer input on one room's canvas. The pixels of every visitor's canvas must end up equal.

/** The host draws a red line across at `hostY`, the guest a blue one at `guestY`; returns the shared picture. */
async function drawRedAndBlue(host: Page, guest: Page, hostY: number, guestY: number): Promise<Pixels> {
  await choose(host, "red", 12);
  await choose(guest, "blue", 12);
  await mouseStroke(host, across(hostY));
  await mouseStroke(guest, across(guestY));
  return expectSamePictures([host, guest]);
}

/** Waits until every page's canvas shows the same pixels; returns them. */
async function expectSamePictures(pages: readonly Page[]): Promise<Pixels> {
  let pictures: Pixels[] = [];
  await expect
    .poll(
      async () => {
        pictures = await Promise.all(pages.map((page) => readCanvasPixels(page)));
        const [first, ...rest] = pictures;
        return rest.map((other) => compareBitmaps(first as Pixels, other).differingPixels);
      },
      { timeout: 15_000 },
    )
    .toEqual(pages.slice(1).map(() => 0));
  return pictures[0] as Pixels;
}

const BLUE = [0, 0, 255] as const;
const GREEN = [0, 255, 0] as const;

const across = (y: number) => [
  { x: 80, y },
  { x: 520, y },
];

test("two visitors draw at once: each sees the other's stroke before its release, and both canvases end equal", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { guest } = await startRoomWithGuest(page, visitors, baseURL);
  await expect(page.getByTestId("room-count")).toHaveText("2 here");
  await choose(page, "red", 12);
  await choose(guest, "blue", 12);

  // The guest presses and moves, and holds: the host sees the stroke on its way.
  const geometry = await canvasGeometry(guest);
  const start = toViewport(geometry, { x: 100, y: 300 });
  await guest.mouse.move(start.x, start.y);
  await guest.mouse.down();
  for (let x = 100; x <= 500; x += 20) {
    const point = toViewport(geometry, { x, y: 300 });
    await guest.mouse.move(point.x, point.y);
  }
  await expect
    .poll(() => page.locator(".room-live__strokes").evaluate(liveInkOf), { timeout: 10_000 })
    .toBeGreaterThan(100);
  // Meanwhile the host draws too, while the guest's button is still down.
  await mouseStroke(page, [
    { x: 300, y: 60 },
    { x: 300, y: 560 },
  ]);
  await guest.mouse.up();
  await mouseStroke(guest, across(450));
  await mouseStroke(page, across(150));

  const picture = await expectSamePictures([page, guest]);
  const first = await readCanvasPixels(await blankPage(visitors, baseURL as string));
  expect(compareBitmaps(first, picture).differingPixels).toBeGreaterThan(1000);
});

/** Non-transparent pixels of the live layer's canvas (runs in the page). */
function liveInkOf(element: Element): number {
  const canvas = element as HTMLCanvasElement;
  const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
  let ink = 0;
  for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) ink += 1;
  return ink;
}

/** A fresh visitor's drawing page (the mascot's first display). */
async function blankPage(visitors: Visitors, baseURL: string): Promise<Page> {
  const page = await newVisitorPage(visitors, baseURL);
  await openDrawingPage(page);
  return page;
}

test("undo takes back one's own stroke for everyone; a late joiner and a reload see the room as it is", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { path, guest } = await startRoomWithGuest(page, visitors, baseURL);
  const both = await drawRedAndBlue(page, guest, 200, 400);
  // The host drew last in time only on its own screen: the guest's Undo takes the guest's stroke, not the host's.
  await mouseStroke(page, across(300));
  await expectSamePictures([page, guest]);
  await guest.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => colourCount(guest, BLUE), { message: "the guest's blue stroke is gone" }).toBe(0);
  const undone = await expectSamePictures([page, guest]);
  expect(await colourCount(page, [255, 0, 0])).toBeGreaterThan(2000);
  expect(compareBitmaps(both, undone).differingPixels).toBeGreaterThan(0);

  const late = await joinRoom(visitors, baseURL as string, path);
  await expectSamePictures([page, guest, late]);
  await guest.getByRole("button", { name: "Redo" }).click();
  await expect.poll(() => colourCount(guest, BLUE)).toBeGreaterThan(2000);
  await expectSamePictures([page, guest, late]);
  expect(await colourCount(late, BLUE)).toBeGreaterThan(2000);
  await late.reload();
  await expectEveryoneDraws(late);
  await expectSamePictures([page, guest, late]);
});

/** Pixels of the canvas within a few levels of `rgb` (the palette's pure colours). */
async function colourCount(page: Page, rgb: readonly [number, number, number]): Promise<number> {
  return countNear(await readCanvasPixels(page), rgb);
}

test("a visitor whose connection drops keeps drawing; the strokes go once it is back, once each", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { path, guest } = await startRoomWithGuest(page, visitors, baseURL);
  // The guest's socket passes through the test, which can stop the server's answers, cut it and refuse new
  // ones, as a network that drops does.
  let cut = false;
  let deaf = false;
  const open: { close: (options?: { code?: number; reason?: string }) => Promise<void> }[] = [];
  await guest.routeWebSocket(/\/api\/rooms\/.*\/socket$/, (socket) => {
    if (cut) return void socket.close({ code: 1013, reason: "offline" });
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (!deaf) socket.send(message);
    });
    open.push(socket);
  });
  await guest.reload();
  await expectEveryoneDraws(guest);
  await choose(guest, "blue", 12);
  await mouseStroke(guest, across(150));
  await expectSamePictures([page, guest]);

  // A stroke the server takes but whose answer never arrives: the page sends it again after the reconnect.
  deaf = true;
  await mouseStroke(guest, across(250));
  await expect(page.getByTestId("room-count")).toHaveText("2 here");
  await expect.poll(() => colourRows(page, BLUE)).toEqual([150, 250]);
  cut = true;
  await Promise.all(open.splice(0).map((socket) => socket.close({ code: 1001, reason: "gone" })));
  deaf = false;
  await expect(guest.getByTestId("room-status")).toContainText("reconnecting");
  await mouseStroke(guest, across(350));
  await mouseStroke(guest, across(450));
  await expect(guest.getByTestId("room-status")).toContainText("3 of your changes wait to be sent");
  await mouseStroke(page, across(520));
  cut = false;
  await expectEveryoneDraws(guest, { timeout: 20_000 });
  await expectSamePictures([page, guest]);
  expect(await colourRows(page, BLUE)).toEqual([150, 250, 350, 450]);
  // Once each: the room's log holds the guest's four strokes and the host's one.
  const watcher = await connectRoom(baseURL as string, path.slice(3));
  await watcher.waitFor(isMessage("people"), "who is there");
  await expect.poll(() => watcher.state().painted().length).toBe(5);
  watcher.close();
});

/** The rows (drawing pixels, at x = 300) where a horizontal stroke of colour `rgb` crosses. */
async function colourRows(page: Page, rgb: readonly [number, number, number]): Promise<number[]> {
  const pixels = await readCanvasPixels(page);
  const scale = pixels.width / 600;
  const rows: number[] = [];
  for (let y = 0; y < 600; y += 1) {
    const index = (Math.round(y * scale) * pixels.width + Math.round(300 * scale)) * 4;
    if (isNearAt(pixels, index, rgb) && !rows.some((row) => Math.abs(row - y) <= 30)) rows.push(y);
  }
  return rows.map((row) => Math.round(row / 50) * 50);
}

test("the host locks drawing, removes a visitor's strokes and ends the room; everyone is told", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { path, guest } = await startRoomWithGuest(page, visitors, baseURL);
  await choose(guest, "blue", 12);
  await mouseStroke(guest, across(300));
  await expect.poll(() => colourRows(page, BLUE)).toEqual([300]);

  // Clear is the host's: a guest is not offered it.
  await expect(page.getByRole("button", { name: "Clear" })).toBeVisible();
  await expect(guest.getByRole("button", { name: "Clear" })).toBeHidden();
  await page.getByRole("button", { name: "Lock drawing" }).click();
  await expect(guest.getByTestId("room-status")).toHaveText("The host has locked drawing for now.");
  await mouseStroke(guest, across(450));
  await page.getByRole("button", { name: "Unlock drawing" }).click();
  await expectEveryoneDraws(guest);
  expect(await colourRows(guest, BLUE), "nothing was drawn while locked").toEqual([300]);

  await page.getByLabel(/Host controls for/).click();
  await page.getByRole("button", { name: /strokes$/ }).click();
  // The menu closes once it has done its work: nothing it covers is hidden behind it.
  await expect(page.locator(".room-bar__person-actions")).toBeHidden();
  await expect.poll(() => colourRows(guest, BLUE)).toEqual([]);
  await expectSamePictures([page, guest]);

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "End room" }).click();
  await expect(guest.getByTestId("room-status")).toContainText("ended");
  await expect(guest.getByRole("link", { name: "Draw on your own" })).toBeVisible();
  const gone = await guest.request.get(path);
  expect(gone.status()).toBe(404);
});

test("Save Image in a room stores the room's picture, everyone's strokes in it, on the wall", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { guest } = await startRoomWithGuest(page, visitors, baseURL);
  const picture = await drawRedAndBlue(page, guest, 200, 400);
  const upload = nextUpload(guest);
  await saveImage(guest);
  const stored = await (await upload).json();
  const png = await guest.request.get(stored.url);
  const saved = await decodePng(new Uint8Array(await png.body()));
  const scale = picture.width / 600;
  for (const y of [200, 400]) {
    const index = (Math.round(y * scale) * picture.width + Math.round(300 * scale)) * 4;
    const stored4 = (y * 600 + 300) * 4;
    expect([...saved.data.slice(stored4, stored4 + 3)]).toEqual([...picture.data.slice(index, index + 3)]);
  }
});

test("a phone drawing by touch and a desktop drawing by mouse share one room, pixel for pixel", async ({
  page,
  visitors,
  baseURL,
}) => {
  const path = await startRoom(page);
  const phone = await joinRoomOnPhone(visitors, baseURL as string, path);
  await choose(phone, "blue", 12);
  await choose(page, "red", 12);
  await new TouchScreen(phone).strokeOnCanvas(across(250));
  await mouseStroke(page, across(350));
  await expect.poll(() => colourRows(page, BLUE)).toEqual([250]);
  await expect.poll(() => colourRows(phone, [255, 0, 0])).toEqual([350]);
  // The phone's canvas has three device pixels to each of the drawing's: the 600 x 600 PNGs Save makes compare.
  const [onDesktop, onPhone] = await Promise.all(
    [page, phone].map(async (each) => decodePng((await saveImage(each)).downloadBytes)),
  );
  expect(compareBitmaps(onDesktop as Pixels, onPhone as Pixels).differingPixels).toBe(0);
});

test("a host link makes whoever opens it a host, and leaves the address bar without the secret", async ({
  page,
  visitors,
  baseURL,
}) => {
  const path = await startRoom(page);
  const id = path.slice(3);
  const secret = await page.evaluate((room) => localStorage.getItem(`fanvas-room-host:${room}`), id);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  const guest = await joinRoom(visitors, baseURL as string, path);
  await expect(guest.getByRole("button", { name: "Lock drawing" })).toHaveCount(0);
  const cohost = await joinRoom(visitors, baseURL as string, `${path}#host=${secret}`);
  await expect(cohost.getByRole("button", { name: "Lock drawing" })).toBeVisible();
  expect(new URL(cohost.url()).hash).toBe("");
  await cohost.getByRole("button", { name: "Lock drawing" }).click();
  await expect(guest.getByTestId("room-status")).toHaveText("The host has locked drawing for now.");
});

test("past ROOM_DRAWERS a visitor watches, is told so, and draws once a seat is free", async ({
  page,
  visitors,
  launchServer,
}) => {
  const server = await launchServer({ env: { ROOM_DRAWERS: "1" } });
  const path = await startRoom(page, `${server.url}/`);
  const guest = await newVisitorPage(visitors, server.url);
  await openDrawingPage(guest, path);
  await expect(guest.getByTestId("room-status")).toHaveText(/You are watching/);
  await expect(guest.locator("canvas.board__canvas")).toHaveAttribute("data-room-readonly", "");
  await page.close();
  await expect(guest.getByTestId("room-status")).toHaveText("A seat is free: you can draw now.");
  await expect(guest.locator("canvas.board__canvas")).not.toHaveAttribute("data-room-readonly");
  await choose(guest, "blue", 12);
  await mouseStroke(guest, across(300));
  const watcher = await connectRoom(server.url, path.slice(3));
  await expect.poll(() => watcher.state().painted().length).toBe(1);
  watcher.close();
});

test("Draw together brings the drawing on the board into the new room, as its host's own", async ({
  page,
  visitors,
  baseURL,
}) => {
  await openDrawingPage(page);
  await choose(page, "red", 12);
  await mouseStroke(page, across(150));
  await mouseStroke(page, across(450));
  const alone = await readCanvasPixels(page);
  const path = await drawTogether(page);
  const guest = await joinRoom(visitors, baseURL as string, path);
  const together = await expectSamePictures([page, guest]);
  expect(compareBitmaps(alone, together).differingPixels).toBe(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => colourRows(guest, [255, 0, 0])).toEqual([150]);
});

test("a fill lands the same on every page, over the stroke ordered before it", async ({
  page,
  visitors,
  baseURL,
}) => {
  const { guest } = await startRoomWithGuest(page, visitors, baseURL);
  await choose(page, "blue", 12);
  await mouseStroke(page, across(100));
  await expect.poll(() => colourRows(guest, BLUE)).toEqual([100]);
  await choose(guest, "yellow");
  await chooseTool(guest, "Fill");
  const geometry = await canvasGeometry(guest);
  const corner = toViewport(geometry, { x: 20, y: 20 });
  await guest.mouse.click(corner.x, corner.y);
  // The white around the mascot turns yellow up to the blue stroke's edges, on the host's page as on the guest's.
  await expect.poll(() => colourCount(page, [255, 255, 0])).toBeGreaterThan(50_000);
  await expectSamePictures([page, guest]);
});

/** Whether a page joining room `id` now is handed the room's picture first (the host's page sent one). */
async function pictureHanded(baseUrl: string, id: string): Promise<boolean> {
  const client = await connectRoom(baseUrl, id);
  try {
    const first = await new Promise<number>((resolve) =>
      client.socket.on("message", (data, binary) => {
        if (binary) resolve((data as Buffer)[0] ?? 0);
      }),
    );
    return first === FRAME.picture;
  } finally {
    client.close();
  }
}

/** The kind byte of every binary frame `page`'s sockets receive, in order, from now on. */
function binaryFrameKinds(page: Page): number[] {
  const kinds: number[] = [];
  page.on("websocket", (socket) =>
    socket.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") kinds.push(payload[0] ?? 0);
    }),
  );
  return kinds;
}

/**
 * `a` in red and `b` in blue draw three strokes between them, until the server at `serverUrl` hands out the room's
 * picture; answers what both show.
 */
async function drawUntilPictured(a: Page, b: Page, serverUrl: string, path: string): Promise<Pixels> {
  await choose(a, "red", 12);
  await choose(b, "blue", 12);
  await mouseStroke(a, across(200));
  await mouseStroke(b, across(400));
  await mouseStroke(a, across(300));
  const drawn = await expectSamePictures([a, b]);
  await expect.poll(() => pictureHanded(serverUrl, path.slice(3)), { timeout: 15_000 }).toBe(true);
  return drawn;
}

test("a late joiner starts from the host's picture of the room: the same pixels, and its own undo works", async ({
  page,
  visitors,
  launchServer,
}) => {
  const server = await launchServer({ env: { ROOM_PICTURE_EVERY: "2" } });
  const { path, guest } = await startRoomWithGuest(page, visitors, server.url, `${server.url}/`);
  await drawUntilPictured(page, guest, server.url, path);

  const late = await newVisitorPage(visitors, server.url);
  const firstFrames = binaryFrameKinds(late);
  await openDrawingPage(late, path);
  await expectEveryoneDraws(late);
  await expectSamePictures([page, guest, late]);
  expect(firstFrames[0], "the late joiner got the room's picture first").toBe(FRAME.picture);

  // Its own stroke, and its own undo, over the picture.
  await choose(late, "green", 12);
  await mouseStroke(late, across(100));
  // Each change is awaited on the page that made it first: the pictures are also all the same just before it.
  await expect.poll(() => colourCount(late, GREEN)).toBeGreaterThan(2000);
  const drawn = await expectSamePictures([page, guest, late]);
  await late.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => colourCount(late, GREEN)).toBe(0);
  const undone = await expectSamePictures([page, guest, late]);
  expect(compareBitmaps(drawn, undone).differingPixels).toBeGreaterThan(0);
  // The guest's undo reaches into the picture: every page repaints the log, the late joiner too.
  await guest.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => colourCount(guest, BLUE)).toBe(0);
  await expectSamePictures([page, guest, late]);
  expect(await colourCount(late, BLUE)).toBe(0);
  expect(await colourCount(late, [255, 0, 0])).toBeGreaterThan(2000);
});

test("a late joiner with nobody else in the room, after a restart, sees exactly what everybody drew", async ({
  page,
  visitors,
  launchServer,
}) => {
  const dataDir = await mkdtemp(join(tmpdir(), "fanvas-room-picture-"));
  const env = { ROOM_PICTURE_EVERY: "2" };
  try {
    const first = await launchServer({ dataDir, env });
    const { path, guest } = await startRoomWithGuest(page, visitors, first.url, `${first.url}/`);
    await drawUntilPictured(page, guest, first.url, path);
    // A stroke after the picture: the late joiner paints it over the picture.
    await mouseStroke(guest, across(500));
    const drawn = await expectSamePictures([page, guest]);
    await guest.close();
    await page.goto("about:blank");
    await first.stop();

    const second = await launchServer({ dataDir, env });
    const late = await lateJoinerPaints(visitors, second.url, path, drawn, "the stored picture");
    expect(await colourCount(late, BLUE)).toBeGreaterThan(2000);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("a room whose host left at once gets its picture from two guests' pages that agree; a late joiner paints it", async ({
  page,
  visitors,
  launchServer,
}) => {
  const proxies: ForwardingProxy[] = [];
  try {
    await guestsAgreeAndLateJoinerPaints(page, visitors, launchServer, proxies);
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
  }
});

async function guestsAgreeAndLateJoinerPaints(
  page: Page,
  visitors: Visitors,
  launchServer: (options: { env: Record<string, string> }) => Promise<{ url: string }>,
  proxies: ForwardingProxy[],
): Promise<void> {
  // Each guest another browser from another address: through a proxy saying so (X-Forwarded-For, trusted).
  const server = await launchServer({ env: { ROOM_PICTURE_EVERY: "2", TRUST_PROXY: "true" } });
  const path = await startRoom(page, `${server.url}/`);
  await page.goto("about:blank");
  const guestAt = async (address: string) => {
    const proxy = await forwardingProxy(server.url, address);
    proxies.push(proxy);
    const guest = await newVisitorPage(visitors, proxy.url);
    await openDrawingPage(guest, path);
    await expectEveryoneDraws(guest);
    return guest;
  };
  const one = await guestAt("203.0.113.7");
  const two = await guestAt("198.51.100.9");
  const drawn = await drawUntilPictured(one, two, server.url, path);
  await one.close();
  await two.close();

  await lateJoinerPaints(visitors, server.url, path, drawn, "the guests' picture");
}

/**
 * A late joiner opens the room at `path` on `baseURL`: the first binary frame it gets is a picture (`which`), and
 * its canvas comes to exactly `drawn`.
 */
async function lateJoinerPaints(
  visitors: Visitors,
  baseURL: string,
  path: string,
  drawn: Pixels,
  which: string,
): Promise<Page> {
  const late = await newVisitorPage(visitors, baseURL);
  const firstFrames = binaryFrameKinds(late);
  await openDrawingPage(late, path);
  await expectEveryoneDraws(late);
  await expect
    .poll(async () => compareBitmaps(drawn, await readCanvasPixels(late)).differingPixels, {
      timeout: 15_000,
    })
    .toBe(0);
  expect(firstFrames[0], `the late joiner got ${which} first`).toBe(FRAME.picture);
  return late;
}
