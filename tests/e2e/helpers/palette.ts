import { PALETTE } from "../../../src/common/constants.ts";
import { hexToRgba, type Rgba } from "./pixels.ts";

/** The RGBA a palette colour paints, looked up by its accessible name. */
export function paletteRgba(name: string): Rgba {
  const entry = PALETTE.find((colour) => colour.name === name);
  if (!entry) throw new Error(`"${name}" is not a palette colour`);
  return hexToRgba(entry.value);
}
