import type { ReactNode } from "react";

/**
 * The two buttons that end an edit in a tool's panel (a caption, a sticker): `place` keeps it in the drawing,
 * Cancel drops it. A row of their own, kept together after the tool's settings; `children` (a tool's own
 * button) go between them. Where the row has no room, a button moves to the next line whole (tools.css).
 */
export function ToolPanelActions({
  place,
  onPlace,
  onCancel,
  children,
}: {
  place: string;
  onPlace: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="tool-panel__actions">
      <button type="button" className="button button--primary" onClick={onPlace}>
        {place}
      </button>
      {children}
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
