import type { PageConfig } from "../../common/config.ts";
import { DrawingBoard } from "../board/DrawingBoard.tsx";
import { PromptSlot } from "../credit/CreditSlots.tsx";
import { ServedPrompt } from "../credit/served-prompt.ts";
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
  /** The branding, and the prompt running when the page was served (its banner shows above the canvas). */
  readonly branding: PageConfig;
  /** Stores each saved drawing (the page passes the lazily loaded save pipeline). */
  readonly onSave?: SaveCallback;
}) {
  return (
    <ServedPrompt value={branding.prompt}>
      <div className="page">
        <Masthead branding={branding} />
        <PromptSlot />
        <main className="studio">
          <DrawingBoard
            backgroundSrc={branding.mascotImage}
            downloadPrefix={branding.downloadPrefix}
            onSave={onSave}
          />
        </main>
      </div>
      <WallSlot />
    </ServedPrompt>
  );
}
