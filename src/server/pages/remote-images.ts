import type { BrandingConfig } from "../../common/config.ts";

const CHECK_TIMEOUT_MS = 3000;

/** What happens to the page when a remote image cannot be used on the canvas. */
const CONSEQUENCE = {
  mascotImage: "visitors will draw on a white background instead of the mascot",
  faviconImage: "the page will keep its static favicon",
} as const;

/**
 * Warns the operator when a remote mascot, favicon or sticker would taint the canvas (no CORS header) or
 * cannot be fetched. Never throws and never blocks the start: the page copes either way, the operator should know.
 */
export async function checkRemoteImages(
  branding: BrandingConfig,
  origin: string,
  warn: (line: string) => void,
): Promise<void> {
  const fields = (["mascotImage", "faviconImage"] as const).filter((field) =>
    /^https?:\/\//.test(branding[field]),
  );
  const stickers = (branding.stickers ?? []).filter((sticker) => /^https?:\/\//.test(sticker.image));
  await Promise.all([
    ...stickers.map(async ({ name, image }) => {
      const problem = await corsProblem(image, origin);
      if (problem !== undefined) {
        warn(
          `Warning: sticker "${name}" ${image} ${problem}; visitors will not be able to place it. Serve it with Access-Control-Allow-Origin, or put the file in public/ and use its path (e.g. /stickers/hat.svg).`,
        );
      }
    }),
    ...fields.map(async (field) => {
      const problem = await corsProblem(branding[field], origin);
      if (problem !== undefined) {
        warn(
          `Warning: ${field} ${branding[field]} ${problem}; ${CONSEQUENCE[field]}. Serve it with Access-Control-Allow-Origin, or put the file in public/ and use its path (e.g. /mascot.png).`,
        );
      }
    }),
  ]);
}

/** Why a cross-origin canvas draw of this URL would fail, or undefined when it would work. */
async function corsProblem(url: string, origin: string): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      headers: { Origin: origin },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) return `answered HTTP ${response.status}`;
    const allowed = response.headers.get("access-control-allow-origin");
    if (allowed !== "*" && allowed !== origin)
      return "is sent without Access-Control-Allow-Origin, so it would taint the canvas";
    return undefined;
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return `could not be fetched to check it (${reason})`;
  }
}
