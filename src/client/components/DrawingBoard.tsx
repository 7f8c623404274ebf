import { Suspense, useEffect, useRef, useState } from "react";
import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR } from "../../common/constants.ts";
import type { StrokeStyle } from "../engine/types.ts";
import { stepBrushSize } from "../keyboard/shortcuts.ts";
import { lazyChunk, lazyView } from "../lazy/lazy-chunk.ts";
import type { ToolCommands } from "../tools/tool-commands.ts";
import { BrushSizePicker } from "./BrushSizePicker.tsx";
import { ColourPalette } from "./ColourPalette.tsx";
import { HistoryButtons } from "./HistoryButtons.tsx";
import { SaveStatusLine } from "./SaveStatusLine.tsx";
import { ShortcutsHelp } from "./ShortcutsHelp.tsx";
import { useDrawingEngine } from "./use-drawing-engine.ts";
import { useEngineHistory } from "./use-engine-history.ts";
import { useKeyboardShortcuts } from "./use-keyboard-shortcuts.ts";
import { type SaveCallback, useSaveImage } from "./use-save-image.ts";

/** Props of the drawing component. */
export interface DrawingBoardProps {
  /** Image drawn mirrored behind the drawing: a path on this origin or an absolute URL. */
  readonly backgroundSrc: string;
  /** Downloads are named `{downloadPrefix}-{milliseconds since epoch}.png`. */
  readonly downloadPrefix: string;
  /**
   * Called with the PNG data URL (and the same PNG as a Blob) after each download; it reports progress to the
   * visible save status, or returns a promise that decides it (see SaveContext).
   */
  readonly onSave?: SaveCallback;
}

/** The meme maker's tools: a chunk of their own, fetched as the board mounts (see ToolControls). */
const ToolControls = lazyView(
  lazyChunk(() => import("../tools/ToolControls.tsx")),
  (module) => module.ToolControls,
  (error) => console.warn("Fanvas: the tools could not be loaded; drawing still works.", error),
);

const INITIAL_STYLE: StrokeStyle = { colour: DEFAULT_COLOUR, width: DEFAULT_BRUSH_SIZE, eraser: false };

/**
 * The spec's drawing component: the 600 x 600 canvas with palette, brush sizes, Eraser, Undo, Redo, Clear
 * and Save Image, plus keyboard shortcuts and their help.
 */
export function DrawingBoard({ backgroundSrc, downloadPrefix, onSave }: DrawingBoardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const { engine, ready } = useDrawingEngine(canvasRef, backgroundSrc);
  const toolCommands = useRef<ToolCommands | null>(null);
  const [style, setStyle] = useState<StrokeStyle>(INITIAL_STYLE);
  const { status, save } = useSaveImage(engine, downloadPrefix, onSave);
  const history = useEngineHistory(engine);
  const [helpOpen, setHelpOpen] = useState(false);
  // Shortcuts change things the visitor may not be looking at; a polite live region says what happened.
  const [announcement, setAnnouncement] = useState("");

  // React owns the tool choices; the engine just follows them (also after it is re-created).
  useEffect(() => {
    engine?.setStyle(style);
  }, [engine, style]);

  function toggleEraser(): void {
    toolCommands.current?.brush();
    setStyle((current) => ({ ...current, eraser: !current.eraser }));
  }

  function stepSize(direction: -1 | 1): void {
    const width = stepBrushSize(style.width, direction);
    setStyle((current) => ({ ...current, width: stepBrushSize(current.width, direction) }));
    setAnnouncement(`Brush size ${width}`);
  }

  useKeyboardShortcuts({
    undo: () => setAnnouncement(engine?.undo() ? "Undone" : "Nothing to undo"),
    redo: () => setAnnouncement(engine?.redo() ? "Redone" : "Nothing to redo"),
    "toggle-eraser": () => {
      toggleEraser();
      setAnnouncement(style.eraser ? "Eraser off" : "Eraser on");
    },
    "brush-smaller": () => stepSize(-1),
    "brush-larger": () => stepSize(1),
    save: () => {
      if (ready) void save();
    },
    "toggle-help": () => setHelpOpen((open) => !open),
    text: () => toolCommands.current?.toggle("text"),
    fill: () => toolCommands.current?.toggle("fill"),
    "pick-colour": () => toolCommands.current?.toggle("pick"),
    "zoom-in": () => toolCommands.current?.zoomIn(),
    "zoom-out": () => toolCommands.current?.zoomOut(),
    "zoom-fit": () => toolCommands.current?.fit(),
  });

  return (
    <section className="board" aria-label="Drawing board">
      <div ref={viewportRef} className="board__viewport">
        <div ref={stageRef} className="board__stage">
          <canvas
            ref={canvasRef}
            className="board__canvas"
            role="img"
            aria-label="Drawing canvas"
            data-ready={ready ? "true" : undefined}
          />
        </div>
      </div>
      <div className="board__tools">
        <ColourPalette
          selected={style.colour}
          onSelect={(colour) => setStyle((current) => ({ ...current, colour, eraser: false }))}
        />
        <Suspense fallback={<div className="tools-placeholder" />}>
          <ToolControls
            engine={engine}
            ready={ready}
            style={style}
            setStyle={(change) => setStyle((current) => ({ ...current, ...change }))}
            announce={setAnnouncement}
            viewportRef={viewportRef}
            stageRef={stageRef}
            commandsRef={toolCommands}
          />
        </Suspense>
        <BrushSizePicker
          selected={style.width}
          onSelect={(width) => setStyle((current) => ({ ...current, width }))}
        />
        <div className="actions">
          <button
            type="button"
            className="button"
            aria-pressed={style.eraser}
            aria-keyshortcuts="E"
            onClick={toggleEraser}
          >
            Eraser
          </button>
          <HistoryButtons
            canUndo={history.canUndo}
            canRedo={history.canRedo}
            onUndo={() => engine?.undo()}
            onRedo={() => engine?.redo()}
          />
          <button type="button" className="button" disabled={!ready} onClick={() => engine?.clear()}>
            Clear
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!ready}
            aria-keyshortcuts="Control+S Meta+S"
            onClick={save}
          >
            Save Image
          </button>
        </div>
        <SaveStatusLine status={status} />
        <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
        <span className="visually-hidden" aria-live="polite">
          {announcement}
        </span>
      </div>
    </section>
  );
}
