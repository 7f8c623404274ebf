import { PALETTE } from "../../common/constants.ts";

/** Props of the palette: the current colour and what to do when a swatch is chosen. */
export interface ColourPaletteProps {
  readonly selected: string;
  readonly onSelect: (colour: string) => void;
}

/** The spec's 15 colours, in order, as swatches named by their colour for screen readers. */
export function ColourPalette({ selected, onSelect }: ColourPaletteProps) {
  return (
    <fieldset className="choices palette">
      <legend className="visually-hidden">Colour</legend>
      {PALETTE.map(({ name, value }) => (
        <button
          key={value}
          type="button"
          className="swatch"
          aria-label={name}
          aria-pressed={value === selected}
          title={name}
          style={{ backgroundColor: value }}
          onClick={() => onSelect(value)}
        />
      ))}
    </fieldset>
  );
}
