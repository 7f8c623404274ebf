/** Page entry: read the run-time branding, set title and favicon, mount the app. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadBranding } from "./branding/branding.ts";
import { applyFavicon } from "./branding/favicon.ts";
import { App } from "./components/App.tsx";
import { lazyChunk, whenPageSettles } from "./lazy/lazy-chunk.ts";
import type { SaveCallback } from "./save/save-callback.ts";
import "./components/page.css";

/**
 * The save pipeline (queue, IndexedDB, uploader, retries) is loaded after the drawing tool, not with it: the
 * first screen only needs the canvas, and a visitor needs seconds before the first Save. A Save made before
 * the module arrives simply waits for it.
 */
const savePipeline = lazyChunk(() => import("./save/store-drawing.ts"));

const storeDrawing: SaveCallback = async (pngDataUrl, context) =>
  (await savePipeline.load()).storeDrawing(pngDataUrl, context);

/** Mounts the page once the branding is known (synchronously available when our server served the HTML). */
async function start(): Promise<void> {
  const branding = await loadBranding();
  document.title = branding.title;
  void applyFavicon(branding.faviconImage);
  // Saves an earlier visit could not deliver (offline, server down) are sent once the tool is up.
  whenPageSettles(() => void savePipeline.load().then((module) => module.startSaveQueue()));
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  createRoot(root).render(
    <StrictMode>
      <App branding={branding} onSave={storeDrawing} />
    </StrictMode>,
  );
}

void start();
