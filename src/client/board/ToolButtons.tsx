import type { ToolDescriptor, ToolId } from "../tools/tool.ts";
import { ToolButton } from "./ToolButton.tsx";

/** Props of the tools' buttons. */
export interface ToolButtonsProps {
  readonly tools: readonly ToolDescriptor[];
  readonly current: ToolId;
  readonly onPress: (tool: ToolId) => void;
}

/**
 * A toggle button per tool of the list, in its order, the current one pressed: named, drawn and given its key
 * (aria-keyshortcuts) by its descriptor. The first tools show their names; the rest are icons (their names in
 * the tooltip), as the panel's row has room for. Every button takes a press at once, also while the tools' code
 * is still on its way (the board then applies what the tool does when it is in).
 */
export function ToolButtons({ tools, current, onPress }: ToolButtonsProps) {
  return (
    <>
      {tools.map((tool, index) => (
        <ToolButton
          key={tool.id}
          icon={tool.icon}
          label={tool.label}
          iconOnly={index >= LABELLED_TOOLS}
          aria-pressed={tool.id === current}
          aria-keyshortcuts={tool.key}
          data-tool={tool.id}
          onClick={() => onPress(tool.id)}
        />
      ))}
    </>
  );
}

/** How many tools, from the first, show their names beside their icons (Brush and Eraser). */
const LABELLED_TOOLS = 2;
