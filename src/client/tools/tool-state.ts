/**
 * Which tool a press on the canvas serves, as one discriminated union and pure transitions (tldraw's tool
 * states, reduced to what Fanvas needs). React keeps the state; the engine only hears "draw" or "tap".
 */
import type { InputMode } from "../engine/types.ts";

/** A tool other than the brush, by the name its control and shortcut use. */
export type ToolName = "text" | "stickers" | "fill" | "pick";

/** The tool in use. */
export type ToolState =
  /** Strokes with the brush (or the eraser, a brush that paints white). */
  | { readonly tool: "brush" }
  /** A tap places a caption to type. */
  | { readonly tool: "text" }
  /** A tap places the chosen sticker (none chosen yet: the panel is open to choose one). */
  | { readonly tool: "stickers"; readonly sticker: string | null }
  /** A tap fills the area under it with the current colour. */
  | { readonly tool: "fill" }
  /** A tap takes the drawing's colour there; then the tool used before comes back. */
  | { readonly tool: "pick"; readonly previous: Exclude<ToolState, { tool: "pick" }> };

/** What a tap on the canvas asks for. */
export type TapIntent =
  | { readonly kind: "caption" }
  | { readonly kind: "sticker"; readonly sticker: string }
  | { readonly kind: "fill" }
  | { readonly kind: "pick" }
  | { readonly kind: "none" };

export const BRUSH: ToolState = { tool: "brush" };

/** Whether presses draw strokes or are taps for a tool. */
export function inputModeOf(state: ToolState): InputMode {
  return state.tool === "brush" ? "draw" : "tap";
}

/** What a tap does with this tool. */
export function tapIntent(state: ToolState): TapIntent {
  switch (state.tool) {
    case "brush":
      return { kind: "none" };
    case "text":
      return { kind: "caption" };
    case "stickers":
      return state.sticker === null ? { kind: "none" } : { kind: "sticker", sticker: state.sticker };
    case "fill":
      return { kind: "fill" };
    case "pick":
      return { kind: "pick" };
  }
}

/** Pressing a tool's control (or its key): on, or back to the brush when it was already on. */
export function toggleTool(state: ToolState, tool: ToolName): ToolState {
  if (state.tool === tool) return state.tool === "pick" ? state.previous : BRUSH;
  switch (tool) {
    case "stickers":
      return { tool, sticker: null };
    case "pick":
      return { tool, previous: state.tool === "pick" ? state.previous : state };
    default:
      return { tool };
  }
}

/** After a colour was picked: the tool in use before Pick colour. */
export function afterPick(state: ToolState): ToolState {
  return state.tool === "pick" ? state.previous : state;
}

/** The sticker chosen in the panel; later taps place it. */
export function chooseSticker(sticker: string): ToolState {
  return { tool: "stickers", sticker };
}
