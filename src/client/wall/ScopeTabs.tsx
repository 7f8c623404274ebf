import type { PromptSummary } from "../../common/api.ts";
import { ToggleGroup } from "./ToggleGroup.tsx";
import type { ViewScope } from "./wall-api.ts";

/** A prompt's tab: its title, marked while it runs. */
function promptLabel(prompt: PromptSummary): string {
  return prompt.phase === "running" ? `${prompt.title} · now` : prompt.title;
}

/**
 * Whose drawings the wall shows: everyone's, this browser's ("Yours"), or a prompt's entries, one tab per running
 * and past prompt (the latest first; the row scrolls sideways when they outgrow it). Toggle buttons, as the
 * order's are: each choice reloads the one list in place.
 */
export function ScopeTabs({
  scope,
  prompts,
  onChoose,
}: {
  readonly scope: ViewScope;
  readonly prompts: readonly PromptSummary[];
  readonly onChoose: (scope: ViewScope) => void;
}) {
  const pressed = (candidate: ViewScope) =>
    candidate.kind === scope.kind &&
    (candidate.kind !== "prompt" || (scope.kind === "prompt" && scope.id === candidate.id));
  const choices: readonly (readonly [ViewScope, string])[] = [
    [{ kind: "all" }, "Everyone"],
    [{ kind: "mine" }, "Yours"],
    ...prompts.map((prompt): [ViewScope, string] => [{ kind: "prompt", id: prompt.id }, promptLabel(prompt)]),
  ];
  return (
    <ToggleGroup
      legend="Whose drawings"
      className="wall__scopes"
      toggles={choices.map(([choice, label]) => ({
        key: choice.kind === "prompt" ? `prompt:${choice.id}` : choice.kind,
        label,
        pressed: pressed(choice),
        onPress: () => onChoose(choice),
        ...(choice.kind === "prompt" ? { className: "wall__tab--prompt" } : {}),
      }))}
    />
  );
}
