/**
 * The permalink page's script (built on its own: vite.config.ts, mode "permalink"). The server's HTML works
 * without it: the drawing, Share on X, Download and Remix are plain links, the reactions read as counts. This
 * brings the rest to life: the reactions (live), Copy link, Copy image (desktops), the share sheet with the PNG
 * (touch screens, offered first), Report, and the drawing's date in the visitor's own words.
 */
import { formatDrawingDate } from "../../common/drawing-date.ts";
import {
  type PermalinkShareData,
  type ScriptedShareAction,
  SHARE_ROOT_SELECTOR,
} from "../../common/permalink-share.ts";
import { TIMELAPSE_SELECTOR } from "../../common/timelapse-element.ts";
import { copyText } from "../share/clipboard.ts";
import { COPY_IMAGE_REFUSED, copyImage, shareImage, shareSheetFirst } from "../share/share-image.ts";
import { wireReactions } from "./permalink-reactions.ts";
import { wireReport } from "./permalink-report.ts";

/** How long "Copied" stays on a button before it reads as before. */
const CONFIRMATION_MS = 2000;

/** Puts every `time[datetime]` of the page in the visitor's locale and time zone. */
function localiseDates(): void {
  for (const time of document.querySelectorAll<HTMLTimeElement>("time[datetime]")) {
    const text = formatDrawingDate(new Date(time.dateTime));
    if (text !== "") time.textContent = text;
  }
}

function readShareData(root: HTMLElement): PermalinkShareData {
  const { drawing, permalink, post, image, fileName } = root.dataset;
  return {
    id: drawing ?? "",
    permalink: permalink ?? location.href,
    postText: post ?? location.href,
    imagePath: image ?? "",
    fileName: fileName ?? "drawing.png",
  };
}

/** Shows `text` on the button for a moment, then its own words again; says it to screen readers too. */
function confirmOn(button: HTMLButtonElement, text: string, say: (text: string) => void): void {
  const label = button.querySelector("span");
  if (label === null) return;
  const own = label.dataset.label ?? label.textContent ?? "";
  label.dataset.label = own;
  label.textContent = text;
  say(`${text}.`);
  setTimeout(() => {
    label.textContent = own;
  }, CONFIRMATION_MS);
}

function wireShareActions(root: HTMLElement): void {
  const data = readShareData(root);
  const notice = root.parentElement?.querySelector<HTMLElement>(".permalink__notice");
  const say = (text: string) => {
    if (notice) notice.textContent = text;
  };
  const button = (action: ScriptedShareAction) =>
    root.querySelector<HTMLButtonElement>(`button[data-action="${action}"]`);
  // The bytes are fetched at once (the image above is in the cache already): the share sheet must open within
  // the tap's moment, and Copy image hands the clipboard a promise of them.
  const png = fetch(data.imagePath).then((answer) => {
    if (!answer.ok) throw new Error(`the drawing answered ${answer.status}`);
    return answer.blob();
  });
  png.catch(() => undefined);

  // What a browser would do with the file is known from its name and type; the bytes are not needed to ask.
  const sheetFirst = shareSheetFirst(new File([], data.fileName, { type: "image/png" }));
  const shown: ScriptedShareAction[] = sheetFirst
    ? ["share-image", "copy-link", "report"]
    : ["copy-link", "copy-image", "report"];
  for (const action of shown) {
    const element = button(action);
    if (element !== null) element.hidden = false;
  }
  if (sheetFirst) {
    // On a touch screen the share sheet leads: the primary look moves to it from Share on X.
    button("share-image")?.classList.add("permalink__action--primary");
    root.querySelector('[data-action="x"]')?.classList.remove("permalink__action--primary");
  }

  // The file is made as soon as the bytes arrive, so a tap hands it over at once: a share sheet opened after
  // anything awaited inside the tap may be refused (Safari keeps the tap's permission only that long).
  let file: File | undefined;
  png.then(
    (blob) => {
      file = new File([blob], data.fileName, { type: "image/png" });
    },
    () => undefined,
  );
  button("share-image")?.addEventListener("click", () => {
    if (file === undefined)
      return say("The picture is still loading; try again in a moment, or use Download.");
    void shareImage(file, data.postText).then((outcome) => {
      if (outcome === "refused") say("Sharing did not work here; use Download, or Share on X.");
    });
  });

  const copyLink = button("copy-link");
  copyLink?.addEventListener("click", async () => {
    if (await copyText(data.permalink)) confirmOn(copyLink, "Copied", say);
    else say("Couldn't copy the link: copy it from the address bar instead.");
  });

  const copyImageButton = button("copy-image");
  copyImageButton?.addEventListener("click", async () => {
    if ((await copyImage(png)) === "done") confirmOn(copyImageButton, "Image copied", say);
    else say(COPY_IMAGE_REFUSED);
  });

  const report = button("report");
  if (report !== null) wireReport(root, report, data.id, say);
}

/**
 * The drawing's timelapse, when the page offers one: its code (player, painters, video) is a chunk of its own,
 * fetched and checked once the page has loaded and settled, so it never delays the drawing or its actions.
 */
function offerTimelapseWhenSettled(root: HTMLElement): void {
  const start = () =>
    void import("./permalink-timelapse.ts")
      .then(({ offerTimelapse }) => offerTimelapse(root))
      .catch((error: unknown) => console.warn("Fanvas: the timelapse could not be loaded.", error));
  const whenIdle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

localiseDates();
const reactionsRoot = document.querySelector<HTMLElement>(".reactions[data-drawing]");
if (reactionsRoot !== null) wireReactions(reactionsRoot);
const shareRoot = document.querySelector<HTMLElement>(SHARE_ROOT_SELECTOR);
if (shareRoot !== null) wireShareActions(shareRoot);
const timelapseRoot = document.querySelector<HTMLElement>(TIMELAPSE_SELECTOR);
if (timelapseRoot !== null) offerTimelapseWhenSettled(timelapseRoot);
