import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A component in its own chunk that renders nothing when the chunk cannot load (offline, a deploy replaced
 * it), so an extra never breaks the drawing tool. `load` must return the bare `import()` (e.g.
 * `() => import("./X.tsx")`): the bundler wraps that expression to preload its stylesheet, and only a handler
 * chained outside the wrapper, as here, also catches a stylesheet that cannot be preloaded.
 */
export function lazyOrNothing<Module, Props extends object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
  onError: (error: unknown) => void = () => {},
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        onError(error);
        return { default: () => null };
      },
    ),
  );
}
