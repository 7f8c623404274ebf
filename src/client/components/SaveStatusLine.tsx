import { type SaveStatus, saveStatusText } from "./save-status.ts";

/**
 * The save status: a polite live region with the short sentence, and once saved a link to the stored drawing.
 * The link sits beside the live region, not in it, so a screen reader announces just "Saved".
 */
export function SaveStatusLine({ status }: { readonly status: SaveStatus }) {
  const url = status.kind === "saved" ? (status.url ?? null) : null;
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
    </p>
  );
}
