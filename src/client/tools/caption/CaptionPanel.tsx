import { useId, useRef } from "react";
import { ToolPanelActions } from "../ToolPanelActions.tsx";
import type { ToolContext } from "../tool.ts";
import { useRevealInPanel } from "../use-reveal-in-panel.ts";
import { CAPTION_FIELD_ID } from "./CaptionEditor.tsx";
import { CAPTION_SIZE, type Caption, type CaptionPlace } from "./caption-layout.ts";
import type { CaptionEditing } from "./use-caption.ts";
import "./caption-panel.css";

/** Shown sizes this much under the slider's are a caption set smaller to fit (not a rounding of the fit). */
const SHRUNK = 0.5;

/**
 * A line break where the caret is in the caption's field, as Shift+Enter types one: a phone's keyboard has
 * no Shift+Enter. The field hears it as typing (an input event), so the caption follows.
 */
function typeNewLine(): void {
  const field = document.getElementById(CAPTION_FIELD_ID);
  if (!(field instanceof HTMLTextAreaElement)) return;
  field.focus();
  field.setRangeText("\n", field.selectionStart, field.selectionEnd, "end");
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** The two places a meme puts its words, as the panel offers them. */
const EDGES: readonly { readonly place: CaptionPlace; readonly label: string }[] = [
  { place: "top", label: "Top text" },
  { place: "bottom", label: "Bottom text" },
];

/** Text's options in the panel (its descriptor's Panel): the caption's while one is open. */
export function CaptionToolPanel({ context }: { readonly context: ToolContext }) {
  const { caption, shown } = context.caption;
  if (caption === null || shown === null) return null;
  return <CaptionPanel editing={context.caption} caption={caption} shown={shown} />;
}

/**
 * What can be changed while a caption is typed: its size, its outline, whether it keeps to the top or the
 * bottom edge (Top text, Bottom text); its colour is the palette's. Place caption commits it, Cancel drops
 * it. `shown` is the caption as fitted on the drawing: when it had to be set smaller, the hint says so. On
 * touch screens a New line button stands in for Shift+Enter.
 */
export function CaptionPanel({
  editing,
  caption,
  shown,
}: {
  editing: CaptionEditing;
  caption: Caption;
  shown: Caption;
}) {
  const sizeId = useId();
  const section = useRef<HTMLElement>(null);
  useRevealInPanel(section, null);
  return (
    <section ref={section} className="tool-panel caption-panel" aria-label="Caption">
      {/* The controls first and the hint last: beside the canvas the hint is what may fall below the panel's edge. */}
      <div className="caption-panel__style">
        <label htmlFor={sizeId}>Size</label>
        <input
          id={sizeId}
          type="range"
          aria-label="Caption size"
          min={CAPTION_SIZE.min}
          max={CAPTION_SIZE.max}
          step={CAPTION_SIZE.step}
          value={caption.size}
          onChange={(event) => editing.change({ size: Number(event.currentTarget.value) })}
        />
        <label className="tool-panel__check">
          <input
            type="checkbox"
            checked={caption.outline}
            onChange={(event) => editing.change({ outline: event.currentTarget.checked })}
          />
          Outline
        </label>
      </div>
      <div className="caption-panel__places">
        {EDGES.map(({ place, label }) => (
          <button
            key={place}
            type="button"
            className="button"
            aria-pressed={caption.place === place}
            // The focus stays in the field: the words typed next are still the caption's.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => editing.change({ place })}
          >
            {label}
          </button>
        ))}
      </div>
      <ToolPanelActions
        place="Place caption"
        onPlace={() => void editing.commit()}
        onCancel={() => editing.cancel()}
      >
        {/* Pressing it leaves the focus in the field, so a phone's keyboard stays open. */}
        <button
          type="button"
          className="button caption-panel__new-line"
          onMouseDown={(event) => event.preventDefault()}
          onClick={typeNewLine}
        >
          New line
        </button>
      </ToolPanelActions>
      <p id="caption-help" className="tool-panel__help">
        {shown.size < caption.size - SHRUNK
          ? "Set smaller so all its lines fit the drawing. Enter places it, Esc cancels."
          : "Enter places the caption, Shift+Enter starts a new line, Esc cancels. The palette colours it."}
      </p>
    </section>
  );
}
