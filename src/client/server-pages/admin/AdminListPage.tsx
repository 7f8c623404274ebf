import { type AdminDrawing, type AdminFilter, REMOVE_TIMELAPSE } from "../../../common/admin-pages.ts";
import { namePagePath } from "../../../common/credit.ts";
import { permalinkPath } from "../../../common/permalink.ts";
import { REACTION_KINDS, REACTION_NAMES, type ReactionCounts } from "../../../common/reactions.ts";
import { relativeTime } from "../../../common/relative-time.ts";
import { AdminDocument } from "../ServerDocument.tsx";
import { AdminHeader, AdminTable, BackTo, Confirmed, When } from "./AdminFrame.tsx";

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

/** "3 heart, 1 fire, 0 laughing": words, since the admin page loads no icons. */
function reactionsText(reactions: ReactionCounts): string {
  return REACTION_KINDS.map((kind) => `${reactions[kind]} ${REACTION_NAMES[kind].toLowerCase()}`).join(", ");
}

function ActionForm(props: { id: string; action: string; filter: string; label: string; className: string }) {
  return (
    <form method="post" action={`/admin/drawings/${props.id}/${props.action}`}>
      <BackTo filter={props.filter} />
      <button type="submit" className={props.className}>
        {props.label}
      </button>
    </form>
  );
}

/** A drawing's name: the name (its page while it shows), Remove name and Block name. */
function NameCell({ drawing, filter }: { readonly drawing: AdminDrawing; readonly filter: string }) {
  const { name } = drawing;
  if (name === null) return "—";
  return (
    <>
      <a href={namePagePath(name)} target="_blank" rel="noopener">
        {name}
      </a>
      <div className="admin__actions">
        <ActionForm
          id={drawing.id}
          action="remove-name"
          filter={filter}
          label="Remove name"
          className="admin__action"
        />
        <form method="post" action="/admin/names/block">
          <BackTo filter={filter} />
          <input type="hidden" name="name" value={name} />
          <button type="submit" className="admin__action admin__action--danger">
            Block name
          </button>
        </form>
      </div>
    </>
  );
}

/**
 * Watch (its replay, for moderators whatever the drawing's status) and Remove timelapse, which asks first,
 * since a removed making is gone for good while the picture stays; a dash without one.
 */
function TimelapseCell({ drawing, filter }: { readonly drawing: AdminDrawing; readonly filter: string }) {
  if (!drawing.making) return "—";
  return (
    <div className="admin__actions">
      <a className="admin__action" href={`/admin/drawings/${drawing.id}/timelapse`}>
        Watch
      </a>
      <Confirmed
        summary="Remove timelapse"
        question="Remove this drawing's timelapse for good? The drawing stays."
      >
        <ActionForm
          id={drawing.id}
          action={REMOVE_TIMELAPSE}
          filter={filter}
          label="Remove for good"
          className="admin__action admin__action--final"
        />
      </Confirmed>
    </div>
  );
}

function Row({ filter, drawing, now }: { filter: AdminFilter; drawing: AdminDrawing; now: Date }) {
  const { id } = drawing;
  const image = (
    <img
      src={`/api/admin/drawings/${id}.png`}
      width="150"
      height="150"
      loading="lazy"
      alt={`Drawing ${id}`}
    />
  );
  const stored = new Date(drawing.createdAt);
  const exact = Number.isNaN(stored.getTime()) ? drawing.createdAt : stored.toUTCString();
  return (
    <tr>
      <td>
        {/* A public drawing opens as visitors see it; one off the wall has no page, so its image opens instead. */}
        {drawing.status === "visible" ? (
          <a href={permalinkPath(id)} target="_blank" rel="noopener">
            {image}
            <span className="visually-hidden"> (its page opens in a new tab)</span>
          </a>
        ) : (
          <a href={`/api/admin/drawings/${id}.png`}>{image}</a>
        )}
      </td>
      <td data-label="Stored">
        <When
          iso={drawing.createdAt}
          title={exact}
          text={relativeTime(stored, now, "en") || drawing.createdAt}
        />
      </td>
      <td data-label="Status">{drawing.status}</td>
      <td data-label="Reports">{drawing.reportCount}</td>
      <td data-label="Reactions">{reactionsText(drawing.reactions)}</td>
      <td data-label="Remix of">
        {drawing.remixOf === null ? (
          "—"
        ) : (
          <a href={`/api/admin/drawings/${drawing.remixOf}.png`}>{drawing.remixOf}</a>
        )}
      </td>
      <td data-label="Name">
        <NameCell drawing={drawing} filter={filter} />
      </td>
      <td data-label="Timelapse">
        <TimelapseCell drawing={drawing} filter={filter} />
      </td>
      <td>
        <div className="admin__actions">
          {actionsFor(drawing).map((action) =>
            action === "delete" ? (
              <Confirmed
                key={action}
                summary="Delete"
                question="Delete this drawing for good? It cannot be restored."
              >
                <ActionForm
                  id={id}
                  action="delete"
                  filter={filter}
                  label="Delete for good"
                  className="admin__action admin__action--final"
                />
              </Confirmed>
            ) : (
              <ActionForm
                key={action}
                id={id}
                action={action}
                filter={filter}
                label={labelOf(action, drawing)}
                className="admin__action"
              />
            ),
          )}
        </div>
      </td>
    </tr>
  );
}

const HEADS = [
  "Drawing",
  "Stored",
  "Status",
  "Reports",
  "Reactions",
  "Remix of",
  "Name",
  "Timelapse",
  "Actions",
];

/**
 * The moderation list of the community titled `community`: filter links, one row per drawing with its image
 * (opening its permalink while it is public), status, reports and actions.
 */
export function AdminListPage(props: {
  readonly community: string;
  readonly filter: AdminFilter;
  readonly drawings: readonly AdminDrawing[];
  readonly now: number;
}) {
  const { community, filter, drawings } = props;
  const now = new Date(props.now);
  return (
    <AdminDocument title={`${community} admin: ${filter}`}>
      <AdminHeader community={community} current={filter} />
      <main>
        <h2>{filter} drawings</h2>
        <AdminTable heads={HEADS} empty={drawings.length === 0 && "Nothing to review here."}>
          {drawings.map((drawing) => (
            <Row key={drawing.id} filter={filter} drawing={drawing} now={now} />
          ))}
        </AdminTable>
      </main>
    </AdminDocument>
  );
}
