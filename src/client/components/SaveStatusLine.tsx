import { Suspense, useEffect } from "react";
import { lazyChunk, lazyView } from "../lazy/lazy-chunk.ts";
import { isPublicSave, type SaveStatus, saveStatusText } from "./save-status.ts";

// Sharing is its own chunk (fetched once the tool has settled), so the first load carries only the drawing tool.
const shareChunk = lazyChunk(() => import("../share/ShareActions.tsx"));
const ShareActions = lazyView(shareChunk, (module) => module.ShareActions);

/**
 * The save status: a polite live region with the short sentence, and once saved a link to the stored drawing
 * and ways to share it. The links sit beside the live region, not in it, so a screen reader announces just "Saved".
 * A save waiting for a moderator gets neither: its image answers 404 and a shared link would show nothing.
 */
export function SaveStatusLine({ status }: { readonly status: SaveStatus }) {
  const url = isPublicSave(status) ? (status.url ?? null) : null;
  const id = isPublicSave(status) ? (status.id ?? null) : null;
  useEffect(() => shareChunk.prefetchWhenSettled(), []);
  return (
    <p className="status">
      <span role="status">{saveStatusText(status)}</span>
      {url === null ? null : (
        <>
          {" "}
          <a className="link" href={url} target="_blank" rel="noopener noreferrer">
            View
            <span className="visually-hidden"> the saved drawing (opens in a new tab)</span>
          </a>
        </>
      )}
      {id === null || status.kind !== "saved" ? null : (
        <Suspense fallback={null}>
          <ShareActions id={id} png={status.png} />
        </Suspense>
      )}
    </p>
  );
}
