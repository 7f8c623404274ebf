/** The wall's views by what they show: their addresses (#prompt=<id>, #yours), and what they say. */
import type { PromptSummary } from "../../common/api.ts";
import { PROMPT_ID_PATTERN } from "../../common/prompts.ts";
import { NEWEST, type WallView } from "./wall-api.ts";

/** The view an address's fragment names: a prompt's entries, or this browser's drawings; undefined for none. */
export function viewFromHash(hash: string): WallView | undefined {
  const text = decodeURIComponent(hash.replace(/^#/, ""));
  if (text === "yours") return { ...NEWEST, scope: { kind: "mine" } };
  const id = /^prompt=(.+)$/.exec(text)?.[1];
  return id !== undefined && PROMPT_ID_PATTERN.test(id)
    ? { ...NEWEST, scope: { kind: "prompt", id } }
    : undefined;
}

/** True when both views list the same drawings in the same order. */
export function sameView(a: WallView, b: WallView): boolean {
  const scope = (view: WallView) =>
    view.scope.kind === "prompt" ? `prompt:${view.scope.id}` : view.scope.kind;
  return scope(a) === scope(b) && a.sort === b.sort && (a.sort === "new" || a.window === b.window);
}

/** The sentence under the wall's title for a view. */
export function wallLead(view: WallView, prompts: readonly PromptSummary[]): string {
  const { scope } = view;
  if (scope.kind === "mine") {
    return "The drawings you saved on this browser. Sign a drawing when you save it, and your name gets a page.";
  }
  if (scope.kind === "prompt") {
    const prompt = prompts.find((candidate) => candidate.id === scope.id);
    const title = prompt === undefined ? "this prompt" : `“${prompt.title}”`;
    const when =
      prompt?.phase === "running"
        ? ` Runs until ${prompt.lastDay}: tick “Enter” when you save to join.`
        : prompt?.phase === "ended"
          ? ` It ended on ${prompt.lastDay}; its top three are marked.`
          : "";
    const order = view.sort === "new" ? "Entries for" : "The entries with the most reactions for";
    return `${order} ${title}.${when}`;
  }
  return view.sort === "new"
    ? "Fresh drawings from everyone, live as they are saved."
    : `The drawings with the most reactions ${view.window === "week" ? "this week" : "of all time"}.`;
}

/** What an empty view says. */
export function emptyText(view: WallView): string {
  if (view.scope.kind === "mine") return "Nothing saved on this browser yet — draw something and save it";
  if (view.scope.kind === "prompt") return "No entries yet — be the first";
  return "No drawings yet — be the first";
}
