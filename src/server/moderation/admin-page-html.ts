import { permalinkPath } from "../../common/permalink.ts";
import { REACTION_KINDS, REACTION_NAMES, type ReactionCounts } from "../../common/reactions.ts";
import { relativeTime } from "../../common/relative-time.ts";
import { nameCell } from "../credit/admin-name-cell.ts";
import { PERMALINK_STYLESHEET_PATH } from "../pages/permalink-html.ts";
import type { AdminDrawing, AdminFilter } from "./admin-queries.ts";
import { ADMIN_FILTERS } from "./admin-queries.ts";
import { timelapseCell } from "./admin-timelapse-html.ts";

// Server-rendered, no script and no style attribute: the CSP forbids inline code, and plain forms
// that POST and redirect need none. The look is the server pages' stylesheet (pages/permalink.css).

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The admin's name of the community's page: its branding title, marked as the admin's. */
export function adminHeading(community: string): string {
  return `<h1>${escapeHtml(community)} <span class="admin__role">admin</span></h1>`;
}

/** An admin page: its title, and its body's HTML, with the server pages' stylesheet. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${PERMALINK_STYLESHEET_PATH}"></head>
<body class="admin">
${body}
</body>
</html>
`;
}

/** The sign-in form; `problem` says why the last attempt failed, or that admin is off. */
export function loginPage(community: string, problem: string | undefined): string {
  const notice = problem === undefined ? "" : `<p role="alert">${escapeHtml(problem)}</p>`;
  return page(
    `${community} admin: sign in`,
    `<main>
${adminHeading(community)}
${notice}
<form method="post" action="/admin/login">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}

type Action = "hide" | "restore" | "delete";

/**
 * Only the actions that change something: a visible drawing can be hidden, and "restored" only when reports
 * are waiting (it clears them); a pending one approved (restore) or hidden; a hidden one restored.
 */
function actionsFor(drawing: AdminDrawing): readonly Action[] {
  switch (drawing.status) {
    case "visible":
      return drawing.reportCount > 0 ? ["restore", "hide", "delete"] : ["hide", "delete"];
    case "pending":
      return ["restore", "hide", "delete"];
    case "hidden":
      return ["restore", "delete"];
    default:
      return ["delete"];
  }
}

/** The button's words: a pending drawing's restore is its approval, a reported one's clears the reports. */
function labelOf(action: Action, drawing: AdminDrawing): string {
  if (action === "hide") return "Hide";
  if (action === "delete") return "Delete";
  if (drawing.status === "pending") return "Approve";
  return drawing.status === "visible" ? "Keep, clear reports" : "Restore";
}

/** What the page says when an action cannot be done (a drawing that is not there, a failing store). */
export function errorPage(community: string, message: string): string {
  return page(
    `${community} admin: not done`,
    `<main>
${adminHeading(community)}
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/admin">Back to the list</a></p>
</main>`,
  );
}

/**
 * The moderation list of the community titled `community`: filter links, one row per drawing with its image
 * (opening its permalink while it is public), status, reports and actions.
 */
export function listPage(
  community: string,
  filter: AdminFilter,
  drawings: readonly AdminDrawing[],
  now = new Date(),
): string {
  const links = adminLinks(filter);
  const rows = drawings.map((drawing) => row(filter, drawing, now)).join("\n");
  const table =
    drawings.length === 0
      ? `<p>Nothing to review here.</p>`
      : `<table>
<thead><tr><th>Drawing</th><th>Stored</th><th>Status</th><th>Reports</th><th>Reactions</th><th>Remix of</th><th>Name</th><th>Timelapse</th><th>Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    `${community} admin: ${filter}`,
    `${adminHeader(community, links)}
<main>
<h2>${escapeHtml(filter)} drawings</h2>
${table}
</main>`,
  );
}

/** The admin's sections: the drawings' filters, then the blocked names, the prompts and the live rooms. */
export type AdminSection = AdminFilter | "names" | "prompts" | "rooms";

