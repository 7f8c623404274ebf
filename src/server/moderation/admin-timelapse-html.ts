import { escapeHtml } from "../pages/index-html.ts";
import type { AdminDrawing } from "./admin-queries.ts";

/** The admin page's action that removes a drawing's timelapse alone (its making), keeping the drawing. */
export const REMOVE_TIMELAPSE = "remove-timelapse";

/**
 * The Timelapse cell of a drawing's row: a dash without one; otherwise Watch (its replay, for moderators
 * whatever the drawing's status) and Remove timelapse, which asks first (no script: a disclosure holding the
 * real button), since a removed making is gone for good while the picture stays.
 */
export function timelapseCell(filter: string, drawing: AdminDrawing): string {
  if (!drawing.making) return "—";
  const id = escapeHtml(drawing.id);
  return `<div class="admin__actions"><a class="admin__action" href="/admin/drawings/${id}/timelapse">Watch</a>
<details class="admin__confirm"><summary class="admin__action admin__action--danger">Remove timelapse</summary>
<p>Remove this drawing's timelapse for good? The drawing stays.</p>
<form method="post" action="/admin/drawings/${id}/${REMOVE_TIMELAPSE}">
<input type="hidden" name="filter" value="${escapeHtml(filter)}">
<button type="submit" class="admin__action admin__action--final">Remove for good</button></form></details></div>`;
}
