/**
 * A drawing's timelapse in a modal dialog over the wall: opened by a card's Timelapse button, it loads the
 * making, checks it against the picture and plays it with its video actions; Escape or Close closes it and
 * focus goes back to the card's button. Framework-free and its own chunk: the wall's first load carries only the
 * button.
 */
import type { GalleryItem } from "../../common/api.ts";
import { DEFAULT_BRANDING } from "../../common/config.ts";
import { drawingImagePath, drawingMakingPath } from "../../common/permalink.ts";
import { sharePostText } from "../../common/share-text.ts";
import { readInjectedBranding } from "../branding/branding.ts";
import { readShareConfig } from "../share/page-config.ts";
import { absolutePermalink } from "../share/share-links.ts";
import { loadTimelapse } from "./load-timelapse.ts";
import { createPlayer, type PlayerHandle } from "./player.ts";
import { videoActions } from "./video-actions.ts";

/** Opens the dialog for `item` (named `name` for screen readers) and plays its timelapse once it is checked. */
export function openTimelapseDialog(item: GalleryItem, name: string): void {
  const branding = readInjectedBranding() ?? DEFAULT_BRANDING;
  const dialog = document.createElement("dialog");
  dialog.className = "timelapse-dialog";
  dialog.setAttribute("aria-label", `Timelapse of ${name}`);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "timelapse-dialog__close";
  close.textContent = "Close";
  const status = document.createElement("p");
  status.className = "timelapse-dialog__status";
  status.setAttribute("role", "status");
  status.textContent = "Loading the timelapse…";
  dialog.append(close, status);
  document.body.append(dialog);
  let player: PlayerHandle | undefined;
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    player?.destroy();
    dialog.remove();
  });
  dialog.showModal();

  const share = readShareConfig();
  void loadTimelapse({
    makingUrl: drawingMakingPath(item.id),
    pictureUrl: drawingImagePath(item.id),
    mascotUrl: branding.mascotImage,
    stickers: (branding.stickers ?? []).map((sticker) => sticker.image),
    drawingUrl: drawingImagePath,
  }).then(
    (loaded) => {
      if (!dialog.open) return;
      if (!loaded.comparison.matches) {
        status.textContent =
          "This drawing's timelapse can't be shown: its replay does not match the picture.";
        return;
      }
      status.textContent = "";
      const extra = videoActions({
        replay: loaded.replay,
        prefix: branding.downloadPrefix,
        style: { title: branding.videoTitle === false ? null : branding.title },
        shareText: sharePostText(share, absolutePermalink(item.id, share.publicBase), { credit: item.name }),
      });
      player = createPlayer(loaded.replay, {
        autoplay: true,
        extra,
        label: `${name}, being made stroke by stroke`,
      });
      dialog.append(player.element);
      player.element.querySelector<HTMLButtonElement>(".timelapse__toggle")?.focus();
    },
    (error: unknown) => {
      console.warn("Fanvas: the timelapse could not be loaded.", error);
      if (dialog.open) status.textContent = "This drawing's timelapse could not be loaded.";
    },
  );
}
