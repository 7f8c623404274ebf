import type { PromptSummary, TopWindow, WallSort } from "../../common/api.ts";
import { ScopeTabs } from "./ScopeTabs.tsx";
import { ToggleGroup } from "./ToggleGroup.tsx";
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
    <ToggleGroup
      legend={legend}
      toggles={options.map(([value, label]) => ({
        key: value,
        label,
        pressed: chosen === value,
        onPress: () => onChoose(value),
      }))}
    />
  );
}

/**
 * Whose drawings (everyone's, yours, a prompt's), then New or Top, and for everyone's Top its window: small
 * groups of toggle buttons (ToggleGroup; the pressed one is the wall shown). Yours has no Top (a few drawings,
 * newest first).
 */
export function WallTabs({
  view,
  prompts,
  onChange,
}: {
  readonly view: WallView;
  readonly prompts: readonly PromptSummary[];
  readonly onChange: (view: WallView) => void;
}) {
  return (
    <div className="wall__views">
      <ScopeTabs
        scope={view.scope}
        prompts={prompts}
        onChoose={(scope) => onChange({ ...view, scope, sort: scope.kind === "mine" ? "new" : view.sort })}
      />
      {view.scope.kind === "mine" ? null : (
        <Choices
          legend="Order of the wall"
          options={SORTS}
          chosen={view.sort}
          onChoose={(sort) => onChange({ ...view, sort })}
        />
      )}
      {view.sort === "top" && view.scope.kind === "all" ? (
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
