import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { afterPageSettles } from "../after-load.ts";

// Its own chunk and stylesheet (Vite loads both before the wall renders), fetched after the tool has settled:
// nothing of the wall is in the tool's first download. A chunk that cannot load (offline, a deploy replaced
// it) leaves the wall out instead of breaking the tool.
// The import sits in its own function so the failure handler below also catches a stylesheet that cannot be
// preloaded: the bundler wraps the import() expression itself, and a handler chained inside that wrapper
// would never run when the preload fails first.
const loadGallery = () => import("./Gallery.tsx");
const Gallery = lazy<ComponentType>(() =>
  loadGallery().then(
    (module) => ({ default: module.Gallery }),
    (error: unknown) => {
      console.warn("Fanvas: the community wall could not be loaded; reload the page to see it.", error);
      return { default: () => null };
    },
  ),
);

/** Where the community wall goes; it is fetched and mounted only after the drawing tool has settled. */
export function GallerySlot() {
  const [show, setShow] = useState(false);
  useEffect(() => afterPageSettles(() => setShow(true)), []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Gallery />
    </Suspense>
  );
}
