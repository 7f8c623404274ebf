import { useEffect } from "react";
import "./wall-notice.css";

/** How long a notice stays: long enough to read two lines, short enough not to linger over the next cards. */
const SHOWN_MS = 6000;

/**
 * What the wall tells the visitor about their own action (a reaction the server refused, a report sent): a
 * small notice fixed at the bottom of the screen, where it is seen wherever the card was on a long wall, and
 * a polite live region, so a screen reader hears it too. It goes after a few seconds (`onDone` empties it, so
 * the same words can come again).
 */
export function WallNotice({ text, onDone }: { readonly text: string; readonly onDone: () => void }) {
  useEffect(() => {
    if (text === "") return;
    const timer = setTimeout(onDone, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [text, onDone]);
  return (
    <p className="wall-notice" aria-live="polite" data-shown={text === "" ? undefined : "true"}>
      {text}
    </p>
  );
}
