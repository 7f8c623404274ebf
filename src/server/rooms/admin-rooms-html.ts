import { relativeTime } from "../../common/relative-time.ts";
import { roomPath } from "../../common/room/room-links.ts";
import { adminHeading, escapeHtml, page } from "../moderation/admin-page-html.ts";
import type { AdminRoom } from "./room-queries.ts";

// The admin's list of live rooms: each with its activity and an End button (a plain form, no script).

/** A room in the list, with how many people this process sees in it now. */
export interface ListedRoom extends AdminRoom {
  readonly here: number;
}

/** The rooms page of the community titled `community`. */
export function roomsPage(community: string, rooms: readonly ListedRoom[], now = new Date()): string {
  const when = (iso: string) =>
    `<time datetime="${escapeHtml(iso)}">${escapeHtml(relativeTime(new Date(iso), now, "en") || iso)}</time>`;
  const rows = rooms
    .map((room) => {
      const id = escapeHtml(room.id);
      const state =
        room.endedAt === null
          ? `<form method="post" action="/admin/rooms/${id}/end"><button type="submit" class="admin__action admin__action--danger">End</button></form>`
          : `ended ${when(room.endedAt)}`;
      const link =
        room.endedAt === null
          ? `<a href="${escapeHtml(roomPath(room.id))}" target="_blank" rel="noopener">${id}</a>`
          : id;
      return `<tr>
<td data-label="Room">${link}</td>
<td data-label="Made">${when(room.createdAt)}</td>
<td data-label="Last drawn">${when(room.lastActiveAt)}</td>
<td data-label="Entries">${room.entries}</td>
<td data-label="People">${room.here} here, ${room.people} in all</td>
<td>${state}</td>
</tr>`;
    })
    .join("\n");
  const table =
    rooms.length === 0
      ? "<p>No live rooms.</p>"
      : `<table>
<thead><tr><th>Room</th><th>Made</th><th>Last drawn</th><th>Entries</th><th>People</th><th>End</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  return page(
    `${community} admin: live rooms`,
    `<header>${adminHeading(community)}
<form method="post" action="/admin/logout"><button type="submit">Sign out</button></form>
<nav aria-label="Filters"><ul><li><a href="/admin">drawings</a></li><li><strong aria-current="page">live rooms</strong></li></ul></nav></header>
<main>
<h2>Live rooms</h2>
${table}
</main>`,
  );
}
