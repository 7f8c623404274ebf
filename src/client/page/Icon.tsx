/** The names of the symbols in public/icons.svg. */
export type IconName =
  | "brush"
  | "eraser"
  | "undo"
  | "redo"
  | "trash"
  | "download"
  | "keyboard"
  | "copy"
  | "external"
  | "check"
  | "alert"
  | "close"
  | "share"
  | "link"
  | "send"
  | "eye"
  | "more"
  | "flag"
  | "spinner"
  | "text"
  | "sticker"
  | "fill"
  | "pick"
  | "zoom-in"
  | "zoom-out"
  | "fit"
  | "reaction-heart"
  | "reaction-fire"
  | "reaction-lol"
  | "play"
  | "remix";

/** The sprite beside index.html (relative in the static build, which may live under a sub-path). */
const SPRITE = `${import.meta.env.BASE_URL}icons.svg`;

/**
 * One icon from the sprite file, decorative (the control it sits in carries the name). A sprite the browser
 * caches costs the page's first download nothing, unlike icons drawn in the script.
 */
export function Icon({ name }: { readonly name: IconName }) {
  return (
    <svg className="icon" aria-hidden="true" focusable="false">
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
