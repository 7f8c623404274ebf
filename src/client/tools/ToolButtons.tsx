import type { IconName } from "../components/Icon.tsx";
import { ToolButton } from "../components/ToolButton.tsx";
import type { ToolName, ToolState } from "./tool-state.ts";

/** The tools' controls: accessible name, icon, shortcut (for aria-keyshortcuts) and the tool. */
const TOOLS: readonly { label: string; icon: IconName; keys?: string; tool: ToolName }[] = [
  { label: "Text", icon: "text", keys: "T", tool: "text" },
  { label: "Stickers", icon: "sticker", tool: "stickers" },
  { label: "Fill", icon: "fill", keys: "F", tool: "fill" },
  { label: "Pick colour", icon: "pick", keys: "I", tool: "pick" },
];

/** Props of the tool buttons. */
export interface ToolButtonsProps {
  readonly state: ToolState;
  readonly disabled: boolean;
  readonly onToggle: (tool: ToolName) => void;
}

/**
 * Text, Stickers, Fill and Pick colour: toggle buttons beside Brush and Eraser in the panel's Tool group, the
 * one in use pressed (Brush when none is). Each carries its tool's name (`data-tool`), for the focus to come
 * back to it when what it opened closes.
 */
export function ToolButtons({ state, disabled, onToggle }: ToolButtonsProps) {
  return (
    <>
      {TOOLS.map(({ label, icon, keys, tool }) => (
        <ToolButton
          key={tool}
          icon={icon}
          label={label}
          iconOnly
          aria-pressed={state.tool === tool}
          aria-keyshortcuts={keys}
          data-tool={tool}
          disabled={disabled}
          onClick={() => onToggle(tool)}
        />
      ))}
    </>
  );
}
