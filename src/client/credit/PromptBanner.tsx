import "../page/pill.css";
import { useRunningPrompt } from "./use-running-prompt.ts";

/** The address of a prompt's tab on the wall (the wall opens it when the page's address names it). */
export function promptTabHash(id: string): string {
  return `#prompt=${encodeURIComponent(id)}`;
}

/**
 * The running prompt above the canvas: its title, its last day and hashtag, and a link to its entries on the
 * wall. Server-rendered with the page (the server knows which prompt runs; CreditSlots.tsx); the wall's live feed
 * changes it when a prompt starts or ends while the page is open. Nothing between prompts.
 */
export function PromptBanner() {
  const prompt = useRunningPrompt();
  if (prompt === undefined) return null;
  return (
    <aside className="prompt-banner" aria-label="The community's prompt">
      <span className="tag prompt-banner__label">Prompt</span>
      <strong className="prompt-banner__title">{prompt.title}</strong>
      <span className="prompt-banner__meta">
        until {prompt.lastDay}
        {prompt.hashtag === null ? null : ` · ${prompt.hashtag}`}
      </span>
      <a className="pill-link prompt-banner__link" href={promptTabHash(prompt.id)}>
        See entries
      </a>
    </aside>
  );
}