/** The links to every section, the current one marked. */
export function adminLinks(current: AdminSection): string {
  const sections: readonly [AdminSection, string][] = [
    ...ADMIN_FILTERS.map((name): [AdminSection, string] => [name, `/admin?filter=${name}`]),
    ["names", "/admin/names"],
    ["prompts", "/admin/prompts"],
    ["rooms", "/admin/rooms"],
  ];
  return sections
    .map(([name, href]) =>
      name === current
        ? `<li><strong aria-current="page">${name}</strong></li>`
        : `<li><a href="${href}">${name}</a></li>`,
    )
    .join("\n");
}

/** The header of every signed-in admin page: the title, Sign out, and the sections' links. */
export function adminHeader(community: string, links: string): string {
  return `<header>${adminHeading(community)}
<form method="post" action="/admin/logout"><button type="submit">Sign out</button></form>
<nav aria-label="Sections"><ul>
${links}
</ul></nav></header>`;
}

function row(filter: AdminFilter, drawing: AdminDrawing, now: Date): string {
  const id = escapeHtml(drawing.id);
  const form = (action: Action, label: string, className: string) =>
    `<form method="post" action="/admin/drawings/${id}/${action}">
<input type="hidden" name="filter" value="${escapeHtml(filter)}">
<button type="submit" class="${className}">${label}</button></form>`;
  // Delete is for good: it asks first, with no script (a disclosure that holds the real button, which looks
  // at least as dangerous as the Delete that opened it).
  const buttons = actionsFor(drawing)
    .map((action) =>
      action === "delete"
        ? `<details class="admin__confirm"><summary class="admin__action admin__action--danger">Delete</summary>
<p>Delete this drawing for good? It cannot be restored.</p>
${form("delete", "Delete for good", "admin__action admin__action--final")}</details>`
        : form(action, labelOf(action, drawing), "admin__action"),
    )
    .join("\n");
  const image = `<img src="/api/admin/drawings/${id}.png" width="150" height="150" loading="lazy" alt="Drawing ${id}">`;
  // A public drawing opens as visitors see it; one off the wall has no page, so its image opens instead.
  const opens =
    drawing.status === "visible"
      ? `<a href="${escapeHtml(permalinkPath(drawing.id))}" target="_blank" rel="noopener">${image}<span class="visually-hidden"> (its page opens in a new tab)</span></a>`
      : `<a href="/api/admin/drawings/${id}.png">${image}</a>`;
  const stored = new Date(drawing.createdAt);
  const exact = Number.isNaN(stored.getTime()) ? drawing.createdAt : stored.toUTCString();
  return `<tr>
<td>${opens}</td>
<td data-label="Stored"><time datetime="${escapeHtml(drawing.createdAt)}" title="${escapeHtml(exact)}">${escapeHtml(relativeTime(stored, now, "en") || drawing.createdAt)}</time></td>
<td data-label="Status">${escapeHtml(drawing.status)}</td>
<td data-label="Reports">${drawing.reportCount}</td>
<td data-label="Reactions">${reactionsText(drawing.reactions)}</td>
<td data-label="Remix of">${remixLink(drawing.remixOf)}</td>
<td data-label="Name">${nameCell(drawing.id, drawing.name, filter)}</td>
<td data-label="Timelapse">${timelapseCell(filter, drawing)}</td>
<td><div class="admin__actions">${buttons}</div></td>
</tr>`;
}

/** "3 heart, 1 fire, 0 laughing": words, since the admin page loads no icons. */
function reactionsText(reactions: ReactionCounts): string {
  return REACTION_KINDS.map((kind) => `${reactions[kind]} ${REACTION_NAMES[kind].toLowerCase()}`).join(", ");
}

/** The original's image for moderators (whatever its status), or a dash. */
function remixLink(remixOf: string | null): string {
  if (remixOf === null) return "—";
  const id = escapeHtml(remixOf);
  return `<a href="/api/admin/drawings/${id}.png">${id}</a>`;
}
