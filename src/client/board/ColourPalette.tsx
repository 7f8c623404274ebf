import type { ReactNode } from "react";
import { PALETTE } from "../../common/constants.ts";

/** Props of the palette: the current colour and what to do when a swatch is chosen. */
export interface ColourPaletteProps {
  readonly selected: string;
  readonly onSelect: (colour: string) => void;
  /** Shown after the swatches: the custom colour and the recent ones, when the tools have loaded. */
  readonly children?: ReactNode;
}

/**
 * The spec's 15 colours, in order, as swatches named by their colour for screen readers. The colour is an SVG
 * fill, not a style attribute, so the server-rendered palette paints before any script under the page's CSP.
 */
export function ColourPalette({ selected, onSelect, children }: ColourPaletteProps) {
  return (
    <fieldset className="panel__group palette">
      <legend className="panel__label">Colour</legend>
      <div className="palette__swatches">
        {PALETTE.map(({ name, value }) => (
          <button
            key={value}
            type="button"
            className="swatch"
            aria-label={name}
            aria-pressed={value === selected}
            title={name}
            onClick={() => onSelect(value)}
          >
            <svg className="swatch__fill" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="9.5" fill={value} />
            </svg>
          </button>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
