/** Page entry: read the run-time branding, set title and favicon, mount the app. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { afterPageSettles } from "./after-load.ts";
import { loadBranding } from "./branding.ts";
import { App } from "./components/App.tsx";
import { applyFavicon } from "./favicon.ts";
import { startSaveQueueSoon } from "./save/lazy-store-drawing.ts";
import "./styles.css";

/** Mounts the page once the branding is known (synchronously available when our server served the HTML). */
async function start(): Promise<void> {
  const branding = await loadBranding();
  document.title = branding.title;
  void applyFavicon(branding.faviconImage);
  // Saves an earlier visit could not deliver (offline, server down) are sent once the tool is up.
  afterPageSettles(startSaveQueueSoon);
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  createRoot(root).render(
    <StrictMode>
      <App branding={branding} />
    </StrictMode>,
  );
}

void start();
