import { BRUSH_SIZES } from "../../common/constants.ts";
import type { StrokeStyle } from "../engine/types.ts";

/** Props of the brush-size selector: the brush it previews and what to do when a size is chosen. */
export interface BrushSizePickerProps {
  readonly brush: StrokeStyle;
  readonly onSelect: (width: number) => void;
}

/** Canvas pixels to dot pixels: the 12 px brush is a 24 px dot, and every size keeps its true proportion. */
const DOT_SCALE = 2;

/**
 * Brush sizes 1-12 px, each a dot of the current colour at the brush's relative size (a hollow ring while the
 * eraser is on, as the cursor shows it). SVG attributes, not styles, so the server-rendered dots need no script.
 */
export function BrushSizePicker({ brush, onSelect }: BrushSizePickerProps) {
  const fill = brush.eraser ? "none" : brush.colour;
  return (
    <fieldset className="panel__group sizes">
      <legend className="panel__label">Size</legend>
      <div className="sizes__options">
        {BRUSH_SIZES.map((size) => (
          <button
            key={size}
            type="button"
            className="tool size"
            aria-label={`Brush size ${size}`}
            aria-pressed={size === brush.width}
            onClick={() => onSelect(size)}
          >
            <svg className="size__dot" viewBox="0 0 26 26" aria-hidden="true" focusable="false">
              <circle cx="13" cy="13" r={(size * DOT_SCALE) / 2} fill={fill} />
            </svg>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
