/** What the board's buttons and shortcuts ask of the tools, once their chunk has loaded. */
import type { Point, StrokeStyle } from "../engine/types.ts";
import type { ToolId } from "./tool.ts";

/** Filled in by ToolControls; null until its chunk is there (the board then queues what is asked). */
export interface ToolCommands {
  /** A tool's button or key pressed (see pressTool). */
  press(tool: ToolId): void;
  /** A tap on the canvas (the engine's, in tap input): what the current tool does there, with `brush`. */
  tap(point: Point, brush: StrokeStyle): void;
  /** Places a caption being typed and a sticker being placed into the drawing: Save keeps what is shown. */
  placeOpen(): Promise<void>;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}
