/** Which tool is current: kept in one place, the board's, as React state. */
import { useCallback, useMemo, useState } from "react";
import type { ToolContext, ToolDescriptor, ToolId } from "./tool.ts";
import { DEFAULT_TOOL, TOOLS, toolById } from "./tool-list.ts";

/** The current tool and the one before it (Pick colour goes back to it). */
export interface ToolboxState {
  readonly current: ToolId;
  readonly previous: ToolId;
}

/** The board's tools. */
export interface Toolbox {
  readonly tools: readonly ToolDescriptor[];
  readonly state: ToolboxState;
  /** The current tool's descriptor. */
  readonly tool: ToolDescriptor;
  /** Makes `id` the current tool (nothing when it is already). */
  readonly choose: (id: ToolId) => void;
  /**
   * A colour was chosen: it ends erasing (the spec's eraser), so an erasing tool current by then (after any
   * choice made before in the same task) gives way to the default tool.
   */
  readonly endErasing: () => void;
}

/**
 * A tool's button or key pressed: it becomes current; pressed while current, it does what it does then (its
 * `pressAgain`, when there is a context to do it with), or the default tool comes back.
 */
export function pressTool(toolbox: Toolbox, id: ToolId, context: ToolContext | null): void {
  if (id !== toolbox.state.current) {
    toolbox.choose(id);
    return;
  }
  const handled = context !== null && toolById(id, toolbox.tools).pressAgain?.(context) === true;
  if (!handled) toolbox.choose(DEFAULT_TOOL.id);
}

/** The board's tools, the default one current at first. */
export function useToolbox(tools: readonly ToolDescriptor[] = TOOLS): Toolbox {
  const [state, setState] = useState<ToolboxState>({ current: DEFAULT_TOOL.id, previous: DEFAULT_TOOL.id });
  const choose = useCallback(
    (id: ToolId) => setState((now) => (now.current === id ? now : { current: id, previous: now.current })),
    [],
  );
  const endErasing = useCallback(
    () =>
      setState((now) =>
        toolById(now.current, tools).stroke?.eraser === true
          ? { current: DEFAULT_TOOL.id, previous: now.current }
          : now,
      ),
    [tools],
  );
  return useMemo(
    () => ({ tools, state, tool: toolById(state.current, tools), choose, endErasing }),
    [tools, state, choose, endErasing],
  );
}
