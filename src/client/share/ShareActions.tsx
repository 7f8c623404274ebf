import { useEffect, useMemo, useState } from "react";
import { copyText } from "../clipboard.ts";
import { readShareConfig } from "./page-config.ts";
import { absolutePermalink, xIntentUrl } from "./share-links.ts";
import "./share.css";

/** How long "Copied" stays before the button reads "Copy link" again. */
const CONFIRMATION_MS = 2000;

type CopyState = "idle" | "copied" | "failed";
const COPY_TEXT: Record<CopyState, string> = { idle: "Copy link", copied: "Copied", failed: "Copy failed" };

/**
 * What the visitor can do with a stored drawing: post it on X, copy its link, and where the browser can share
 * files (phones), hand the PNG itself to the system share sheet.
 */
export function ShareActions({ id, png }: { readonly id: string; readonly png?: Blob | undefined }) {
  const { publicBase, shareText } = useMemo(readShareConfig, []);
  const permalink = absolutePermalink(id, publicBase);
  const [copy, setCopy] = useState<CopyState>("idle");
  const file = useMemo(
    () => (png ? new File([png], `drawing-${id}.png`, { type: "image/png" }) : null),
    [png, id],
  );
  const canShareFile = file !== null && navigator.canShare?.({ files: [file] }) === true;

  useEffect(() => {
    if (copy === "idle") return;
    const timer = setTimeout(() => setCopy("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copy]);

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
    <span className="share">
      <a
        className="share__action"
        href={xIntentUrl(shareText, permalink)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Share on X<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <button
        type="button"
        className="share__action"
        data-permalink={permalink}
        onClick={async () => setCopy((await copyText(permalink)) ? "copied" : "failed")}
      >
        {COPY_TEXT[copy]}
      </button>
      {canShareFile ? (
        <button type="button" className="share__action" onClick={() => void shareFile()}>
          Share
        </button>
      ) : null}
      <span className="visually-hidden" aria-live="polite">
        {copy === "copied" ? "Link copied" : copy === "failed" ? "Copy failed" : ""}
      </span>
    </span>
  );
}
