/**
 * The permalink page's share actions, the save sheet's own: Share on X, Copy link, Copy image (or the share
 * sheet with the PNG on touch screens), Download, Remix and Report. Links work without script; the buttons are
 * rendered hidden and shown by the page's script (src/client/permalink), which reads the data-* attributes.
 */
import { type ScriptedShareAction, SHARE_ROOT_CLASS } from "../../common/permalink-share.ts";
import { remixPath } from "../../common/remix.ts";
import type { PermalinkShare } from "../../common/server-pages.ts";
import { xIntentUrl } from "../../common/share-text.ts";
import type { TimelapseElementData } from "../../common/timelapse-element.ts";
import { SpriteIcon } from "./PermalinkParts.tsx";

function ActionIcon({ name }: { readonly name: string }) {
  return <SpriteIcon name={name} className="permalink__icon" />;
}

function ScriptedButton(props: { action: ScriptedShareAction; icon: string; label: string }) {
  return (
    <button type="button" className="permalink__action" data-action={props.action} hidden>
      <ActionIcon name={props.icon} />
      <span>{props.label}</span>
    </button>
  );
}

/** The share element, the Report question it opens, and the line where the script says how an action went. */
export function PermalinkShareActions({ share }: { readonly share: PermalinkShare }) {
  return (
    <>
      <div
        className={SHARE_ROOT_CLASS}
        data-drawing={share.id}
        data-permalink={share.permalink}
        data-post={share.postText}
        data-image={share.imagePath}
        data-file-name={share.fileName}
      >
        <ScriptedButton action="share-image" icon="share" label="Share image" />
        <a
          className="permalink__action permalink__action--primary"
          data-action="x"
          href={xIntentUrl(share.postText)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ActionIcon name="send" />
          <span>Share on X</span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <ScriptedButton action="copy-link" icon="link" label="Copy link" />
        <ScriptedButton action="copy-image" icon="copy" label="Copy image" />
        <a className="permalink__action" href={share.imagePath} download={share.fileName}>
          <ActionIcon name="download" />
          <span>Download</span>
        </a>
        <a className="permalink__action" href={remixPath(share.id)}>
          <ActionIcon name="remix" />
          <span>Remix it</span>
        </a>
        <ScriptedButton action="report" icon="flag" label="Report" />
      </div>
      <div className="permalink__question" data-report-question hidden>
        <p>Report this drawing to the moderators?</p>
        <button type="button" className="permalink__action permalink__action--danger" data-answer="yes">
          Yes, report
        </button>
        <button type="button" className="permalink__action" data-answer="no">
          Cancel
        </button>
      </div>
      <p className="permalink__notice" role="status" />
    </>
  );
}

/** The element's data as data-* attributes (TimelapseElementData's fields, in kebab case, are single words). */
export function timelapseProps(data: TimelapseElementData): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value]));
}

/**
 * The hidden Play timelapse button of a drawing that has a making: the script (src/client/permalink) replays it,
 * compares its end with the PNG and shows the button only when they match, so no page offers a broken control.
 */
export function PermalinkTimelapse({ data }: { readonly data: TimelapseElementData }) {
  return (
    <div className="permalink__timelapse" data-timelapse="" {...timelapseProps(data)} hidden>
      <button type="button" className="permalink__action" data-action="timelapse">
        <ActionIcon name="play" />
        <span>Play timelapse</span>
      </button>
    </div>
  );
}
