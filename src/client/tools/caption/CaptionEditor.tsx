import { type CSSProperties, type KeyboardEvent, type PointerEvent, useLayoutEffect, useRef } from "react";
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { keepOnDrawing } from "../../engine/coordinates.ts";
import { attachCaptionField, detachCaptionField } from "../../keyboard/caption-keys.ts";
import { arrowMove } from "../arrow-keys.ts";
import { CAPTION_MARGIN, type FittedCaption, lineRoom } from "./caption-fit.ts";
import { CAPTION_FONT_STACK, captionHeight, isDark, OUTLINE_RATIO } from "./caption-layout.ts";
import type { CaptionEditing } from "./use-caption.ts";
import "./caption-editor.css";

/** The caption's text field (one caption is open at a time): its panel's New line button types into it. */
export const CAPTION_FIELD_ID = "caption-text";

/** Arrow-key steps of the move handle, in drawing pixels (Shift: the larger one). */
const STEP = { small: 4, large: 20 } as const;

/**
 * Room the move handle needs beside a caption, in drawing pixels: its 28 px and gap on the smallest drawing a
 * phone shows (about 350 CSS px for 600 drawing pixels).
 */
const HANDLE_ROOM = 70;

/** Where the move handle goes: left of the caption, else right, else below or above one as wide as the drawing. */
function handleSide(caption: FittedCaption): "left" | "right" | "below" | "above" {
  const halfWidth = caption.width / 2;
  if (caption.x - halfWidth >= HANDLE_ROOM) return "left";
  if (CANVAS_SIZE - caption.x - halfWidth >= HANDLE_ROOM) return "right";
  const bottom = caption.y + captionHeight(caption.lines.length, caption.size);
  return bottom + HANDLE_ROOM <= CANVAS_SIZE ? "below" : "above";
}

/** A length in drawing pixels as CSS: the stage is a size container, 100cqw wide = 600 drawing pixels. */
function drawingLength(pixels: number): string {
  return `${(pixels * 100) / CANVAS_SIZE}cqw`;
}

/**
 * The width of the caption's text field: its widest line with room to spare, so the field's own wrapping
 * never breaks a line the caption keeps whole, and no more than the caption's room, so it breaks where the
 * caption does; the outline besides.
 */
function fieldWidth(caption: FittedCaption): number {
  const outline = caption.outline ? caption.size * OUTLINE_RATIO : 0;
  const slack = caption.size / 4;
  return Math.min(caption.width - outline + slack, lineRoom(caption.size, caption.outline)) + outline;
}

/**
 * The caption being typed, over the drawing where it will land: a real text field (IME, emoji, screen
 * readers) whose letters are see-through, over the caption's lines as they will be painted (wrapped as the
 * drawing's width wraps them: caption-fit.ts), in the caption's face, size and colour, as fitted on the
 * drawing (`caption` is the shown one, so a drag or an arrow key moves what is seen, even where the fit holds
 * it back from an edge). The field's caret and selection show over the lines. Enter places it, Shift+Enter
 * starts a new line, Escape cancels. The handle beside it drags it (or moves it with the arrow keys). Each
 * caption opened mounts a new editor: its field takes the focus, and what was typed before it was there.
 */
export function CaptionEditor({ editing, caption }: { editing: CaptionEditing; caption: FittedCaption }) {
  const field = useRef<HTMLTextAreaElement>(null);
  // Where the pointer was and where it left the caption (as shown, held on the drawing): pointer moves can come
  // faster than renders, so each step goes on from the last one rather than from what was last rendered.
  const drag = useRef<{ pointerId: number; x: number; y: number; at: { x: number; y: number } } | null>(null);

  // Once per caption (the editor is mounted anew for each): the field as it was first rendered. A layout
  // effect, so the field takes the focus and the letters typed early in the same task as it appears: a key
  // pressed between the two would land in a field without them, and its change would then overwrite them (a
  // slow phone lost "FR" of "FRED" typed straight after T).
  const typeEarly = useRef(editing.typeEarly);
  useLayoutEffect(() => {
    const element = field.current;
    if (element === null) return;
    element.focus();
    const typed = attachCaptionField(element);
    if (typed.text !== "") typeEarly.current(typed.text, typed.place);
    return () => detachCaptionField(element);
  }, []);

  const onFieldKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Keys that end a composition (an IME choosing characters) belong to it.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void editing.commit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      editing.cancel();
    }
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = arrowMove(event.key, event.shiftKey ? STEP.large : STEP.small);
    if (move !== null) {
      event.preventDefault();
      editing.change({ place: "free", x: caption.x + move[0], y: caption.y + move[1] });
    } else if (event.key === "Escape") {
      editing.cancel();
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = { x: caption.x, y: caption.y };
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, at };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    const stage = event.currentTarget.closest(".board__stage");
    if (start === null || start.pointerId !== event.pointerId || stage === null) return;
    // The stage's box is the zoomed drawing: its width is 600 drawing pixels at every zoom.
    const scale = CANVAS_SIZE / stage.getBoundingClientRect().width;
    const height = captionHeight(caption.lines.length, caption.size);
    const halfWidth = Math.min(caption.width, CANVAS_SIZE - 2 * CAPTION_MARGIN) / 2;
    const at = {
      x: keepOnDrawing(start.at.x + (event.clientX - start.x) * scale, halfWidth + CAPTION_MARGIN),
      y: keepOnDrawing(start.at.y + height / 2 + (event.clientY - start.y) * scale, height / 2) - height / 2,
    };
    drag.current = { ...start, x: event.clientX, y: event.clientY, at };
    editing.change({ place: "free", ...at });
  };

  const style = {
    left: drawingLength(caption.x),
    top: drawingLength(caption.y),
    width: drawingLength(fieldWidth(caption)),
    height: drawingLength(captionHeight(caption.lines.length, caption.size)),
    "--caption-size": drawingLength(caption.size),
    "--caption-outline": caption.outline ? drawingLength(caption.size * OUTLINE_RATIO) : "0px",
    "--caption-outline-colour": isDark(caption.colour) ? "#ffffff" : "#000000",
    "--caption-colour": caption.colour,
    "--caption-family": CAPTION_FONT_STACK,
  } as CSSProperties;

  return (
    <div className="caption-editor" data-handle={handleSide(caption)} style={style}>
      <button
        type="button"
        className="caption-editor__move"
        aria-label="Move caption"
        title="Drag, or use the arrow keys, to move the caption"
        onKeyDown={onHandleKey}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
      />
      <div className="caption-editor__lines" aria-hidden="true">
        {caption.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line has no identity but its place.
          <div key={index}>{line === "" ? "\u200b" : line}</div>
        ))}
      </div>
      <textarea
        ref={field}
        id={CAPTION_FIELD_ID}
        className="caption-editor__text"
        aria-label="Caption text"
        aria-describedby="caption-help"
        rows={1}
        // A phone's keyboard labels its Enter key for what it does here: place the caption.
        enterKeyHint="done"
        spellCheck={false}
        value={caption.text}
        onChange={(event) => editing.change({ text: event.currentTarget.value })}
        onKeyDown={onFieldKey}
      />
    </div>
  );
}
