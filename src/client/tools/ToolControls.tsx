/**
 * The meme maker's tools as one lazily loaded part of the board: Custom colour and recent colours, Text,
 * Stickers, Fill, Pick colour, and the zoom controls. Their code (and the fill's, the caption font, the
 * stickers) stays out of the page's first bundle; the board reserves their place so nothing moves in.
 */
import {
  type ReactNode,
  type Ref,
  type RefObject,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { useFocusBackWhenClosed } from "../components/focus-return.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import type { CanvasView } from "../view/canvas-view.ts";
import { useCanvasView } from "../view/use-canvas-view.ts";
import { ViewControls } from "../view/ViewControls.tsx";
import { CustomColour } from "./CustomColour.tsx";
import { CaptionEditor } from "./caption/CaptionEditor.tsx";
import { CaptionPanel } from "./caption/CaptionPanel.tsx";
import { useCaption } from "./caption/use-caption.ts";
import { useCaptionTool } from "./caption/use-caption-tool.ts";
import { KeyboardPoint } from "./KeyboardPoint.tsx";
import type { StickerEntry } from "./stickers/catalogue.ts";
import { StickerEditor } from "./stickers/StickerEditor.tsx";
import { useSticker } from "./stickers/use-sticker.ts";
import { ToolButtons } from "./ToolButtons.tsx";
import type { ToolCommands } from "./tool-commands.ts";
import { BRUSH, chooseSticker } from "./tool-state.ts";
import { useEditingBackup } from "./use-editing-backup.ts";
import { useTools } from "./use-tools.ts";
import "./tools.css";
import "./stickers/stickers.css";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";

/** The sticker panel and its art load when Stickers is first opened. */
const StickerPanel = lazyView(
  lazyChunk(() => import("./stickers/StickerPanel.tsx")),
  (module) => module.StickerPanel,
  (error) => console.warn("Fanvas: the stickers could not be loaded.", error),
);

/** Matching a sticker kept from before a reload needs the catalogue, which loads with the panel. */
const knownStickerChunk = lazyChunk(() => import("./stickers/known-sticker.ts"));

/** The middle of the drawing, where a sticker chosen from the keyboard is placed. */
const MIDDLE = { x: 300, y: 300 };

/** What the board hands its tools. */
export interface ToolControlsProps {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
  readonly style: StrokeStyle;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  readonly announce: (message: string) => void;
  /** The clipping box around the canvas, and the stage inside it that zoom transforms and overlays sit in. */
  readonly viewportRef: RefObject<HTMLDivElement | null>;
  readonly stageRef: RefObject<HTMLDivElement | null>;
  /** What the board's shortcuts call. */
  readonly commandsRef: Ref<ToolCommands>;
  /** Told the tool in use, so the panel's Brush and Eraser show whether they are current. */
  readonly onToolChange: (tool: string) => void;
  /** Where in the board's panel each group of controls goes. */
  readonly slots: ToolSlots;
}

/** The panel's places for the tools' controls: beside Brush and Eraser, after the palette, and the view group. */
export interface ToolSlots {
  readonly tools: RefObject<HTMLElement | null>;
  readonly colours: RefObject<HTMLElement | null>;
  readonly view: RefObject<HTMLElement | null>;
}

/** The tools' controls; see the file comment. Each group renders into its slot of the board's panel. */
export function ToolControls(props: ToolControlsProps) {
  const { engine, ready, style, viewportRef, stageRef, commandsRef, onToolChange, slots } = props;
  // The slots are the panel's elements, there once it has committed: read after this component mounted. A
  // transition, so React renders the controls in slices rather than in one task that would hold up a stroke.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const caption = useCaption(engine, props.announce);
  const sticker = useSticker(engine, props.announce);
  const armedSticker = useRef<StickerEntry | null>(null);
  // The editors of this render, for commands made once (their commits read their own render's state).
  const editors = useRef({ caption, sticker });
  editors.current = { caption, sticker };
  const tools = useTools({
    engine,
    style,
    setStyle: props.setStyle,
    announce: props.announce,
    place: (intent, point) => {
      if (intent.kind === "caption") caption.placeAt(point, style.colour);
      const entry = armedSticker.current;
      if (intent.kind === "sticker" && entry !== null) void sticker.place(entry, point);
    },
  });
  const { controller, view } = useCanvasView(viewportRef, stageRef);
  // A zoom key pressed before the view's own chunk is in acts once it is (no key is lost while chunks load).
  const pendingView = useRef<((view: CanvasView) => void)[]>([]);
  useEffect(() => {
    if (controller !== null) for (const command of pendingView.current.splice(0)) command(controller);
  }, [controller]);
  const withView = useCallback(
    (command: (view: CanvasView) => void): void => {
      if (controller !== null) command(controller);
      else pendingView.current.push(command);
    },
    [controller],
  );

  // A caption or sticker still open at a reload comes back open, with its tool.
  useEditingBackup(ready, caption.caption, sticker.placed, async (edit) => {
    if (edit.kind === "caption") {
      caption.resume(edit.caption);
      tools.setState({ tool: "text" });
      return;
    }
    const entry = await knownStickerChunk.load().then(({ knownSticker }) => knownSticker(edit.entry));
    if (entry === null || !(await sticker.resume(entry, edit.placement))) return;
    armedSticker.current = entry;
    tools.setState(chooseSticker(entry.id));
  });

  // Text opens, places and colours captions; leaving Stickers places the sticker being placed.
  const toggle = useCaptionTool(caption, tools.state.tool, style.colour, tools.toggle);
  const previousTool = useRef(tools.state.tool);
  useEffect(() => {
    const was = previousTool.current;
    previousTool.current = tools.state.tool;
    if (was === "stickers" && tools.state.tool !== "stickers") sticker.commit();
  });

  useImperativeHandle(
    commandsRef,
    () => ({
      toggle,
      brush: () => tools.setState(BRUSH),
      placeOpen: async () => {
        editors.current.sticker.commit();
        await editors.current.caption.commit();
      },
      zoomIn: () => withView((view) => view.zoomIn()),
      zoomOut: () => withView((view) => view.zoomOut()),
      fit: () => withView((view) => view.fit()),
    }),
    [toggle, tools.setState, withView],
  );

  // A caption placed or cancelled, a sticker placed, the stickers closed, a colour picked with the keyboard's
  // point: the focus goes back to the tool.
  const toolButton = (tool: string) => () =>
    slots.tools.current?.querySelector<HTMLElement>(`[data-tool="${tool}"]`) ?? null;
  useFocusBackWhenClosed(caption.caption !== null, toolButton("text"));
  useFocusBackWhenClosed(sticker.placed !== null, toolButton("stickers"));
  useFocusBackWhenClosed(tools.state.tool === "stickers", toolButton("stickers"));
  useFocusBackWhenClosed(tools.state.tool === "pick", toolButton("pick"));

  // The stylesheet shows each tool's cursor over the canvas.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (viewport !== null) viewport.dataset.tool = tools.state.tool;
    onToolChange(tools.state.tool);
  }, [viewportRef, tools.state.tool, onToolChange]);

  const into = (slot: RefObject<HTMLElement | null>, controls: ReactNode) =>
    mounted && slot.current !== null ? createPortal(controls, slot.current) : null;
  return (
    <>
      {into(slots.tools, <ToolButtons state={tools.state} disabled={!ready} onToggle={toggle} />)}
      {into(
        slots.colours,
        <CustomColour selected={style.colour} recent={tools.recent} onSelect={tools.chooseColour} />,
      )}
      {into(slots.view, <ViewControls controller={controller} view={view} />)}
      {caption.caption !== null && caption.shown !== null && (
        <CaptionPanel editing={caption} caption={caption.caption} shown={caption.shown} />
      )}
      {tools.state.tool === "stickers" && (
        <Suspense fallback={null}>
          <StickerPanel
            editing={sticker}
            armed={tools.state.sticker}
            onChoose={(entry, placeNow) => {
              armedSticker.current = entry;
              tools.setState(chooseSticker(entry.id));
              if (placeNow) void sticker.place(entry, MIDDLE);
            }}
            onClose={() => tools.setState(BRUSH)}
          />
        </Suspense>
      )}
      {(tools.state.tool === "fill" || tools.state.tool === "pick") &&
        stageRef.current !== null &&
        createPortal(
          <KeyboardPoint
            action={tools.state.tool === "fill" ? "Fill" : "Pick colour"}
            onActivate={tools.tap}
          />,
          stageRef.current,
        )}
      {sticker.placed !== null &&
        stageRef.current !== null &&
        createPortal(<StickerEditor editing={sticker} placed={sticker.placed} />, stageRef.current)}
      {caption.shown !== null &&
        stageRef.current !== null &&
        createPortal(
          <CaptionEditor key={caption.serial} editing={caption} caption={caption.shown} />,
          stageRef.current,
        )}
    </>
  );
}
