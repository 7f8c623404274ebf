import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_BRUSH_SIZE, DEFAULT_COLOUR } from "../../common/constants.ts";
import { roomIdOfPath } from "../../common/rooms/room-links.ts";
import type { StrokeStyle } from "../engine/types.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";
import type { SavedStatus } from "../save/save-status.ts";
import { type SaveCallback, useSaveImage } from "../save/use-save-image.ts";
import type { ToolId } from "../tools/tool.ts";
import { toolById } from "../tools/tool-list.ts";
import { pressTool, useToolbox } from "../tools/use-toolbox.ts";
import { boardExtras } from "./extras-chunk.ts";
import { ToolPanel } from "./ToolPanel.tsx";
import { useDrawingEngine } from "./use-drawing-engine.ts";
import { useEngineHistory } from "./use-engine-history.ts";
import { useKeyboardShortcuts } from "./use-keyboard-shortcuts.ts";
import { useToolCommands } from "./use-tool-commands.ts";
import "./board.css";
import "./panel.css";
import "./panel-options.css";
import "./controls.css";

/** The canvas's cursor, the brush previewed where the device hovers (cursor/), with the board's extras. */
const BrushCursorPreview = lazyView(boardExtras, (module) => module.BrushCursorPreview);

/** A live room's bar and session (src/client/rooms/), fetched only on a room's page, beside the engine. */
const roomChunk = lazyChunk(() => import("../rooms/RoomBar.tsx"));
// On a room's page the chunk is fetched as this module runs, not after hydration: its socket then opens while
// the page hydrates and the engine starts (room-early.ts), which is most of a late joiner's wait.
if (typeof window !== "undefined" && roomIdOfPath(window.location.pathname))
  void roomChunk.load().catch(() => undefined);
const RoomBar = lazyView(
  roomChunk,
  (module) => module.RoomBar,
  (error) => console.error("Fanvas: the room could not be loaded; reload the page to join it.", error),
);

/** Props of the drawing component. */
export interface DrawingBoardProps {
  /** Image drawn mirrored behind the drawing: a path on this origin or an absolute URL. */
  readonly backgroundSrc: string;
  /** Downloads are named `{downloadPrefix}-{milliseconds since epoch}.png`. */
  readonly downloadPrefix: string;
  /**
   * Called with the PNG after each download; it reports progress to the visible save status, or returns a
   * promise that decides it (see SaveContext).
   */
  readonly onSave?: SaveCallback | undefined;
}

const ignore = (): void => {};
const expectCaptionOf = (extras: { expectCaption: () => void }): void => extras.expectCaption();

const INITIAL_STYLE: StrokeStyle = { colour: DEFAULT_COLOUR, width: DEFAULT_BRUSH_SIZE, eraser: false };

/**
 * The spec's drawing component: the 600 x 600 canvas and its tool panel (see ToolPanel), keyboard shortcuts
 * and their help, and the sheet shown after a stored save. The mascot image behind the canvas paints the first
 * display before any script has run; the canvas covers it once the engine has painted. The viewport clips the
 * stage, which the view tools zoom and pan.
 */
