import { adminHeader, adminLinks, escapeHtml, page } from "../moderation/admin-page-html.ts";
import type { BlockedName } from "./credit-queries.ts";

// The admin's page of blocked names (no script, forms that POST and redirect, as the drawings' list).

/** The blocked names with Unblock, and a form to block a name by typing it. */
export function namesPage(community: string, names: readonly BlockedName[]): string {
  const rows = names
    .map(
      (name) => `<tr>
<td data-label="Name">${escapeHtml(name.name)}</td>
<td data-label="Blocked"><time datetime="${escapeHtml(name.blockedAt)}">${escapeHtml(new Date(name.blockedAt).toUTCString())}</time></td>
<td><form method="post" action="/admin/names/unblock">
<input type="hidden" name="name" value="${escapeHtml(name.name)}">
<button type="submit" class="admin__action">Unblock</button></form></td>
</tr>`,
    )
    .join("\n");
  const table =
    names.length === 0
      ? "<p>No name is blocked.</p>"
      : `<table>
<thead><tr><th>Name</th><th>Blocked</th><th>Actions</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    `${community} admin: names`,
    `${adminHeader(community, adminLinks("names"))}
<main>
<h2>Blocked names</h2>
<p>A blocked name shows on no drawing and has no page; drawings saved with it are stored without it. Every spelling that differs only in capitals or letter width is the same name.</p>
<form method="post" action="/admin/names/block" class="admin__inline-form">
<label for="block-name">Name or @handle</label>
<input id="block-name" name="name" required maxlength="200" autocomplete="off">
<button type="submit" class="admin__action admin__action--danger">Block</button>
</form>
${table}
</main>`,
  );
}
