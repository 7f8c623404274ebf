/**
 * The tools' code as one lazily loaded part of the board: the current tool's own options (its descriptor's
 * Panel), its hooks (enter, exit, taps: use-tool-hooks.ts), the caption's and the sticker's editors over the
 * drawing, Custom colour and recent colours, and the zoom controls. Their code (and the fill's, the caption
 * font, the stickers) stays out of the page's first bundle; the board reserves their place so nothing moves in.
 */
import {
  type ReactNode,
  type RefObject,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { useFocusBackWhenClosed } from "../board/focus-return.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import { expectCaption } from "../keyboard/caption-keys.ts";
import type { CanvasView } from "../view/canvas-view.ts";
import { useCanvasView } from "../view/use-canvas-view.ts";
import { ViewControls } from "../view/ViewControls.tsx";
import { CustomColour } from "./CustomColour.tsx";
import { CaptionEditor } from "./caption/CaptionEditor.tsx";
import { useCaption } from "./caption/use-caption.ts";
import { useCaptionColour } from "./caption/use-caption-colour.ts";
import { KeyboardPoint } from "./KeyboardPoint.tsx";
import { StickerEditor } from "./stickers/StickerEditor.tsx";
import { useSticker } from "./stickers/use-sticker.ts";
import type { ToolCommands } from "./tool-commands.ts";
import { useEditingBackup } from "./use-editing-backup.ts";
import { useToolHooks } from "./use-tool-hooks.ts";
import { pressTool, type Toolbox } from "./use-toolbox.ts";
import "./tools.css";
import "./stickers/stickers.css";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

/** Matching a sticker kept from before a reload needs the catalogue, which loads with the panel. */
const knownStickerChunk = lazyChunk(() => import("./stickers/known-sticker.ts"));

/** What the board hands its tools. */
export interface ToolControlsProps {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
  /** The brush as the visitor chose it (colour, width). */
  readonly style: StrokeStyle;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  readonly announce: (message: string) => void;
  /** The board's tools and which is current (kept by the board: use-toolbox.ts). */
  readonly toolbox: Toolbox;
  /** The clipping box around the canvas, and the stage inside it that zoom transforms and overlays sit in. */
  readonly viewportRef: RefObject<HTMLDivElement | null>;
  readonly stageRef: RefObject<HTMLDivElement | null>;
  /** Given what the board's buttons, shortcuts and taps call once mounted (null when unmounted). */
  readonly commandsRef: (commands: ToolCommands | null) => void;
  /** Where in the board's panel each group of controls goes. */
  readonly slots: ToolSlots;
}

/** The panel's tool buttons, and its places for the tools' controls: after the palette, and the view group. */
export interface ToolSlots {
  readonly tools: RefObject<HTMLElement | null>;
  readonly colours: RefObject<HTMLElement | null>;
  readonly view: RefObject<HTMLElement | null>;
}

/** The tools' controls; see the file comment. The colour and view groups render into their slots. */
export function ToolControls(props: ToolControlsProps) {
  const { engine, style, toolbox, stageRef, slots } = props;
  // The slots are the panel's elements, there once it has committed: read after this component mounted. A
  // transition, so React renders the controls in slices rather than in one task that would hold up a stroke.
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  const caption = useCaption(engine, props.announce);
  const sticker = useSticker(engine, props.announce);
  const { context, tap, recent, chooseColour } = useToolHooks({ ...props, caption, sticker });
  const latest = useRef({ context, toolbox });
  latest.current = { context, toolbox };
  useCaptionColour(caption, style.colour);
  const { controller, view } = useCanvasView(props.viewportRef, stageRef);
  // A zoom key pressed before the view's own chunk is in acts once it is (no key is lost while chunks load).
  const pendingView = useRef<((view: CanvasView) => void)[]>([]);
  useEffect(() => {
    if (controller !== null) for (const command of pendingView.current.splice(0)) command(controller);
  }, [controller]);
  const currentView = useRef(controller);
  currentView.current = controller;
  const withView = useCallback((command: (view: CanvasView) => void): void => {
    if (currentView.current !== null) command(currentView.current);
    else pendingView.current.push(command);
  }, []);

  // A caption or sticker still open at a reload comes back open, with its tool.
  useEditingBackup(props.ready, caption.caption, sticker.placed, async (edit) => {
    if (edit.kind === "caption") {
      caption.resume(edit.caption);
      toolbox.choose("text");
      return;
    }
    const entry = await knownStickerChunk.load().then(({ knownSticker }) => knownSticker(edit.entry));
    if (entry === null || !(await sticker.resume(entry, edit.placement))) return;
    sticker.arm(entry);
    toolbox.choose("stickers");
  });

  const commands = useMemo<ToolCommands>(
    () => ({
      press: (id) => {
        const { context: now, toolbox: tools } = latest.current;
        // Keys typed from now on are the tool's text, even before its field is there.
        if (id !== tools.state.current && tools.tools.find((tool) => tool.id === id)?.typing) expectCaption();
        pressTool(tools, id, now);
      },
      tap,
      placeOpen: async () => {
        latest.current.context?.sticker.commit();
        await latest.current.context?.caption.commit();
      },
      zoomIn: () => withView((view) => view.zoomIn()),
      zoomOut: () => withView((view) => view.zoomOut()),
      fit: () => withView((view) => view.fit()),
    }),
    [withView, tap],
  );
  // Handed to the board after the tool chosen while this code loaded has entered (useToolHooks' effect runs
  // first), so the presses and taps the board kept meanwhile act on it as they would have.
  const { commandsRef } = props;
  useEffect(() => {
    commandsRef(commands);
    return () => commandsRef(null);
  }, [commandsRef, commands]);

  // A caption placed or cancelled, a sticker placed, the stickers closed, a colour picked with the keyboard's
  // point: the focus goes back to the tool's button.
  const toolButton = (tool: string) => () =>
    slots.tools.current?.querySelector<HTMLElement>(`[data-tool="${tool}"]`) ?? null;
  useFocusBackWhenClosed(caption.caption !== null, toolButton("text"));
  useFocusBackWhenClosed(sticker.placed !== null, toolButton("stickers"));
  useFocusBackWhenClosed(toolbox.state.current === "stickers", toolButton("stickers"));
  useFocusBackWhenClosed(toolbox.state.current === "pick", toolButton("pick"));

  const into = (slot: RefObject<HTMLElement | null>, controls: ReactNode) =>
    mounted && slot.current !== null ? createPortal(controls, slot.current) : null;
  const { Panel, pointAction } = toolbox.tool;
  return (
    <>
      {into(slots.colours, <CustomColour selected={style.colour} recent={recent} onSelect={chooseColour} />)}
      {into(slots.view, <ViewControls controller={controller} view={view} />)}
      {Panel !== undefined && context !== null && (
        <Suspense fallback={null}>
          <Panel context={context} />
        </Suspense>
      )}
      {pointAction !== undefined &&
        stageRef.current !== null &&
        createPortal(<KeyboardPoint action={pointAction} onActivate={tap} />, stageRef.current)}
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
