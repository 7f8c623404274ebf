/**
 * Download video and Share video under a timelapse: the video is made in this browser (video/), with its
 * progress shown and a Cancel; on a phone whose share sheet takes files, Share video hands it on (a second tap:
 * a share sheet opens only within a tap, and making the video takes longer than one lasts).
 */
import { downloadBlob } from "../save/download.ts";
import type { TimelapseReplay } from "./replay.ts";
import "./player.css";
import type { FrameStyle } from "./video/frames.ts";

/** What the video actions need: the replay, how files are named, and what a shared post says. */
export interface VideoActionsOptions {
  readonly replay: TimelapseReplay;
  readonly prefix: string;
  readonly style: FrameStyle;
  /** The post's text handed to the share sheet with the video (its permalink in it); none without one. */
  readonly shareText?: string | undefined;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text = "",
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  made.textContent = text;
  return made;
}

/** The actions' element, to place under a player or in the save sheet. */
export function videoActions(options: VideoActionsOptions): HTMLElement {
  const root = element("div", "timelapse-video");
  const make = element("button", "timelapse-video__make", "Download video");
  make.type = "button";
  const share = element("button", "timelapse-video__share", "Share video");
  share.type = "button";
  share.hidden = true;
  const progress = element("div", "timelapse-video__progress");
  progress.hidden = true;
  const bar = element("progress", "timelapse-video__bar");
  bar.max = 1;
  bar.value = 0;
  bar.setAttribute("aria-label", "Making the video");
  const label = element("span", "timelapse-video__label");
  const cancel = element("button", "timelapse-video__cancel", "Cancel");
  cancel.type = "button";
  progress.append(bar, label, cancel);
  const status = element("p", "timelapse-video__status");
  status.setAttribute("role", "status");
  root.append(make, share, progress, status);

  let file: File | undefined;
  let running: AbortController | undefined;
  cancel.addEventListener("click", () => running?.abort());
  share.addEventListener("click", async () => {
    if (file === undefined) return;
    try {
      await navigator.share({ files: [file], ...(options.shareText ? { text: options.shareText } : {}) });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError")) {
        status.textContent = "Sharing did not work here; use Download video instead.";
      }
    }
  });
  make.addEventListener("click", async () => {
    if (running !== undefined) return;
    // Made once: a second Download saves the same file again.
    if (file !== undefined) return downloadBlob(file, file.name);
    running = new AbortController();
    const { signal } = running;
    make.disabled = true;
    make.textContent = "Making the video…";
    progress.hidden = false;
    status.textContent = "Making the video…";
    // The sheet and the dialog scroll: what was just asked for comes into view with its Cancel.
    progress.scrollIntoView({ block: "nearest" });
    const shown = (done: number) => {
      bar.value = done;
      label.textContent = `${Math.round(done * 100)}%`;
    };
    shown(0);
    try {
      const { makeVideo, shareSheetTakes } = await import("./video/make-video.ts");
      const made = await makeVideo({ ...options, signal, onProgress: shown });
      file = made.file;
      const kind = made.kind === "mp4" ? "Video" : "GIF (this browser cannot make MP4 videos)";
      if (shareSheetTakes(made.file)) {
        share.hidden = false;
        status.textContent = `${kind} ready: share it, or download it.`;
      } else {
        downloadBlob(made.file, made.file.name);
        status.textContent = `${kind} downloaded: ${made.file.name}`;
      }
    } catch (error) {
      status.textContent =
        error instanceof DOMException && error.name === "AbortError"
          ? "Video cancelled."
          : "The video could not be made in this browser.";
      if (!(error instanceof DOMException)) console.warn("Fanvas: the timelapse video failed", error);
    } finally {
      running = undefined;
      make.disabled = false;
      make.textContent = "Download video";
      progress.hidden = true;
    }
  });
  return root;
}
