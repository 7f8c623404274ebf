/** The caption being typed: where it is, how it looks, and committing it into the drawing. */
import { useRef, useState } from "react";
import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { Operation } from "../../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../../engine/drawing-engine.ts";
import type { Point } from "../../engine/types.ts";
import { endCaption, expectCaption } from "../../keyboard/caption-keys.ts";
import { type FittedCaption, fitCaption } from "./caption-fit.ts";
import { loadCaptionFont } from "./caption-font.ts";
import {
  CAPTION_LINE_HEIGHT,
  CAPTION_PADDING,
  CAPTION_SIZE,
  type Caption,
  captionHeight,
  hasText,
} from "./caption-layout.ts";
import { measureCaptionText } from "./caption-measure.ts";
import { captionOperation } from "./caption-operation.ts";

/** The classic meme caption: outlined, in the colour chosen (its outline contrasts: caption-layout.ts). */
const CLASSIC = { outline: true, size: CAPTION_SIZE.initial } as const;

/** A caption placed in the drawing, and the rows it covers there, for telling where the next one goes. */
interface PlacedCaption {
  readonly operation: Operation;
  readonly top: number;
  readonly bottom: number;
}

/**
 * Where a new caption opens: the first of top, bottom and middle (then a quarter and three quarters down)
 * that no caption on the picture, or the one about to be placed, covers; the middle when all are.
 */
function nextFreeCaption(colour: string, covered: readonly { top: number; bottom: number }[]): Caption {
  const height = captionHeight(1, CLASSIC.size);
  const centredAt = (fraction: number): Caption => ({
    text: "",
    colour,
    ...CLASSIC,
    place: "free",
    x: CANVAS_SIZE / 2,
    y: CANVAS_SIZE * fraction - height / 2,
  });
  const places: Caption[] = [
    { text: "", colour, ...CLASSIC, place: "top", x: CANVAS_SIZE / 2, y: 0 },
    { text: "", colour, ...CLASSIC, place: "bottom", x: CANVAS_SIZE / 2, y: CANVAS_SIZE - height },
    centredAt(1 / 2),
    centredAt(1 / 4),
    centredAt(3 / 4),
  ];
  const free = places.find(({ y }) => covered.every((box) => box.bottom <= y || box.top >= y + height));
  return free ?? centredAt(1 / 2);
}

/** The caption editor's state and actions. */
export interface CaptionEditing {
  /** The caption as typed and chosen (its size is the slider's). */
  readonly caption: Caption | null;
  /** The same caption as shown and painted: wrapped and fitted on the drawing (caption-fit.ts). */
  readonly shown: FittedCaption | null;
  /** Which caption is open: each new one has its own (its field then takes the focus, and keys typed early). */
  readonly serial: number;
  /** Whether a caption is open with something typed in it. */
  readonly typed: boolean;
  /** Opens a new caption in `colour` at the next free place (top, bottom, middle), placing an open one first. */
  openNext(colour: string): Promise<void>;
  /** Opens a caption in `colour` centred on `point` (its first line), or moves the open one there. */
  placeAt(point: Point, colour: string): void;
  /** Opens `caption` as it was (kept from before a reload). */
  resume(caption: Caption): void;
  change(change: Partial<Caption>): void;
  /** Adds what was typed for the caption before its field was there; `placeNow` (Enter followed it) places it. */
  typeEarly(text: string, placeNow?: boolean): void;
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
  const [serial, setSerial] = useState(0);
  const placed = useRef<PlacedCaption[]>([]);
  // The caption is fitted with the face's own widths once it is in: its arrival renders again.
  const [, setFontLoaded] = useState(false);
  const loadFont = () => void loadCaptionFont().then(() => setFontLoaded(true));
  const open = (next: Caption) => {
    loadFont();
    expectCaption();
    setCaption(next);
    setSerial((current) => current + 1);
  };
  /** Paints `closing` into the drawing, once the face is in, and remembers where it lies. */
  const place = async (closing: Caption): Promise<void> => {
    if (!hasText(closing) || engine === null) return;
    await loadCaptionFont();
    const fitted = fitCaption(closing, measureCaptionText);
    const operation = engine.apply(captionOperation(fitted));
    if (operation === null) return;
    const bottom = fitted.y + captionHeight(fitted.lines.length, fitted.size);
    placed.current = [
      ...placed.current.filter((each) => engine.shows(each.operation)),
      { operation, top: fitted.y, bottom },
    ];
    announce("Caption placed");
  };
  /** Closes the editor and paints `closing`: the caption's end by Enter, in its field or typed before it. */
  const closeAndPlace = (closing: Caption): Promise<void> => {
    setCaption(null);
    endCaption();
    return place(closing);
  };
  const shown = caption === null ? null : fitCaption(caption, measureCaptionText);
  return {
    caption,
    shown,
    serial,
    typed: caption !== null && hasText(caption),
    async openNext(colour) {
      const covered: { top: number; bottom: number }[] = placed.current.filter(
        (each) => engine?.shows(each.operation) === true,
      );
      const closing = caption !== null && shown !== null && hasText(caption) ? shown : null;
      if (closing !== null)
        covered.push({
          top: closing.y,
          bottom: closing.y + captionHeight(closing.lines.length, closing.size),
        });
      open(nextFreeCaption(colour, covered));
      if (closing !== null) await place(closing);
    },
    placeAt(point, colour) {
      const base = caption ?? { text: "", colour, ...CLASSIC, x: 0, y: 0 };
      const moved: Caption = {
        ...base,
        place: "free",
        x: point.x,
        y: point.y - base.size * (CAPTION_PADDING + CAPTION_LINE_HEIGHT / 2),
      };
      if (caption === null) open(moved);
      else setCaption(moved);
    },
    resume(kept) {
      open(kept);
    },
    change(change) {
      setCaption((current) => (current === null ? null : { ...current, ...change }));
    },
    typeEarly(text, placeNow = false) {
      if (!placeNow) {
        setCaption((current) => (current === null ? null : { ...current, text: current.text + text }));
        return;
      }
      if (caption !== null) void closeAndPlace({ ...caption, text: caption.text + text });
    },
    async commit() {
      if (caption !== null) await closeAndPlace(caption);
    },
    cancel() {
      setCaption(null);
      endCaption();
    },
  };
}
