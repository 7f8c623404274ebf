import { useMemo } from "react";
import { Icon } from "../components/Icon.tsx";
import { readShareConfig } from "./page-config.ts";
import { absolutePermalink, xIntentUrl } from "./share-links.ts";
import { type CopyState, useCopy } from "./use-copy.ts";

const COPY_TEXT: Record<CopyState, string> = { idle: "Copy link", copied: "Copied", failed: "Copy failed" };

/**
 * What the visitor can do with a stored drawing: post it on X, copy its link, and where the browser can share
 * files (phones), hand the PNG itself to the system share sheet. Large actions of the save sheet.
 */
export function ShareActions({ id, png }: { readonly id: string; readonly png?: Blob | undefined }) {
  const { publicBase, shareText } = useMemo(readShareConfig, []);
  const permalink = absolutePermalink(id, publicBase);
  const [copyState, copy] = useCopy();
  const file = useMemo(
    () => (png ? new File([png], `drawing-${id}.png`, { type: "image/png" }) : null),
    [png, id],
  );
  const canShareFile = file !== null && navigator.canShare?.({ files: [file] }) === true;

  async function shareFile(): Promise<void> {
    if (file === null) return;
    try {
      await navigator.share({ files: [file], text: `${shareText} ${permalink}`.trim() });
    } catch (error) {
      // Closing the share sheet is the visitor's choice, not a failure.
      if (!(error instanceof DOMException && error.name === "AbortError"))
        console.warn("Fanvas: sharing failed", error);
    }
  }

  return (
    <>
      <a
        className="sheet__action sheet__action--primary"
        href={xIntentUrl(shareText, permalink)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="send" />
        Share on X<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {canShareFile ? (
        <button type="button" className="sheet__action" onClick={() => void shareFile()}>
          <Icon name="share" />
          Share
        </button>
      ) : null}
      <button
        type="button"
        className="sheet__action"
        data-permalink={permalink}
        onClick={() => copy(permalink)}
      >
        <Icon name={copyState === "copied" ? "check" : "link"} />
        {COPY_TEXT[copyState]}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {copyState === "copied" ? "Link copied" : copyState === "failed" ? "Copy failed" : ""}
      </span>
    </>
  );
}
