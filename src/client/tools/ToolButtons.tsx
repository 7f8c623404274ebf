import type { ToolName, ToolState } from "./tool-state.ts";

/** The tools' controls: accessible name, shortcut (for aria-keyshortcuts) and the tool. */
const TOOLS: readonly { readonly label: string; readonly keys?: string; readonly tool: ToolName }[] = [
  { label: "Text", keys: "T", tool: "text" },
  { label: "Stickers", tool: "stickers" },
  { label: "Fill", keys: "F", tool: "fill" },
  { label: "Pick colour", keys: "I", tool: "pick" },
];

/** Props of the tool buttons. */
export interface ToolButtonsProps {
  readonly state: ToolState;
  readonly disabled: boolean;
  readonly onToggle: (tool: ToolName) => void;
}

/** Text, Stickers, Fill and Pick colour: toggle buttons, the one in use pressed (the brush when none is). */
export function ToolButtons({ state, disabled, onToggle }: ToolButtonsProps) {
  return (
    <fieldset className="choices tool-buttons">
      <legend className="visually-hidden">Tools</legend>
      {TOOLS.map(({ label, keys, tool }) => (
        <button
          key={tool}
          type="button"
          className="button"
          aria-pressed={state.tool === tool}
          aria-keyshortcuts={keys}
          disabled={disabled}
          onClick={() => onToggle(tool)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
