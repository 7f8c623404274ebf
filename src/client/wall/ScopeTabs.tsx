import type { PromptSummary } from "../../common/api.ts";
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
    <fieldset className="wall__tabs wall__scopes">
      <legend className="visually-hidden">Whose drawings</legend>
      {choices.map(([choice, label]) => (
        <button
          key={choice.kind === "prompt" ? `prompt:${choice.id}` : choice.kind}
          type="button"
          className={`wall__tab${choice.kind === "prompt" ? " wall__tab--prompt" : ""}`}
          aria-pressed={pressed(choice)}
          onClick={() => onChoose(choice)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
