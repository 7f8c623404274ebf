import { useEffect, useMemo, useState } from "react";
import { type DrawingPost, sharePostText, xIntentUrl } from "../../common/share-text.ts";
import { Icon } from "../page/Icon.tsx";
import { readShareConfig } from "./page-config.ts";
import {
  COPY_IMAGE_REFUSED,
  copyImage,
  type ImageHandOff,
  shareImage,
  shareSheetFirst,
} from "./share-image.ts";
import { absolutePermalink } from "./share-links.ts";
import { type CopyState, useCopy } from "./use-copy.ts";

const COPY_TEXT: Record<CopyState, string> = { idle: "Copy link", copied: "Copied", failed: "Copy failed" };
/** How long "Copied" stays on Copy image before it reads as before. */
const CONFIRMATION_MS = 2000;

/** Props of the actions: the stored drawing, and its PNG under the name a download gives it, when the sheet has it. */
export interface ShareActionsProps {
  readonly id: string;
  readonly png?: Blob | undefined;
  /** `{downloadPrefix}-{milliseconds}.png`, the name the file travels under. */
  readonly fileName: string;
  /** Its name and its prompt's hashtag, which the post carries. */
  readonly about?: DrawingPost;
}

/**
 * What the visitor can do with a stored drawing: hand the picture on and post its link. On a touch screen that
 * shares files the system share sheet (with the PNG) comes first; elsewhere Share on X leads and Copy image puts
 * the PNG on the clipboard, saying what to do instead where the browser refuses.
 */
export function ShareActions({ id, png, fileName, about }: ShareActionsProps) {
  const share = useMemo(readShareConfig, []);
  const permalink = absolutePermalink(id, share.publicBase);
  const postText = sharePostText(share, permalink, about);
  const [copyState, copy] = useCopy();
  const [imageCopy, setImageCopy] = useState<ImageHandOff | "idle">("idle");
  const file = useMemo(
    () => (png ? new File([png], fileName, { type: "image/png" }) : null),
    [png, fileName],
  );
  const sheetFirst = file !== null && shareSheetFirst(file);

  useEffect(() => {
    if (imageCopy !== "done") return;
    const timer = setTimeout(() => setImageCopy("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [imageCopy]);

  return (
    <>
      {sheetFirst ? (
        <button
          type="button"
          className="sheet__action sheet__action--primary"
          onClick={() => void shareImage(file, postText)}
        >
          <Icon name="share" />
          Share image
        </button>
      ) : null}
      <a
        className={`sheet__action${sheetFirst ? "" : " sheet__action--primary"}`}
        href={xIntentUrl(postText)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="send" />
        Share on X<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <button
        type="button"
        className="sheet__action"
        data-permalink={permalink}
        onClick={() => copy(permalink)}
      >
        <Icon name={copyState === "copied" ? "check" : "link"} />
        {COPY_TEXT[copyState]}
      </button>
      {png === undefined || sheetFirst ? null : (
        <button
          type="button"
          className="sheet__action"
          onClick={async () => setImageCopy(await copyImage(png))}
        >
          <Icon name={imageCopy === "done" ? "check" : "copy"} />
          {imageCopy === "done" ? "Image copied" : "Copy image"}
        </button>
      )}
      <span className="visually-hidden" aria-live="polite">
        {copyState === "copied" ? "Link copied" : copyState === "failed" ? "Copy failed" : ""}
        {imageCopy === "done" ? "Image copied" : ""}
      </span>
      {imageCopy === "refused" ? (
        <p className="sheet__notice" role="alert">
          {COPY_IMAGE_REFUSED}
        </p>
      ) : null}
    </>
  );
}
