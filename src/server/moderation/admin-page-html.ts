import type { AdminDrawing, AdminFilter } from "./admin-queries.ts";
import { ADMIN_FILTERS } from "./admin-queries.ts";

// Server-rendered, no script and no style attribute: the CSP forbids inline code, and plain forms
// that POST and redirect need none.

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

/** The sign-in form; `problem` says why the last attempt failed, or that admin is off. */
export function loginPage(problem: string | undefined): string {
  const notice = problem === undefined ? "" : `<p role="alert">${escapeHtml(problem)}</p>`;
  return page(
    "Fanvas admin: sign in",
    `<main>
<h1>Fanvas admin</h1>
${notice}
<form method="post" action="/admin/login">
<label for="token">Admin token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}

const ACTIONS: Record<string, readonly ("hide" | "restore" | "delete")[]> = {
  visible: ["hide", "restore", "delete"],
  pending: ["restore", "hide", "delete"],
  hidden: ["restore", "delete"],
};
const LABELS = { hide: "Hide", restore: "Restore", delete: "Delete" } as const;

/** What the page says when an action cannot be done (a drawing that is not there, a failing store). */
export function errorPage(message: string): string {
  return page(
    "Fanvas admin: not done",
    `<main>
<h1>Fanvas admin</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="/admin">Back to the list</a></p>
</main>`,
  );
}

/** The moderation list: filter links, one row per drawing with its image, status, reports and actions. */
export function listPage(filter: AdminFilter, drawings: readonly AdminDrawing[]): string {
  const links = ADMIN_FILTERS.map((name) =>
    name === filter
      ? `<li><strong aria-current="page">${name}</strong></li>`
      : `<li><a href="/admin?filter=${name}">${name}</a></li>`,
  ).join("\n");
  const rows = drawings.map((drawing) => row(filter, drawing)).join("\n");
  const table =
    drawings.length === 0
      ? `<p>Nothing to review here.</p>`
      : `<table>
<thead><tr><th>Drawing</th><th>Stored</th><th>Status</th><th>Reports</th><th>Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    `Fanvas admin: ${filter}`,
    `<header><h1>Fanvas admin</h1>
<form method="post" action="/admin/logout"><button type="submit">Sign out</button></form>
<nav aria-label="Filters"><ul>
${links}
</ul></nav></header>
<main>
<h2>${escapeHtml(filter)} drawings</h2>
${table}
</main>`,
  );
}

function row(filter: AdminFilter, drawing: AdminDrawing): string {
  const id = escapeHtml(drawing.id);
  // "Restore" on a pending drawing is its approval.
  const buttons = (ACTIONS[drawing.status] ?? [])
    .map((action) => {
      const label = action === "restore" && drawing.status === "pending" ? "Approve" : LABELS[action];
      return `<form method="post" action="/admin/drawings/${id}/${action}">
<input type="hidden" name="filter" value="${escapeHtml(filter)}">
<button type="submit">${label}</button></form>`;
    })
    .join("\n");
  return `<tr>
<td><a href="/api/admin/drawings/${id}.png"><img src="/api/admin/drawings/${id}.png" width="150" height="150" loading="lazy" alt="Drawing ${id}"></a></td>
<td><time datetime="${escapeHtml(drawing.createdAt)}">${escapeHtml(drawing.createdAt)}</time></td>
<td>${escapeHtml(drawing.status)}</td>
<td>${drawing.reportCount}</td>
<td>${buttons}</td>
</tr>`;
}
