/**
 * The permalink page's share actions, the save sheet's own: Share on X, Copy link, Copy image (or the share
 * sheet with the PNG on touch screens), Download, Remix and Report. Links work without script; the buttons are
 * rendered hidden and shown by the page's script (src/client/permalink), which reads the data-* attributes.
 */
import { type ScriptedShareAction, SHARE_ROOT_CLASS } from "../../common/permalink-share.ts";
import { remixPath } from "../../common/remix.ts";
import { xIntentUrl } from "../../common/share-text.ts";
import { escapeHtml } from "./index-html.ts";

/** The icons' sprite the page's build puts beside index.html. */
const SPRITE = "/icons.svg";

/** What the actions need of the drawing. */
export interface PermalinkShare {
  readonly id: string;
  /** This page's absolute address. */
  readonly permalink: string;
  /** The post's whole text (share-text.ts), link and tags included. */
  readonly postText: string;
  /** The PNG's path on this server. */
  readonly imagePath: string;
  /** `{downloadPrefix}-{milliseconds}.png`, as the drawing page names a download. */
  readonly fileName: string;
}

/** An icon of the page's sprite, decorative (the control it sits in carries the name). */
export function icon(name: string): string {
  return `<svg class="permalink__icon" aria-hidden="true" focusable="false"><use href="${SPRITE}#${name}"></use></svg>`;
}

function scriptedButton(action: ScriptedShareAction, iconName: string, label: string): string {
  return `<button type="button" class="permalink__action" data-action="${action}" hidden>${icon(iconName)}<span>${label}</span></button>`;
}

/** The share element, the Report question it opens, and the line where the script says how an action went. */
export function shareActionsHtml(share: PermalinkShare): string {
  const data = [
    ["drawing", share.id],
    ["permalink", share.permalink],
    ["post", share.postText],
    ["image", share.imagePath],
    ["file-name", share.fileName],
  ]
    .map(([name, value]) => ` data-${name}="${escapeHtml(value ?? "")}"`)
    .join("");
  const actions = [
    scriptedButton("share-image", "share", "Share image"),
    `<a class="permalink__action permalink__action--primary" data-action="x" href="${escapeHtml(xIntentUrl(share.postText))}" target="_blank" rel="noopener noreferrer">${icon("send")}<span>Share on X</span><span class="visually-hidden"> (opens in a new tab)</span></a>`,
    scriptedButton("copy-link", "link", "Copy link"),
    scriptedButton("copy-image", "copy", "Copy image"),
    `<a class="permalink__action" href="${escapeHtml(share.imagePath)}" download="${escapeHtml(share.fileName)}">${icon("download")}<span>Download</span></a>`,
    `<a class="permalink__action" href="${escapeHtml(remixPath(share.id))}">${icon("remix")}<span>Remix it</span></a>`,
    scriptedButton("report", "flag", "Report"),
  ];
  return `        <div class="${SHARE_ROOT_CLASS}"${data}>
          ${actions.join("\n          ")}
        </div>
        <div class="permalink__question" data-report-question hidden>
          <p>Report this drawing to the moderators?</p>
          <button type="button" class="permalink__action permalink__action--danger" data-answer="yes">Yes, report</button>
          <button type="button" class="permalink__action" data-answer="no">Cancel</button>
        </div>
        <p class="permalink__notice" role="status"></p>`;
}
