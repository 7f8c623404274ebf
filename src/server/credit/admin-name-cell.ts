import { namePagePath } from "../../common/credit.ts";
import { escapeHtml } from "../pages/index-html.ts";

/** A drawing's name in the moderation list: the name (its page while it shows), Remove name and Block name. */
export function nameCell(id: string, name: string | null, filter: string): string {
  if (name === null) return "—";
  const shown = escapeHtml(name);
  const back = `<input type="hidden" name="filter" value="${escapeHtml(filter)}">`;
  return `<a href="${escapeHtml(namePagePath(name))}" target="_blank" rel="noopener">${shown}</a>
<div class="admin__actions"><form method="post" action="/admin/drawings/${escapeHtml(id)}/remove-name">${back}
<button type="submit" class="admin__action">Remove name</button></form>
<form method="post" action="/admin/names/block">${back}<input type="hidden" name="name" value="${shown}">
<button type="submit" class="admin__action admin__action--danger">Block name</button></form></div>`;
}
