import type { TopWindow, WallSort } from "../../common/api.ts";
import type { WallView } from "./wall-api.ts";

const SORTS: readonly (readonly [WallSort, string])[] = [
  ["new", "New"],
  ["top", "Top"],
];
const WINDOWS: readonly (readonly [TopWindow, string])[] = [
  ["week", "This week"],
  ["all", "All time"],
];

/** One group of toggle buttons, the pressed one being `chosen`. */
function Choices<Value extends string>({
  legend,
  options,
  chosen,
  onChoose,
}: {
  readonly legend: string;
  readonly options: readonly (readonly [Value, string])[];
  readonly chosen: Value;
  readonly onChoose: (value: Value) => void;
}) {
  return (
    <fieldset className="wall__tabs">
      <legend className="visually-hidden">{legend}</legend>
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          className="wall__tab"
          aria-pressed={chosen === value}
          onClick={() => onChoose(value)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * New or Top, and Top's window: two small groups of toggle buttons (the pressed one is the wall shown). Not
 * ARIA tabs: each choice reloads one list in place, and toggles need no arrow-key roving to be usable.
 */
export function WallTabs({
  view,
  onChange,
}: {
  readonly view: WallView;
  readonly onChange: (view: WallView) => void;
}) {
  return (
    <div className="wall__views">
      <Choices
        legend="Order of the wall"
        options={SORTS}
        chosen={view.sort}
        onChoose={(sort) => onChange({ ...view, sort })}
      />
      {view.sort === "top" ? (
        <Choices
          legend="Top drawings of"
          options={WINDOWS}
          chosen={view.window}
          onChoose={(window) => onChange({ ...view, window })}
        />
      ) : null}
    </div>
  );
}
