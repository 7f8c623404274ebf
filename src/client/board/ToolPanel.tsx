import { type RefObject, Suspense, useRef } from "react";
import { SignatureSlot } from "../credit/CreditSlots.tsx";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";
import { Icon } from "../page/Icon.tsx";
import type { SavedStatus, SaveStatus } from "../save/save-status.ts";
import type { ToolSlots } from "../tools/ToolControls.tsx";
import type { ToolId } from "../tools/tool.ts";
import type { ToolCommands } from "../tools/tool-commands.ts";
import type { Toolbox } from "../tools/use-toolbox.ts";
import { BrushSizePicker } from "./BrushSizePicker.tsx";
import { ColourPalette } from "./ColourPalette.tsx";
import { boardExtras } from "./extras-chunk.ts";
import { useFocusBackWhenClosed } from "./focus-return.ts";
import { HistoryButtons } from "./HistoryButtons.tsx";
import type { ShortcutsHelpProps } from "./ShortcutsHelp.tsx";
import { ToolButton } from "./ToolButton.tsx";
import { ToolButtons } from "./ToolButtons.tsx";
import type { HistoryFlags } from "./use-engine-history.ts";

// What the panel needs once the board is used rather than to paint, each from its feature's code: the tools
// (mounted once the page has settled, or when a tool asks: use-tool-commands.ts), Save's status line and the
// sheet after a save (save/), the Shortcuts button. vite.config.ts gathers the board's extras into one chunk,
// fetched as the board mounts.
const ToolControls = lazyView(
  lazyChunk(() => import("../tools/ToolControls.tsx")),
  (module) => module.ToolControls,
  (error) => console.warn("Fanvas: the tools could not be loaded; drawing still works.", error),
);
const SaveStatusLine = lazyView(boardExtras, (module) => module.SaveStatusLine);
const SaveSheetSlot = lazyView(boardExtras, (module) => module.SaveSheetSlot);
const DrawTogether = lazyView(boardExtras, (module) => module.DrawTogether);
const ShortcutsHelp = lazyView(boardExtras, (module) => module.ShortcutsHelp);

/** Everything the panel shows about the board. */
export interface BoardState {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
  /** The brush as chosen (colour, width). */
  readonly style: StrokeStyle;
  /** The board's tools and the current one. */
  readonly toolbox: Toolbox;
  readonly history: HistoryFlags;
  readonly status: SaveStatus;
  readonly save: () => Promise<void>;
  readonly downloadPrefix: string;
  readonly sheet: SavedStatus | null;
  /** The live room the board is in (its id), or null. */
  readonly room: string | null;
}

/** What the lazily loaded tools need from the board besides its state. */
export interface ToolHooks {
  readonly viewportRef: RefObject<HTMLDivElement | null>;
  readonly stageRef: RefObject<HTMLDivElement | null>;
  /** The tools' controls mount once this is true (after the page has settled, or when a key needs them). */
  readonly wanted: boolean;
  readonly commandsRef: (commands: ToolCommands | null) => void;
  /** A tool's button pressed. */
  readonly press: (tool: ToolId) => void;
}

/** Props of the panel. */
export interface ToolPanelProps {
  readonly board: BoardState;
  readonly tools: ToolHooks;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  readonly announce: (message: string) => void;
  readonly closeSheet: () => void;
  readonly help: ShortcutsHelpProps;
}

/**
 * The tool panel, in the order the keyboard's Tab goes through it: Tool (Brush, Eraser and the tools' own
 * buttons), the open tool's options, Colour (the 15, then the custom colour and recent ones), Size, history and
 * Clear, Save and its status, Shortcuts, then View (zoom, under the canvas). Beside the canvas on wide screens,
 * docked under it on phones (board.css). The tools' controls arrive with their chunk into slots that keep their
 * place, so nothing moves when they do.
 */
