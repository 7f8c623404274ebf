import type { BlockedNameRow, PromptRow, RoomRow } from "../../../common/admin-pages.ts";
import { currentPromptOf, promptPhase } from "../../../common/prompts.ts";
import { relativeTime } from "../../../common/relative-time.ts";
import { roomPath } from "../../../common/rooms/room-links.ts";
import { AdminDocument } from "../ServerDocument.tsx";
import { AdminHeader, AdminHeading, AdminTable, Confirmed, SignOut, When } from "./AdminFrame.tsx";

// The admin's pages of blocked names, prompts and live rooms: no script, forms that POST and redirect, as the
// drawings' list.

/** The blocked names with Unblock, and a form to block a name by typing it. */
export function AdminNamesPage({
  community,
  names,
}: {
  community: string;
  names: readonly BlockedNameRow[];
}) {
  return (
    <AdminDocument title={`${community} admin: names`}>
      <AdminHeader community={community} current="names" />
      <main>
        <h2>Blocked names</h2>
        <p>
          A blocked name shows on no drawing and has no page; drawings saved with it are stored without it.
          Every spelling that differs only in capitals or letter width is the same name.
        </p>
        <form method="post" action="/admin/names/block" className="admin__inline-form">
          <label htmlFor="block-name">Name or @handle</label>
          <input id="block-name" name="name" required maxLength={200} autoComplete="off" />
          <button type="submit" className="admin__action admin__action--danger">
            Block
          </button>
        </form>
        <AdminTable
          heads={["Name", "Blocked", "Actions"]}
          empty={names.length === 0 && "No name is blocked."}
        >
          {names.map((name) => (
            <tr key={name.name}>
              <td data-label="Name">{name.name}</td>
              <td data-label="Blocked">
                <When iso={name.blockedAt} text={new Date(name.blockedAt).toUTCString()} />
              </td>
              <td>
                <form method="post" action="/admin/names/unblock">
                  <input type="hidden" name="name" value={name.name} />
                  <button type="submit" className="admin__action">
                    Unblock
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </AdminTable>
      </main>
    </AdminDocument>
  );
}

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

function PromptLine({ prompt, now }: { readonly prompt: PromptRow; readonly now: number }) {
  const fromBranding = prompt.source === "branding";
  return (
    <tr>
      <td data-label="Prompt">
        <strong>{prompt.title}</strong>{" "}
        <span className="admin__muted">
          {prompt.id}
          {prompt.hashtag === null ? "" : ` · ${prompt.hashtag}`}
        </span>
      </td>
      <td data-label="Runs">
        from <When iso={prompt.startsAt} text={inZone(prompt.startsAt, prompt.timeZone)} /> until{" "}
        <When iso={prompt.endsAt} text={inZone(prompt.endsAt, prompt.timeZone)} />{" "}
        <span className="admin__muted">(last day {currentPromptOf(prompt).lastDay})</span>
      </td>
      <td data-label="Now">{promptPhase(prompt, now)}</td>
      <td data-label="Set in">{fromBranding ? "branding file" : "admin"}</td>
      <td>
        <Confirmed
          summary="Delete"
          question={`Delete this prompt? Its entries stay on the wall${fromBranding ? "; the branding file puts it back at the next start unless it is taken out there too" : ""}.`}
        >
          <form method="post" action={`/admin/prompts/${prompt.id}/delete`}>
            <button type="submit" className="admin__action admin__action--final">
              Delete for good
            </button>
          </form>
        </Confirmed>
      </td>
    </tr>
  );
}

/** Every prompt with its dates, phase and Delete, and the form that adds one. */
export function AdminPromptsPage(props: { community: string; prompts: readonly PromptRow[]; now: number }) {
  const { community, prompts, now } = props;
  return (
    <AdminDocument title={`${community} admin: prompts`}>
      <AdminHeader community={community} current="prompts" />
      <main>
        <h2>Prompts</h2>
        <p>
          A prompt is a theme with dates: the drawing page shows it while it runs, saves may enter it, and the
          wall has a tab for it. One runs at a time; when it ends, its three entries with the most reactions
          are marked.
        </p>
        <form method="post" action="/admin/prompts" className="admin__prompt-form">
          <label htmlFor="prompt-title">Title</label>
          <input id="prompt-title" name="title" required maxLength={200} placeholder="Fred at the beach" />
          <label htmlFor="prompt-hashtag">Hashtag (optional)</label>
          <input id="prompt-hashtag" name="hashtag" maxLength={30} placeholder="#FredAtTheBeach" />
          <label htmlFor="prompt-starts">First day</label>
          <input id="prompt-starts" name="starts" type="date" required />
          <label htmlFor="prompt-ends">Last day</label>
          <input id="prompt-ends" name="ends" type="date" required />
          <label htmlFor="prompt-zone">Time zone of its days</label>
          <input
            id="prompt-zone"
            name="timeZone"
            defaultValue="UTC"
            required
            maxLength={64}
            placeholder="Europe/Berlin"
          />
          <button type="submit" className="admin__action">
            Add prompt
          </button>
        </form>
        <AdminTable
          heads={["Prompt", "Runs", "Now", "Set in", "Actions"]}
          empty={prompts.length === 0 && "No prompt is set."}
        >
          {prompts.map((prompt) => (
            <PromptLine key={prompt.id} prompt={prompt} now={now} />
          ))}
        </AdminTable>
      </main>
    </AdminDocument>
  );
}

function RoomLine({ room, now }: { readonly room: RoomRow; readonly now: Date }) {
  const when = (iso: string) => <When iso={iso} text={relativeTime(new Date(iso), now, "en") || iso} />;
  const live = room.endedAt === null;
  return (
    <tr>
      <td data-label="Room">
        {live ? (
          <a href={roomPath(room.id)} target="_blank" rel="noopener">
            {room.id}
          </a>
        ) : (
          room.id
        )}
      </td>
      <td data-label="Made">{when(room.createdAt)}</td>
      <td data-label="Last drawn">{when(room.lastActiveAt)}</td>
      <td data-label="Entries">{room.entries}</td>
      <td data-label="People">{`${room.here} here, ${room.people} in all`}</td>
      <td>
        {room.endedAt === null ? (
          <form method="post" action={`/admin/rooms/${room.id}/end`}>
            <button type="submit" className="admin__action admin__action--danger">
              End
            </button>
          </form>
        ) : (
          <>ended {when(room.endedAt)}</>
        )}
      </td>
    </tr>
  );
}

/** The live rooms, each with its activity and an End button (a plain form, no script). */
export function AdminRoomsPage(props: { community: string; rooms: readonly RoomRow[]; now: number }) {
  const { community, rooms } = props;
  const now = new Date(props.now);
  return (
    <AdminDocument title={`${community} admin: live rooms`}>
      <header>
        <AdminHeading community={community} />
        <SignOut />
        <nav aria-label="Filters">
          <ul>
            <li>
              <a href="/admin">drawings</a>
            </li>
            <li>
              <strong aria-current="page">live rooms</strong>
            </li>
          </ul>
        </nav>
      </header>
      <main>
        <h2>Live rooms</h2>
        <AdminTable
          heads={["Room", "Made", "Last drawn", "Entries", "People", "End"]}
          empty={rooms.length === 0 && "No live rooms."}
        >
          {rooms.map((room) => (
            <RoomLine key={room.id} room={room} now={now} />
          ))}
        </AdminTable>
      </main>
    </AdminDocument>
  );
}
