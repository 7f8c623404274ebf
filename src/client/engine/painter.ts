/** What paints one kind of operation: the contract every painter of the table (painters.ts) keeps. */
import type { Operation, OperationKind } from "../../common/drawing-document/types.ts";

/** The operation of kind K. */
export type OperationOf<K extends OperationKind> = Extract<Operation, { readonly kind: K }>;

/** What a painter may read besides its operation while it paints. */
export interface PaintSource {
  /** The drawing's 600 x 600 pixels as they are now, before this operation (a fill reads them). */
  pixels(): ImageData;
  /** What the first display paints (white, then this mirrored; null: white alone): a Clear paints it again. */
  readonly background: CanvasImageSource | null;
  /**
   * What a painter worked out from an operation the first time it painted it (a fill's pixels), kept by the
   * engine for as long as the operations before it are unchanged, so painting it again costs no more work.
   */
  readonly memo: WeakMap<Operation, unknown>;
}

/**
 * Paints one kind of operation. `paint` draws in the 600 x 600 drawing space (the context's transform maps it
 * to its bitmap) with the same canvas calls every time, setting every piece of state it depends on and
 * leaving the context as it found it (strokes excepted: render.ts keeps their style), so the same log painted
 * again, here or on another engine in the same browser, gives the same pixels. The engine calls it once per
 * canvas it paints (the document, then a hi-DPI display), the document first.
 */
export interface Painter<O extends Operation> {
  /** Whether `paint` can run now (its font, image or code is in). */
  ready(operation: O): boolean;
  /** Fetches what painting `operation` needs; rejects when it cannot be had. */
  prepare(operation: O): Promise<void>;
  paint(context: CanvasRenderingContext2D, operation: O, source: PaintSource): void;
}

/** One painter for each kind of operation. */
export type PainterTable = { readonly [K in OperationKind]: Painter<OperationOf<K>> };

/** A module that exports a painter (each tool's painter is a chunk of its own). */
export interface PainterModule<O extends Operation> {
  readonly painter: Painter<O>;
}

/**
 * A painter whose code is fetched the first time it is needed: it is ready once its module is in and its own
 * `ready` says so. A failed download is forgotten, so the next `prepare` fetches it again.
 */
export function lazyPainter<O extends Operation>(load: () => Promise<PainterModule<O>>): Painter<O> {
  let loaded: Painter<O> | null = null;
  let loading: Promise<Painter<O>> | null = null;
  const module = (): Promise<Painter<O>> => {
    loading ??= load().then(
      ({ painter }) => {
        loaded = painter;
        return painter;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    ready: (operation) => loaded?.ready(operation) ?? false,
    prepare: async (operation) => (await module()).prepare(operation),
    paint(context, operation, source) {
      if (loaded === null)
        throw new Error(`Fanvas: the ${operation.kind} painter was used before it loaded.`);
      loaded.paint(context, operation, source);
    },
  };
}

/** A painter that needs nothing fetched. */
export function readyPainter<O extends Operation>(paint: Painter<O>["paint"]): Painter<O> {
  return { ready: () => true, prepare: () => Promise.resolve(), paint };
}

/** The painter of `operation`'s kind in `table`. */
export function painterOf<O extends Operation>(table: PainterTable, operation: O): Painter<O> {
  // The table's type pairs each kind with its painter; indexing it by a union kind loses that pairing.
  return table[operation.kind] as unknown as Painter<O>;
}
