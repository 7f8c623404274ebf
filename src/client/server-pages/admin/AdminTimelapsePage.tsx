import { REMOVE_TIMELAPSE } from "../../../common/admin-pages.ts";
import type { TimelapseElementData } from "../../../common/timelapse-element.ts";
import { timelapseProps } from "../PermalinkShareActions.tsx";
import { AdminDocument } from "../ServerDocument.tsx";
import { AdminHeading } from "./AdminFrame.tsx";

/**
 * A moderator's view of a drawing's timelapse: the drawing and its replay (played by the permalink page's
 * script, from the moderators' own addresses, whatever the drawing's status), saying when the replay does not
 * match the stored picture, with Remove timelapse beside it.
 */
export function AdminTimelapsePage(props: {
  readonly community: string;
  readonly id: string;
  readonly timelapse: TimelapseElementData;
  readonly script: string | undefined;
}) {
  const { community, id } = props;
  return (
    <AdminDocument title={`${community} admin: timelapse of ${id}`}>
      <main className="admin-timelapse">
        <AdminHeading community={community} />
        <p>
          <a href="/admin">Back to the list</a>
        </p>
        <h2>Timelapse of drawing {id}</h2>
        <img
          className="permalink__image"
          src={props.timelapse.picture}
          width="600"
          height="600"
          alt={`Drawing ${id}`}
        />
        <div className="permalink__timelapse" data-timelapse="" {...timelapseProps(props.timelapse)} hidden>
          <p data-timelapse-notice="" role="status" />
          <button type="button" className="admin__action" data-action="timelapse">
            Play timelapse
          </button>
        </div>
        <form method="post" action={`/admin/drawings/${id}/${REMOVE_TIMELAPSE}`}>
          <input type="hidden" name="filter" value="newest" />
          <button type="submit" className="admin__action admin__action--danger">
            Remove this timelapse for good
          </button>
        </form>
        {props.script === undefined ? (
          <p role="alert">
            This server has no built page script, so the timelapse cannot play here (run npm run build).
          </p>
        ) : (
          <script type="module" src={props.script} />
        )}
      </main>
    </AdminDocument>
  );
}
