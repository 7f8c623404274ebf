import { BRUSH_SIZES } from "../../common/constants.ts";

/** Props of the brush-size selector. */
export interface BrushSizePickerProps {
  readonly selected: number;
  readonly onSelect: (width: number) => void;
}

/** Brush sizes 1-12 px, each shown as a dot of that size with its number. */
export function BrushSizePicker({ selected, onSelect }: BrushSizePickerProps) {
  return (
    <fieldset className="choices sizes">
      <legend className="visually-hidden">Brush size</legend>
      {BRUSH_SIZES.map((size) => (
        <button
          key={size}
          type="button"
          className="button size"
          aria-label={`Brush size ${size}`}
          aria-pressed={size === selected}
          onClick={() => onSelect(size)}
        >
          <span className="size__dot" style={{ width: size, height: size }} aria-hidden="true" />
          <span aria-hidden="true">{size}</span>
        </button>
      ))}
    </fieldset>
  );
}
