/** The React side of lazy loading: a component from a chunk (see lazy-chunk.ts), kept apart so non-React code
 * that loads chunks (the save pipeline's uploader) does not pull React into its own chunk. */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { LazyChunk } from "./lazy-chunk.ts";

/**
 * A component from a chunk that renders nothing when the chunk cannot load, so an extra never breaks the
 * drawing tool. Render it inside <Suspense>.
 */
export function lazyView<Module, Props extends object>(
  chunk: LazyChunk<Module>,
  pick: (module: Module) => ComponentType<Props>,
  onError: (error: unknown) => void = () => {},
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    chunk.load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        onError(error);
        return { default: () => null };
      },
    ),
  );
}
