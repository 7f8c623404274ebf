/** Build-time settings the page reads through import.meta.env (see vite.config.ts and README). */
interface ImportMetaEnv {
  /** Static build only: the Supabase project's URL, e.g. https://abc.supabase.co. */
  readonly VITE_SUPABASE_URL?: string;
  /** Static build only: the project's public anon key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}

/** gifenc (MIT) ships no types: what src/client/timelapse/video/gif.ts uses of it. */
declare module "gifenc" {
  export type Palette = number[][];
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette): Uint8Array;
  export interface Encoder {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options: { palette?: Palette; delay?: number; repeat?: number },
    ): void;
    finish(): void;
    bytes(): Uint8Array<ArrayBuffer>;
  }
  export function GIFEncoder(): Encoder;
}
