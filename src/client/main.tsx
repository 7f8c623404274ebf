/** Page entry: read the run-time branding, apply its theme, title and favicon, and hydrate the app. */
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { themeProperties, withDefaults } from "../common/theme.ts";
import { loadBranding } from "./branding/branding.ts";
import { preloadCreditParts } from "./credit/CreditSlots.tsx";
import { lazyChunk, whenPageSettles } from "./lazy/lazy-chunk.ts";
import { loadUntilLoaded, windowRetryClock } from "./lazy/load-until-loaded.ts";
import { App } from "./page/App.tsx";
import type { SaveCallback } from "./save/save-callback.ts";
import { windowTimers } from "./timers/timers.ts";
import "./page/base.css";

/**
 * The save pipeline (queue, IndexedDB, uploader, retries) is loaded after the drawing tool, not with it: the
 * first screen only needs the canvas, and a visitor needs seconds before the first Save. A Save made before
 * the module arrives simply waits for it.
 */
const savePipeline = lazyChunk(() => import("./save/store-drawing.ts"));

const storeDrawing: SaveCallback = async (context) => (await savePipeline.load()).storeDrawing(context);

/** Hydration waits at most this long after the script ran for the mascot to be painted (a remote mascot may hang). */
const MASCOT_WAIT_MS = 1000;

/**
 * Resolves once the board's mascot, the first screen's largest image, has loaded (or failed) and a frame has
 * been painted since, or after MASCOT_WAIT_MS. Hydration then never stands between the image and the screen
 * on a slow phone. The price: the engine, started by a hydrated component, starts after the mascot's paint
 * and hydration rather than beside them, so the board is ready a hydration later (the mascot is cached by
 * then; no bench measures the time to the board's readiness, only first paint, LCP and blocking time).
 */
function afterMascotPaint(): Promise<void> {
  const mascot = document.querySelector<HTMLImageElement>("img.board__mascot");
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, MASCOT_WAIT_MS);
    const painted = (): void => {
      // A timeout queued from a frame's callback runs once that frame has been painted.
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }),
      );
    };
    if (mascot === null || mascot.complete) painted();
    else {
      mascot.addEventListener("load", painted, { once: true });
      mascot.addEventListener("error", painted, { once: true });
    }
  });
}

/**
 * Mounts the page once the branding is known (synchronously available when our server served the HTML). When
 * the server rendered the page, React hydrates its HTML; otherwise (vite dev, an HTML without the rendering)
 * it renders from scratch.
 */
async function start(): Promise<void> {
  const loaded = await loadBranding();
  // A static host has no server to say which prompt runs: that build works it out from the baked branding.
  const branding =
    import.meta.env.MODE === "static"
      ? (await import("./credit/static-prompt.ts")).withStaticPrompt(loaded)
      : loaded;
  // The served HTML carries the title and the theme's colours; vite dev's does not, so there the branding sets them.
  if (import.meta.env.DEV) {
    document.title = branding.title;
    for (const [name, value] of Object.entries(themeProperties(withDefaults(branding.theme))))
      document.documentElement.style.setProperty(name, value);
  }
  // The icon drawn from the branding image is cosmetic: it waits until the tool is up.
  whenPageSettles(
    () =>
      void import("./branding/favicon.ts").then(
        (module) => module.applyFavicon(branding.faviconImage),
        // Offline before the chunk arrived: the static icon stays, as when the image itself cannot load.
        () => undefined,
      ),
  );
  // Saves an earlier visit could not deliver (offline, server down) are sent once the tool is up. A pipeline
  // that cannot load now is fetched again (back online, or after a wait), or by the first Save, whichever first.
  whenPageSettles(() =>
    loadUntilLoaded(savePipeline, (module) => module.startSaveQueue(), windowRetryClock(windowTimers)),
  );
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  const app = (
    <StrictMode>
      <App branding={branding} onSave={storeDrawing} />
    </StrictMode>
  );
  if (root.firstElementChild === null) {
    // A static host renders here, not on a server: a running prompt's banner takes height from the canvas, so
    // its code (and "Sign it"'s) is loaded first and the first render draws them, rather than moving the board.
    if (import.meta.env.MODE === "static" && branding.prompt !== undefined) {
      await preloadCreditParts().catch(() => undefined);
    }
    createRoot(root).render(app);
  } else {
    // The server's HTML is already on screen: hydrating it as a transition lets React work in slices of a few
    // milliseconds, so the page stays responsive (a click or key during hydration makes React finish the part
    // it lands on first, and it is then handled). A click on a server-rendered button before hydration starts
    // (while the mascot loads, at most MASCOT_WAIT_MS) does nothing; the canvas takes no input before the
    // board is ready anyway.
    await afterMascotPaint();
    startTransition(() => void hydrateRoot(root, app));
  }
}

void start();
