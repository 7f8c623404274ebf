import { useId, useRef } from "react";
import { ToolPanelActions } from "../ToolPanelActions.tsx";
import { useRevealInPanel } from "../use-reveal-in-panel.ts";
import { CAPTION_SIZE, type Caption } from "./caption-layout.ts";
import type { CaptionEditing } from "./use-caption.ts";
import "./caption-panel.css";

/**
 * What can be changed while a caption is typed: its size, its outline; its colour is the palette's (the
 * classic white to start). Place caption commits it, Cancel drops it.
 */
export function CaptionPanel({ editing, caption }: { editing: CaptionEditing; caption: Caption }) {
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
      <ToolPanelActions
        place="Place caption"
        onPlace={() => void editing.commit()}
        onCancel={() => editing.cancel()}
      />
      <p id="caption-help" className="tool-panel__help">
        Enter places the caption, Shift+Enter starts a new line, Esc cancels. The palette colours it.
      </p>
    </section>
  );
}
