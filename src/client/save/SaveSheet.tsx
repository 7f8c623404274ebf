import { useEffect, useId, useMemo, useRef } from "react";
import { permalinkPath } from "../../common/permalink.ts";
import { type DrawingPost, sharePostText } from "../../common/share-text.ts";
import { SheetClaims } from "../credit/SheetClaims.tsx";
import { useRunningPrompt } from "../credit/use-running-prompt.ts";
import { Icon } from "../page/Icon.tsx";
import { readShareConfig } from "../share/page-config.ts";
import { ShareActions } from "../share/ShareActions.tsx";
import { absolutePermalink } from "../share/share-links.ts";
import { downloadBlob, downloadFileName } from "./download.ts";
import { SheetVideo } from "./SheetVideo.tsx";
import type { SavedStatus } from "./save-status.ts";
import "./save-sheet.css";

/** Props of the sheet: the stored save, how downloads are named, and what closing it does. */
export interface SaveSheetProps {
  readonly saved: SavedStatus;
  readonly downloadPrefix: string;
  readonly onClose: () => void;
}

/** An object URL for the PNG while the sheet shows it, released when it closes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url === undefined ? undefined : URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * The moment of saving: a modal sheet (a bottom sheet on phones) with the drawing and large actions — share
 * it, copy its link, download it again, open its own page. A save waiting for a moderator gets no sharing: its
 * link would show nothing yet. Escape or Close closes it, and the browser puts focus back on Save.
 */
export function SaveSheet({ saved, downloadPrefix, onClose }: SaveSheetProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const image = useObjectUrl(saved.png) ?? saved.url;
  const pending = saved.status === "pending";
  const id = pending ? undefined : saved.id;
  // The name the shared or copied picture travels under, as its download is named.
  const fileName = useMemo(() => downloadFileName(downloadPrefix), [downloadPrefix]);
  const prompt = useRunningPrompt();
  const about: DrawingPost = {
    credit: saved.name,
    promptHashtag: saved.prompt === prompt?.id ? prompt?.hashtag : null,
  };

  useEffect(() => {
    const element = dialog.current;
    if (element !== null && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby={headingId} onClose={onClose}>
      <div className="sheet__content">
        <header className="sheet__head">
          <span className="sheet__badge">
            <Icon name="check" />
          </span>
          <h2 className="sheet__title" id={headingId}>
            {sheetText(saved).heading}
          </h2>
          <button type="button" className="sheet__close" onClick={() => dialog.current?.close()}>
            <Icon name="close" />
            <span className="visually-hidden">Close</span>
          </button>
        </header>
        <p className="sheet__lead">{sheetText(saved).lead}</p>
        <SheetClaims saved={saved} prompt={prompt} />
        {image === undefined ? null : (
          <img className="sheet__image" src={image} alt="Your drawing" width={600} height={600} />
        )}
        <div className="sheet__actions">
          {id === undefined ? null : (
            <ShareActions id={id} png={saved.png} fileName={fileName} about={about} />
          )}
          {id === undefined ? null : (
            <a className="sheet__action" href={permalinkPath(id)} target="_blank" rel="noopener noreferrer">
              <Icon name="eye" />
              View
              <span className="visually-hidden"> your drawing's page (opens in a new tab)</span>
            </a>
          )}
          {saved.png === undefined ? null : <DownloadAgain png={saved.png} downloadPrefix={downloadPrefix} />}
        </div>
        {id === undefined || saved.png === undefined || saved.making === undefined ? null : (
          <SheetVideo making={saved.making} png={saved.png} shareText={postTextOf(id, about)} />
        )}
      </div>
    </dialog>
  );
}

/** The post a shared video of drawing `id` goes with, as Share on X's (its name and prompt's hashtag too). */
function postTextOf(id: string, about: DrawingPost): string {
  const share = readShareConfig();
  return sharePostText(share, absolutePermalink(id, share.publicBase), about);
}

/** What the sheet says: stored now or already, public or waiting for a moderator. */
function sheetText({ status, alreadyStored }: SavedStatus): { heading: string; lead: string } {
  if (status === "pending") {
    return {
      heading: alreadyStored ? "Already saved — waiting for a moderator" : "Saved — waiting for a moderator",
      lead: "It will appear on the community wall once a moderator approves it. Your download is on your device.",
    };
  }
  return alreadyStored
    ? {
        heading: "Already on the wall",
        lead: "This picture is on the wall already, so nothing new was stored. Change anything to save a new drawing.",
      }
    : {
        heading: "Saved to the wall!",
        lead: "Your drawing is on the community wall and on your device. Show it off!",
      };
}

/** Downloads the saved PNG again; offered only when the sheet has the bytes (a button doing nothing is worse). */
function DownloadAgain({ png, downloadPrefix }: { readonly png: Blob; readonly downloadPrefix: string }) {
  return (
    <button
      type="button"
      className="sheet__action"
      onClick={() => downloadBlob(png, downloadFileName(downloadPrefix))}
    >
      <Icon name="download" />
      Download again
    </button>
  );
}
