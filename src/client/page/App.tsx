import type { BrandingConfig } from "../../common/config.ts";
import { DrawingBoard } from "../board/DrawingBoard.tsx";
import type { SaveCallback } from "../save/save-callback.ts";
import { WallSlot } from "../wall/WallSlot.tsx";
import { Masthead } from "./Masthead.tsx";

/**
 * The one screen: a compact bar with the community's name above the drawing tool (panel beside the canvas on
 * wide screens, docked under it on phones), and the community wall below, outside the first screen, so the
 * wall arriving later never moves the canvas. Rendered on the server too (same tree), then hydrated.
 */
export function App({
  branding,
  onSave,
}: {
  readonly branding: BrandingConfig;
  /** Stores each saved drawing (the page passes the lazily loaded save pipeline). */
  readonly onSave?: SaveCallback;
}) {
  return (
    <>
      <div className="page">
        <Masthead branding={branding} />
        <main className="studio">
          <DrawingBoard
            backgroundSrc={branding.mascotImage}
            downloadPrefix={branding.downloadPrefix}
            onSave={onSave}
          />
        </main>
      </div>
      <WallSlot />
    </>
  );
}
