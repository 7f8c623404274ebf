import { currentPromptOf, promptPhase } from "../../common/prompts.ts";
import { adminHeader, adminLinks, escapeHtml, page } from "../moderation/admin-page-html.ts";
import type { StoredPrompt } from "./prompt-queries.ts";

// The admin's page of prompts (no script, forms that POST and redirect, as the drawings' list).

/** "Mon, 23 Nov 2026, 00:00 (Europe/Berlin)": an instant as the prompt's own zone reads it. */
function inZone(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(Date.parse(iso));
  return `${text} (${timeZone})`;
}

/** Every prompt with its dates, phase and Delete, and the form that adds one. */
export function promptsPage(community: string, prompts: readonly StoredPrompt[], now: number): string {
  const rows = prompts
    .map((prompt) => {
      const id = escapeHtml(prompt.id);
      return `<tr>
<td data-label="Prompt"><strong>${escapeHtml(prompt.title)}</strong> <span class="admin__muted">${id}${prompt.hashtag === null ? "" : ` · ${escapeHtml(prompt.hashtag)}`}</span></td>
<td data-label="Runs">from <time datetime="${escapeHtml(prompt.startsAt)}">${escapeHtml(inZone(prompt.startsAt, prompt.timeZone))}</time> until <time datetime="${escapeHtml(prompt.endsAt)}">${escapeHtml(inZone(prompt.endsAt, prompt.timeZone))}</time> <span class="admin__muted">(last day ${escapeHtml(currentPromptOf(prompt).lastDay)})</span></td>
<td data-label="Now">${promptPhase(prompt, now)}</td>
<td data-label="Set in">${prompt.source === "branding" ? "branding file" : "admin"}</td>
<td><details class="admin__confirm"><summary class="admin__action admin__action--danger">Delete</summary>
<p>Delete this prompt? Its entries stay on the wall${prompt.source === "branding" ? "; the branding file puts it back at the next start unless it is taken out there too" : ""}.</p>
<form method="post" action="/admin/prompts/${id}/delete"><button type="submit" class="admin__action admin__action--final">Delete for good</button></form></details></td>
</tr>`;
    })
    .join("\n");
  const table =
    prompts.length === 0
      ? "<p>No prompt is set.</p>"
      : `<table>
<thead><tr><th>Prompt</th><th>Runs</th><th>Now</th><th>Set in</th><th>Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    `${community} admin: prompts`,
    `${adminHeader(community, adminLinks("prompts"))}
<main>
<h2>Prompts</h2>
<p>A prompt is a theme with dates: the drawing page shows it while it runs, saves may enter it, and the wall has a tab for it. One runs at a time; when it ends, its three entries with the most reactions are marked.</p>
<form method="post" action="/admin/prompts" class="admin__prompt-form">
<label for="prompt-title">Title</label>
<input id="prompt-title" name="title" required maxlength="200" placeholder="Fred at the beach">
<label for="prompt-hashtag">Hashtag (optional)</label>
<input id="prompt-hashtag" name="hashtag" maxlength="30" placeholder="#FredAtTheBeach">
<label for="prompt-starts">First day</label>
<input id="prompt-starts" name="starts" type="date" required>
<label for="prompt-ends">Last day</label>
<input id="prompt-ends" name="ends" type="date" required>
<label for="prompt-zone">Time zone of its days</label>
<input id="prompt-zone" name="timeZone" value="UTC" required maxlength="64" placeholder="Europe/Berlin">
<button type="submit" class="admin__action">Add prompt</button>
</form>
${table}
</main>`,
  );
}
