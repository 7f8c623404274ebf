/** The tools' chunk as the board sees it: mounted once the page has settled, or at once when a tool needs it. */
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { whenPageSettles } from "../lazy/lazy-chunk.ts";
import type { ToolCommands } from "../tools/tool-commands.ts";

/** What the board holds of its tools. */
export interface ToolCommandsHandle {
  /** True once the tools' controls should mount (their chunk is then fetched). */
  readonly wanted: boolean;
  /** Handed to the tools' controls, which fill it with their commands once mounted (and clear it on unmount). */
  readonly attach: (commands: ToolCommands | null) => void;
  /** The tools' commands, or null before they are mounted. */
  readonly current: () => ToolCommands | null;
  /**
   * Runs `command` on the tools: at once when they are in; otherwise they are asked for now and the command
   * runs as soon as they mount, in order, so a shortcut or a tap made while their chunk loads is not lost.
   */
  readonly run: (command: (tools: ToolCommands) => void) => void;
}

/**
 * The tools' code (text, stickers, fill, pick, zoom: a chunk of its own) is not needed to paint or to draw the
 * first stroke, so it mounts once the page has settled, as a transition (React renders it in slices that
 * never hold up a stroke or a click); a tool's button, key or tap before then mounts it at once.
 */
export function useToolCommands(): ToolCommandsHandle {
  const commands = useRef<ToolCommands | null>(null);
  const pending = useRef<((tools: ToolCommands) => void)[]>([]);
  const [wanted, setWanted] = useState(false);

  useEffect(() => whenPageSettles(() => startTransition(() => setWanted(true))), []);

  const attach = useCallback((tools: ToolCommands | null) => {
    commands.current = tools;
    if (tools === null) return;
    for (const command of pending.current.splice(0)) command(tools);
  }, []);

  const run = useCallback((command: (tools: ToolCommands) => void) => {
    if (commands.current !== null) {
      command(commands.current);
      return;
    }
    pending.current.push(command);
    setWanted(true);
  }, []);

  const current = useCallback(() => commands.current, []);
  return { wanted, attach, current, run };
}
