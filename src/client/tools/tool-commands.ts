/** What the board's keyboard shortcuts ask of the tools, once their chunk has loaded. */
import type { ToolName } from "./tool-state.ts";

/** Filled in by ToolControls; null until its chunk is there (a shortcut pressed before then does nothing). */
export interface ToolCommands {
  /** A tool's control pressed: on, or back to the brush. */
  toggle(tool: ToolName): void;
  /** Back to the brush (the eraser was chosen). */
  brush(): void;
  /** Places a caption being typed and a sticker being placed into the drawing: Save keeps what is shown. */
  placeOpen(): Promise<void>;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}
