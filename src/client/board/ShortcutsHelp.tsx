import { Suspense, useId, useRef } from "react";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";
import { Icon } from "../page/Icon.tsx";
import "./shortcuts.css";

// The help itself (list, platform check, focus handling, its styles) is its own chunk, loaded when opened.
const ShortcutsPanel = lazyView(
  lazyChunk(() => import("../keyboard/ShortcutsPanel.tsx")),
  (module) => module.ShortcutsPanel,
);

/** Props of the shortcuts help: open state is owned by the board, since the "?" key toggles it too. */
export interface ShortcutsHelpProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/**
 * The "Shortcuts" button and, while open, the help panel. The button shows only where a keyboard is likely (a
 * device that hovers with a fine pointer, in CSS); "?" opens the help everywhere.
 */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  return (
    <div className="shortcuts">
      <button
        ref={toggleRef}
        type="button"
        className="shortcuts__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-keyshortcuts="?"
        onClick={() => onOpenChange(!open)}
      >
        <Icon name="keyboard" />
        Shortcuts
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShortcutsPanel id={panelId} toggleRef={toggleRef} onClose={() => onOpenChange(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