export function ToolPanel(props: ToolPanelProps) {
  const { board, tools, setStyle, announce, closeSheet, help } = props;
  const { engine, ready, style, history, status, toolbox } = board;
  const toolButtons = useRef<HTMLDivElement>(null);
  const coloursSlot = useRef<HTMLDivElement>(null);
  const viewSlot = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  // Opened by Ctrl+S, or by a Save that placed the caption being typed, the sheet has no element to give the
  // focus back to when it closes: Save Image, which opened it, takes it.
  useFocusBackWhenClosed(board.sheet !== null, () => saveButton.current);
  const slots: ToolSlots = { tools: toolButtons, colours: coloursSlot, view: viewSlot };
  return (
    // The current tool decides which groups show (panel-options.css): a tool's own options open under the tools,
    // in place of what it does not use (its descriptor's `uses`).
    <div className="panel" data-tool={toolbox.tool.id} data-uses={toolbox.tool.uses.join(" ")}>
      <fieldset className="panel__group panel__tools">
        <legend className="panel__label">Tool</legend>
        <div ref={toolButtons} className="tools__options">
          <ToolButtons tools={toolbox.tools} current={toolbox.tool.id} onPress={tools.press} />
        </div>
      </fieldset>
      {/* Between the tools and the footer, which stay in view: where the panel cannot grow to hold a tool's
          options and the groups, this scrolls on its own (panel.css). The open tool's options come first. */}
      <div className="panel__body">
        {!tools.wanted ? null : (
          <Suspense fallback={null}>
            <ToolControls
              engine={engine}
              ready={ready}
              style={style}
              setStyle={setStyle}
              announce={announce}
              viewportRef={tools.viewportRef}
              stageRef={tools.stageRef}
              toolbox={toolbox}
              commandsRef={tools.commandsRef}
              slots={slots}
            />
          </Suspense>
        )}
        <ColourPalette selected={style.colour} onSelect={(colour) => setStyle({ colour })}>
          <div ref={coloursSlot} className="panel__slot--colours" />
        </ColourPalette>
        <BrushSizePicker brush={style} onSelect={(width) => setStyle({ width })} />
      </div>
      <div className="panel__footer">
        <div className="panel__actions">
          <div className="panel__history">
            <HistoryButtons
              canUndo={history.canUndo}
              canRedo={history.canRedo}
              onUndo={() => engine?.undo()}
              onRedo={() => engine?.redo()}
            />
            <ToolButton
              icon="trash"
              label="Clear"
              className="tool--clear"
              disabled={!ready}
              onClick={() => engine?.clear()}
            />
          </div>
          <button
            ref={saveButton}
            type="button"
            className="save-button"
            disabled={!ready}
            data-busy={status.kind === "saving" ? "true" : undefined}
            aria-keyshortcuts="Control+S Meta+S"
            onClick={board.save}
          >
            <Icon name={status.kind === "saving" ? "spinner" : "download"} />
            Save Image
          </button>
        </div>
        {/* Until the board is ready and the status's code is in, an empty line keeps its room (nothing can be
            saved before). The lazy parts are never rendered by the server, which would leave them unfinished. */}
        {ready ? (
          <Suspense fallback={<div className="status" />}>
            <SaveStatusLine status={status} />
          </Suspense>
        ) : (
          <div className="status" />
        )}
        {/* Kept in its place from the start, as the status line is; not in a live room's page, nor in the static
            build, which has no server to hold a room. */}
        {board.room === null && import.meta.env.MODE !== "static" && (
          <div className="draw-together">
            {ready && (
              <Suspense fallback={null}>
                <DrawTogether disabled={!ready} engine={engine} />
              </Suspense>
            )}
          </div>
        )}
        {/* Under the panel on a desktop (shortcuts.css), the footer's last control. */}
        {ready && (
          <Suspense fallback={null}>
            <ShortcutsHelp open={help.open} onOpenChange={help.onOpenChange} />
          </Suspense>
        )}
      </div>
      {/* Under the canvas on a desktop, left of the zoom controls (signature.css); after the colours on a phone. */}
      <SignatureSlot />
      {/* After Save and Shortcuts: the zoom controls sit under the canvas, to their right (tools.css). */}
      <div ref={viewSlot} className="panel__slot--view" />
      {ready && (
        <Suspense fallback={null}>
          <SaveSheetSlot saved={board.sheet} downloadPrefix={board.downloadPrefix} onClose={closeSheet} />
        </Suspense>
      )}
    </div>
  );
}
