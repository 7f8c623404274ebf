import { useEffect, useId, useRef } from "react";

/** Props of the custom colour control. */
export interface CustomColourProps {
  /** The brush colour now (#rrggbb). */
  readonly selected: string;
  /** The last custom colours, newest first. */
  readonly recent: readonly string[];
  /** `remember`: the visitor settled on it (the picker closed), so it joins the recent colours. */
  readonly onSelect: (colour: string, remember: boolean) => void;
}

/**
 * Any colour: the browser's colour input ("Custom colour") and the last five custom or picked colours as
 * swatches, after the spec's fifteen. Choosing one sets the brush colour and turns the eraser off.
 */
export function CustomColour({ selected, recent, onSelect }: CustomColourProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const latestSelect = useRef(onSelect);
  latestSelect.current = onSelect;
  // React's onChange is the input event (every move in the picker); the native change event is the choice.
  useEffect(() => {
    const input = inputRef.current;
    const settle = () => input && latestSelect.current(input.value, true);
    input?.addEventListener("change", settle);
    return () => input?.removeEventListener("change", settle);
  }, []);
  return (
    <fieldset className="panel__group custom-colours">
      <legend className="visually-hidden">Custom colours</legend>
      <label className="custom-colour" htmlFor={inputId} title="Custom colour">
        <input
          ref={inputRef}
          id={inputId}
          className="swatch"
          type="color"
          aria-label="Custom colour"
          value={selected}
          onChange={(event) => onSelect(event.currentTarget.value, false)}
        />
      </label>
      {recent.map((colour) => (
        <button
          key={colour}
          type="button"
          className="swatch swatch--recent"
          aria-label={`Recent colour ${colour}`}
          aria-pressed={colour === selected}
          title={colour}
          style={{ backgroundColor: colour }}
          onClick={() => onSelect(colour, false)}
        />
      ))}
    </fieldset>
  );
}
