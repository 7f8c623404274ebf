/** The caption being typed: where it is, how it looks, and committing it into the drawing. */
import { useState } from "react";
import type { DrawingEngine } from "../../engine/drawing-engine.ts";
import type { Point } from "../../engine/types.ts";
import { captionAction } from "./caption-action.ts";
import { type FittedCaption, fitCaption } from "./caption-fit.ts";
import { loadCaptionFont } from "./caption-font.ts";
import {
  CAPTION_LINE_HEIGHT,
  CAPTION_PADDING,
  CAPTION_SIZE,
  type Caption,
  hasText,
} from "./caption-layout.ts";
import { measureCaptionLines } from "./caption-measure.ts";

/** Where a caption opens when Text is chosen with no tap yet: the classic top caption. */
const TOP_CAPTION: Point = { x: 300, y: 60 };

/** The classic meme caption: white, outlined, centred. */
const CLASSIC = { colour: "#ffffff", outline: true, size: CAPTION_SIZE.initial } as const;

/** The caption editor's state and actions. */
export interface CaptionEditing {
  /** The caption as typed and chosen (its size is the slider's). */
  readonly caption: Caption | null;
  /** The same caption as shown and painted: fitted on the drawing (caption-fit.ts). */
  readonly shown: FittedCaption | null;
  /** Opens a caption centred on `point` (its first line), or moves the open one there. */
  placeAt(point?: Point): void;
  /** Opens `caption` as it was (kept from before a reload). */
  resume(caption: Caption): void;
  change(change: Partial<Caption>): void;
  /** Paints the caption into the drawing (one undoable action); an empty caption just closes. */
  commit(): Promise<void>;
  cancel(): void;
}

/** The caption being edited over `engine`'s drawing; opening one starts loading the caption font. */
export function useCaption(
  engine: DrawingEngine | null,
  announce: (message: string) => void,
): CaptionEditing {
  const [caption, setCaption] = useState<Caption | null>(null);
  // The caption is fitted with the face's own widths once it is in: its arrival renders again.
  const [, setFontLoaded] = useState(false);
  const loadFont = () => void loadCaptionFont().then(() => setFontLoaded(true));
  return {
    caption,
    shown: caption === null ? null : fitCaption(caption, measureCaptionLines),
    placeAt(point = TOP_CAPTION) {
      loadFont();
      setCaption((current) => {
        const base = current ?? { text: "", ...CLASSIC, x: 0, y: 0 };
        return { ...base, x: point.x, y: point.y - base.size * (CAPTION_PADDING + CAPTION_LINE_HEIGHT / 2) };
      });
    },
    resume(kept) {
      loadFont();
      setCaption(kept);
    },
    change(change) {
      setCaption((current) => (current === null ? null : { ...current, ...change }));
    },
    async commit() {
      if (caption === null) return;
      setCaption(null);
      if (!hasText(caption) || engine === null) return;
      await loadCaptionFont();
      engine.apply(captionAction(fitCaption(caption, measureCaptionLines)));
      announce("Caption placed");
    },
    cancel() {
      setCaption(null);
    },
  };
}
