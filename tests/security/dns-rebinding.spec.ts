import { chromium } from "@playwright/test";
import { expect, test } from "../e2e/fixtures.ts";
import { countStoredReports } from "../e2e/helpers/db.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium.ts";

// The Host guard in a real browser. DNS rebinding: a page on rebind.evil.example, whose name its owner
// then points at the address Fanvas listens on, fetches "its own" origin and reaches Fanvas, with the
// visitor's address, as if from Fanvas's own page (Sec-Fetch-Site: same-origin, a matching Origin). Here
// Chromium resolves the name to 127.0.0.1 and the attacker's page is served by the test in place of the
// network; its fetches go to the real server, which must refuse them for naming a host that is not its own.
// Chromium is told to take the server's address for a public one, as a deployed server's is: for an address on
// loopback or a LAN its Private Network Access would refuse a public page's fetches itself, which protects no
// server on the internet.

const REBOUND = "rebind.evil.example";

test("a page on a name rebound to the server cannot report or react", async ({ launchServer, request }) => {
  const server = await launchServer({});
  const port = new URL(server.url).port;
  const saved = await request.post(`${server.url}/api/drawings`, {
    headers: { "content-type": "application/json" },
    data: { image_data: await blankDrawing() },
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()) as { id: string };

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${REBOUND} 127.0.0.1`,
      `--ip-address-space-overrides=127.0.0.1:${port}=public`,
    ],
  });
  try {
    const page = await browser.newPage();
    const attacker = `http://${REBOUND}:${port}`;
    // The attacker's page, as their own server sent it before the name was pointed at Fanvas.
    await page.route(`${attacker}/attack`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Prizes</title><p>Loading…</p>",
      }),
    );
    await page.goto(`${attacker}/attack`);
    const statuses = await page.evaluate(async (drawing) => {
      const post = (path: string, body: string) =>
        fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body });
      return [
        (await post(`/api/drawings/${drawing}/report`, "{}")).status,
        (await post(`/api/drawings/${drawing}/reactions`, JSON.stringify({ kind: "heart" }))).status,
        (await fetch("/api/drawings")).status,
      ];
    }, id);
    expect(statuses).toEqual([400, 400, 400]);
    expect(countStoredReports(server.databasePath, id)).toBe(0);
    // The same server still answers its own names.
    expect((await page.goto(`${server.url}/healthz`))?.status()).toBe(200);
    const local = await page.goto(`http://localhost:${port}/healthz`);
    expect(local?.status()).toBe(200);
  } finally {
    await browser.close();
  }
});

/** A blank 600 x 600 PNG as a data URL, as the page's canvas.toDataURL("image/png") gives it. */
async function blankDrawing(): Promise<string> {
  const { default: sharp } = await import("sharp");
  const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}
