/** One toggle button of a group: its label, whether it is the choice shown, and what pressing it does. */
export interface Toggle {
  readonly key: string;
  readonly label: string;
  readonly pressed: boolean;
  readonly onPress: () => void;
  /** A class beside wall__tab (a prompt's tab is drawn apart). */
  readonly className?: string;
}

/**
 * A small group of toggle buttons under a legend only a screen reader says: the wall's choices of whose drawings,
 * their order and Top's window. Not ARIA tabs: each choice reloads one list in place, and toggles need no
 * arrow-key roving to be usable.
 */
export function ToggleGroup({
  legend,
  toggles,
  className,
}: {
  readonly legend: string;
  readonly toggles: readonly Toggle[];
  readonly className?: string;
}) {
  return (
    <fieldset className={className === undefined ? "wall__tabs" : `wall__tabs ${className}`}>
      <legend className="visually-hidden">{legend}</legend>
      {toggles.map((toggle) => (
        <button
          key={toggle.key}
          type="button"
          className={toggle.className === undefined ? "wall__tab" : `wall__tab ${toggle.className}`}
          aria-pressed={toggle.pressed}
          onClick={toggle.onPress}
        >
          {toggle.label}
        </button>
      ))}
    </fieldset>
  );
}
