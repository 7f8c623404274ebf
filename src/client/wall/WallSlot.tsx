import { Suspense, startTransition, useEffect, useState } from "react";
import { lazyChunk, whenPageSettles } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";

// Its own chunk and stylesheet (Vite loads both before the wall renders), fetched after the tool has settled:
// nothing of the wall is in the tool's first download.
const Wall = lazyView(
  lazyChunk(() => import("./Wall.tsx")),
  (module) => module.Wall,
  (error) =>
    console.warn("Fanvas: the community wall could not be loaded; reload the page to see it.", error),
);

/** Where the community wall goes; it is fetched and mounted only after the drawing tool has settled. */
export function WallSlot() {
  const [show, setShow] = useState(false);
  // A transition: React renders the wall in slices, never holding up a stroke or a click.
  useEffect(() => whenPageSettles(() => startTransition(() => setShow(true))), []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Wall />
    </Suspense>
  );
}
