import { ToolButton } from "./ToolButton.tsx";

/** Props of the Undo and Redo buttons: what the engine's history allows and what to do on a press. */
export interface HistoryButtonsProps {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
}

/**
 * Undo and Redo. They are marked aria-disabled rather than disabled when there is nothing to do, so a
 * keyboard user who undoes everything keeps focus on the button instead of being dropped to the page start.
 */
export function HistoryButtons({ canUndo, canRedo, onUndo, onRedo }: HistoryButtonsProps) {
  return (
    <>
      <ToolButton
        icon="undo"
        label="Undo"
        iconOnly
        aria-disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => {
          if (canUndo) onUndo();
        }}
      />
      <ToolButton
        icon="redo"
        label="Redo"
        iconOnly
        aria-disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        onClick={() => {
          if (canRedo) onRedo();
        }}
      />
    </>
  );
}
