import { type RefCallback, type RefObject, Suspense, useRef } from "react";
import { SignatureField } from "../credit/SignatureField.tsx";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import type { ToolSlots } from "../tools/ToolControls.tsx";
import type { ToolCommands } from "../tools/tool-commands.ts";
import { BrushSizePicker } from "./BrushSizePicker.tsx";
import { ColourPalette } from "./ColourPalette.tsx";
import { useFocusBackWhenClosed } from "./focus-return.ts";
import { HistoryButtons } from "./HistoryButtons.tsx";
import { Icon } from "./Icon.tsx";
import type { ShortcutsHelpProps } from "./ShortcutsHelp.tsx";
import type { SavedStatus, SaveStatus } from "./save-status.ts";
import { ToolButton } from "./ToolButton.tsx";
import type { HistoryFlags } from "./use-engine-history.ts";
import type { BoardExtrasState } from "./use-keyboard-shortcuts.ts";

/** Everything the panel shows about the board. */
export interface BoardState {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
  readonly style: StrokeStyle;
  /** The tool in use ("brush", "text", …), as the tools report it. */
  readonly tool: string;
  readonly history: HistoryFlags;
  readonly status: SaveStatus;
  readonly save: () => Promise<void>;
  readonly downloadPrefix: string;
  readonly sheet: SavedStatus | null;
}

/** What the lazily loaded tools need from the board besides its state. */
export interface ToolHooks {
  readonly viewportRef: RefObject<HTMLDivElement | null>;
  readonly stageRef: RefObject<HTMLDivElement | null>;
  /** The tools' controls mount once this is true (after the page has settled, or when a key needs them). */
  readonly wanted: boolean;
  readonly commandsRef: RefCallback<ToolCommands | null>;
  readonly onToolChange: (tool: string) => void;
}

/** Props of the panel. */
export interface ToolPanelProps {
  readonly board: BoardState;
  readonly tools: ToolHooks;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  readonly chooseBrush: (eraser: boolean) => void;
  readonly announce: (message: string) => void;
  readonly closeSheet: () => void;
  readonly help: ShortcutsHelpProps;
  /** The board's extras (null until they arrive): Shortcuts, the save status and its sheet come with them. */
  readonly extras: BoardExtrasState["extras"];
}

/**
 * The tool panel, in the order the keyboard's Tab goes through it: Tool (Brush, Eraser and the tools' own
 * buttons), the open tool's options, Colour (the 15, then the custom colour and recent ones), Size, history and
 * Clear, Save and its status, Shortcuts, then View (zoom, under the canvas). Beside the canvas on wide screens,
 * docked under it on phones (board.css). The tools' controls arrive with their chunk into slots that keep their
 * place, so nothing moves when they do.
 */
export function ToolPanel(props: ToolPanelProps) {
  const { board, tools, setStyle, chooseBrush, announce, closeSheet, help, extras } = props;
  const { engine, ready, style, history, status } = board;
  const toolsSlot = useRef<HTMLDivElement>(null);
  const coloursSlot = useRef<HTMLDivElement>(null);
  const viewSlot = useRef<HTMLDivElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  // Opened by Ctrl+S, or by a Save that placed the caption being typed, the sheet has no element to give the
  // focus back to when it closes: Save Image, which opened it, takes it.
  useFocusBackWhenClosed(board.sheet !== null, () => saveButton.current);
  const slots: ToolSlots = { tools: toolsSlot, colours: coloursSlot, view: viewSlot };
  return (
    // The tool in use decides which groups show (panel-options.css): a tool's own options open under the tools, in
    // place of what it does not use.
    <div className="panel" data-tool={board.tool}>
      <fieldset className="panel__group panel__tools">
        <legend className="panel__label">Tool</legend>
        <div className="tools__options">
          <ToolButton
            icon="brush"
            label="Brush"
            aria-pressed={board.tool === "brush" && !style.eraser}
            onClick={() => chooseBrush(false)}
          />
          <ToolButton
            icon="eraser"
            label="Eraser"
            aria-pressed={board.tool === "brush" && style.eraser}
            aria-keyshortcuts="E"
            onClick={() => chooseBrush(!style.eraser)}
          />
          <div ref={toolsSlot} className="panel__slot--tools" />
        </div>
      </fieldset>
      {/* Between the tools and the footer, which stay in view: where the panel cannot grow to hold a tool's
          options and the groups, this scrolls on its own (panel.css). The open tool's options come first. */}
      <div className="panel__body">
        {extras === null || !tools.wanted ? null : (
          <Suspense fallback={null}>
            <extras.ToolControls
              engine={engine}
              ready={ready}
              style={style}
              setStyle={setStyle}
              announce={announce}
              viewportRef={tools.viewportRef}
              stageRef={tools.stageRef}
              commandsRef={tools.commandsRef}
              onToolChange={tools.onToolChange}
              slots={slots}
            />
          </Suspense>
        )}
        <ColourPalette selected={style.colour} onSelect={(colour) => setStyle({ colour, eraser: false })}>
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
        {/* Until the extras arrive, an empty line keeps the status's room (nothing can be saved before). */}
        {extras === null ? <div className="status" /> : <extras.SaveStatusLine status={status} />}
        {/* Under the panel on a desktop (shortcuts.css), the footer's last control. */}
        {extras === null ? null : <extras.ShortcutsHelp open={help.open} onOpenChange={help.onOpenChange} />}
      </div>
      {/* Under the canvas on a desktop, left of the zoom controls (signature.css); after the colours on a phone. */}
      <SignatureField />
      {/* After Save and Shortcuts: the zoom controls sit under the canvas, to their right (tools.css). */}
      <div ref={viewSlot} className="panel__slot--view" />
      {extras === null ? null : (
        <extras.SaveSheetSlot
          saved={board.sheet}
          downloadPrefix={board.downloadPrefix}
          onClose={closeSheet}
        />
      )}
    </div>
  );
}
