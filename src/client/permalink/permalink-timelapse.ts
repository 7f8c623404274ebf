/**
 * The timelapse on a server page (a drawing's permalink, a moderator's view): loaded once the page has settled,
 * checked against the stored picture, then offered. Its own chunk of the permalink page's script, so the page's
 * first script stays small; the player, the painters and the video code come with it.
 */
import type { TimelapseElementData } from "../../common/timelapse-element.ts";
import { type LoadedTimelapse, loadTimelapse, type TimelapseSource } from "../timelapse/load-timelapse.ts";
import { createPlayer } from "../timelapse/player.ts";
import { videoActions } from "../timelapse/video-actions.ts";

function dataOf(root: HTMLElement): TimelapseElementData {
  const data = root.dataset;
  return {
    making: data.making ?? "",
    picture: data.picture ?? "",
    mascot: data.mascot ?? "",
    stickers: data.stickers ?? "[]",
    drawings: data.drawings ?? "",
    prefix: data.prefix ?? "drawing",
    title: data.title ?? "",
    post: data.post ?? "",
    moderator: data.moderator ?? "false",
  };
}

function sourceOf(data: TimelapseElementData): TimelapseSource {
  let stickers: string[] = [];
  try {
    const parsed: unknown = JSON.parse(data.stickers);
    if (Array.isArray(parsed)) stickers = parsed.filter((item): item is string => typeof item === "string");
  } catch {
    stickers = [];
  }
  return {
    makingUrl: data.making,
    pictureUrl: data.picture,
    mascotUrl: data.mascot,
    stickers,
    drawingUrl: (id) => data.drawings.replace("{id}", encodeURIComponent(id)),
  };
}

/**
 * Puts the player where the drawing's picture is, at its size (it ends on that same picture), and the video's
 * actions where Play timelapse was, beside the page's other actions.
 */
function mountInPlaceOf(
  image: HTMLElement | null,
  root: HTMLElement,
  loaded: LoadedTimelapse,
  data: TimelapseElementData,
): void {
  const player = createPlayer(loaded.replay, {
    autoplay: true,
    label: "The drawing being made, stroke by stroke",
  });
  if (image !== null) {
    player.element.classList.add("permalink__player");
    image.replaceWith(player.element);
  } else {
    root.before(player.element);
  }
  root.append(
    videoActions({
      replay: loaded.replay,
      prefix: data.prefix,
      style: { title: data.title === "" ? null : data.title },
      shareText: data.post === "" ? undefined : data.post,
    }),
  );
  player.element.querySelector<HTMLButtonElement>(".timelapse__toggle")?.focus();
}

/**
 * Loads and checks the drawing's timelapse, then shows its Play timelapse button; a making that cannot be
 * loaded or that does not replay to the picture leaves the button hidden (a moderator's view says why and plays
 * it anyway).
 */
export async function offerTimelapse(root: HTMLElement): Promise<void> {
  const data = dataOf(root);
  const moderator = data.moderator === "true";
  const notice = root.querySelector<HTMLElement>("[data-timelapse-notice]");
  let loaded: LoadedTimelapse;
  try {
    loaded = await loadTimelapse(sourceOf(data));
  } catch (error) {
    console.warn("Fanvas: this drawing's timelapse cannot be shown.", error);
    if (notice !== null) notice.textContent = "This drawing's timelapse could not be loaded.";
    return;
  }
  const { matches, differingBlocks } = loaded.comparison;
  if (!matches) {
    console.warn(
      `Fanvas: this drawing's timelapse does not replay to its picture (${differingBlocks} blocks differ); it is not shown.`,
    );
    if (!moderator) return;
    if (notice !== null)
      notice.textContent = `Its replay does not match the stored picture (${differingBlocks} blocks of 4 x 4 pixels differ): the public sees no timelapse.`;
  }
  root.hidden = false;
  root.dataset.ready = matches ? "matches" : "differs";
  const image = document.querySelector<HTMLElement>(".permalink__image");
  const play = root.querySelector<HTMLButtonElement>('[data-action="timelapse"]');
  play?.addEventListener("click", () => {
    play.remove();
    mountInPlaceOf(image, root, loaded, data);
  });
}
