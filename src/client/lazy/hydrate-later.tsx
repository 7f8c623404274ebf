/**
 * A server-rendered part of the page whose code loads after the first paint. The server loads its module before
 * it renders the page (`preload`), so the part is in the HTML; the browser keeps that HTML as it is while the
 * part's chunk is on its way (React leaves a Suspense boundary that suspends while hydrating as the server made
 * it), then hydrates it. The part takes no props, and its view never renders again from above (memo): a boundary
 * given new children before it hydrated would be thrown away and rendered in the browser, blinking.
 */
import { type ComponentType, type MemoExoticComponent, memo, Suspense } from "react";
import type { LazyChunk } from "./lazy-chunk.ts";
import { lazyView } from "./lazy-view.ts";

/** The part's view, and what the server calls before rendering it. */
export interface HydratedLater {
  readonly View: MemoExoticComponent<ComponentType>;
  /** Loads the part's module, so that views rendered from then on render it at once (the server's render). */
  readonly preload: () => Promise<void>;
}

/** The part `pick` takes from `chunk`'s module, rendered at once where it is loaded and hydrated later elsewhere. */
export function hydrateLater<Module>(
  chunk: LazyChunk<Module>,
  pick: (module: Module) => ComponentType,
): HydratedLater {
  let loaded: ComponentType | null = null;
  const Lazy = lazyView(chunk, pick);
  const View = memo(function HydrateLater() {
    const Part = loaded ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    );
  });
  return {
    View,
    preload: async () => {
      loaded = pick(await chunk.load());
    },
  };
}
