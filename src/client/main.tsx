/** Page entry: read the run-time branding, apply its theme, title and favicon, and hydrate the app. */
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { themeProperties, withDefaults } from "../common/theme.ts";
import { loadBranding } from "./branding/branding.ts";
import { App } from "./components/App.tsx";
import { lazyChunk, whenPageSettles } from "./lazy/lazy-chunk.ts";
import type { SaveCallback } from "./save/save-callback.ts";
import "./components/base.css";

/**
 * The save pipeline (queue, IndexedDB, uploader, retries) is loaded after the drawing tool, not with it: the
 * first screen only needs the canvas, and a visitor needs seconds before the first Save. A Save made before
 * the module arrives simply waits for it.
 */
const savePipeline = lazyChunk(() => import("./save/store-drawing.ts"));

const storeDrawing: SaveCallback = async (pngDataUrl, context) =>
  (await savePipeline.load()).storeDrawing(pngDataUrl, context);

/**
 * Mounts the page once the branding is known (synchronously available when our server served the HTML). When
 * the server rendered the page, React hydrates its HTML; otherwise (vite dev, an HTML without the rendering)
 * it renders from scratch.
 */
async function start(): Promise<void> {
  const branding = await loadBranding();
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
  // Saves an earlier visit could not deliver (offline, server down) are sent once the tool is up.
  // A pipeline that cannot load now (offline) is fetched again by the first Save, which starts the queue.
  whenPageSettles(
    () =>
      void savePipeline.load().then(
        (module) => module.startSaveQueue(),
        () => undefined,
      ),
  );
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  const app = (
    <StrictMode>
      <App branding={branding} onSave={storeDrawing} />
    </StrictMode>
  );
  if (root.firstElementChild === null) createRoot(root).render(app);
  // The server's HTML is already on screen: hydrating it as a transition lets React work in slices of a few
  // milliseconds, so the page stays responsive (a click or key during hydration makes React finish the part
  // it lands on first, and it is then handled: nothing is lost).
  else startTransition(() => void hydrateRoot(root, app));
}

void start();