export function DrawingBoard({ backgroundSrc, downloadPrefix, onSave }: DrawingBoardProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const toolCommands = useToolCommands();
  const { engine, ready: engineReady } = useDrawingEngine(canvasRef, backgroundSrc);
  const toolbox = useToolbox();
  const [brush, setBrush] = useState<StrokeStyle>(INITIAL_STYLE);
  // The brush as the engine draws with it: the eraser is a tool, whose strokes paint the background colour.
  const { eraser = false } = toolbox.tool.stroke ?? {};
  const style = useMemo(() => ({ ...brush, eraser }), [brush, eraser]);
  // Choosing a colour ends erasing, as the spec's eraser says.
  const setStyle = (change: Partial<StrokeStyle>): void => {
    if (change.colour !== undefined) toolbox.endErasing();
    setBrush((current) => ({ ...current, ...change, eraser: false }));
  };
  const { status, save: saveShown } = useSaveImage(engine, downloadPrefix, onSave);
  // A caption still being typed or a sticker still being placed is part of what the visitor sees: placed first.
  const save = async (): Promise<void> => {
    await toolCommands.current()?.placeOpen();
    await saveShown();
  };
  const history = useEngineHistory(engine);
  const [helpOpen, setHelpOpen] = useState(false);
  const [sheet, setSheet] = useState<SavedStatus | null>(null);
  // Shortcuts change things the visitor may not be looking at; a polite live region says what happened.
  const [announcement, setAnnouncement] = useState("");
  // Read after hydration: the server renders one page for / and every room's /r/<id>.
  const [room, setRoom] = useState<string | null>(null);
  useEffect(() => {
    setRoom(roomIdOfPath(window.location.pathname) ?? null);
  }, []);

  // React owns the tool choices; the engine just follows them (also after it is re-created).
  useEffect(() => {
    engine?.setStyle(style);
  }, [engine, style]);
  useEffect(() => {
    engine?.setInputMode(toolbox.tool.input);
  }, [engine, toolbox.tool]);

  /**
   * A tool's button or key: the tools' code decides. Before it is in, the press takes at once (the button shows
   * it, the canvas stops drawing strokes), and a tool acting on taps has its code fetched now: it enters, and the
   * taps made meanwhile act, as soon as the code is there.
   */
  function press(id: ToolId): void {
    const tools = toolCommands.current();
    if (tools !== null) {
      tools.press(id);
      return;
    }
    const tool = toolById(id, toolbox.tools);
    // Keys typed from now on are the caption's, even before its code and field are there.
    if (tool.typing && id !== toolbox.state.current) void boardExtras.load().then(expectCaptionOf, ignore);
    pressTool(toolbox, id, null);
    if (tool.input === "tap") toolCommands.run(ignore);
  }
  // A tap on the canvas goes to the current tool, with the brush as it was at the tap; one made before the
  // tools' code is in waits for it.
  const { run: withTools } = toolCommands;
  const brushNow = useRef(brush);
  brushNow.current = brush;
  useEffect(
    () =>
      engine?.on("tap", ({ point }) => {
        const atTap = brushNow.current;
        withTools((tools) => tools.tap(point, atTap));
      }),
    [engine, withTools],
  );

  // Each stored save opens the sheet once; closing it leaves the chip saying "Saved".
  useEffect(() => {
    if (status.kind === "saved") setSheet(status);
  }, [status]);

  const settled = useKeyboardShortcuts({
    engine,
    style,
    setBrushWidth: (width) => setStyle({ width }),
    tools: toolbox.tools,
    current: toolbox.tool.id,
    pressTool: press,
    announce: setAnnouncement,
    save: () => {
      if (engineReady) void save();
    },
    toggleHelp: () => setHelpOpen((open) => !open),
    withTools,
  });

  // Ready once the first display is painted and the keys work, so nothing the visitor does is lost.
  const ready = engineReady && settled;

  return (
    <section className="board" aria-label="Drawing board" data-room={room === null ? undefined : ""}>
      {room !== null && engine !== null && (
        <Suspense fallback={null}>
          <RoomBar id={room} engine={engine} canvasRef={canvasRef} mascotSrc={backgroundSrc} />
        </Suspense>
      )}
      <div ref={viewportRef} className="board__viewport">
        <div ref={stageRef} className="board__stage">
          {/* The largest thing on the first screen: fetched first, ahead of the page's script. */}
          <img
            className="board__mascot"
            src={backgroundSrc}
            alt=""
            crossOrigin="anonymous"
            fetchPriority="high"
          />
          <canvas
            ref={canvasRef}
            className="board__canvas"
            role="img"
            aria-label="Drawing canvas"
            data-ready={ready ? "true" : undefined}
          />
        </div>
      </div>
      <ToolPanel
        board={{ engine, ready, style: brush, toolbox, history, status, save, downloadPrefix, sheet, room }}
        tools={{
          viewportRef,
          stageRef,
          wanted: toolCommands.wanted,
          commandsRef: toolCommands.attach,
          press,
        }}
        setStyle={setStyle}
        announce={setAnnouncement}
        closeSheet={() => setSheet(null)}
        help={{ open: helpOpen, onOpenChange: setHelpOpen }}
      />
      {ready && (
        <Suspense fallback={null}>
          <BrushCursorPreview canvasRef={canvasRef} style={style} cursor={toolbox.tool.cursor} />
        </Suspense>
      )}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </section>
  );
}
