import type { BrandingConfig } from "../../common/config.ts";
import { GallerySlot } from "../gallery/GallerySlot.tsx";
import type { SaveCallback } from "../save/save-callback.ts";
import { ContractAddress } from "./ContractAddress.tsx";
import { DrawingBoard } from "./DrawingBoard.tsx";

/** An outbound link that opens in a new tab and says so to screen readers. */
function OutboundLink({ href, children }: { readonly href: string; readonly children: string }) {
  return (
    <a className="link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The one screen: branding header above the drawing board, centred on a white page; the community wall below
 * it, outside the centred block, so the wall arriving later never moves the canvas.
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
        <header className="masthead">
          <h1 className="masthead__title">{branding.title}</h1>
          <ContractAddress address={branding.contractAddress} />
          <nav className="masthead__links" aria-label="Community links">
            <OutboundLink href={branding.profileUrl}>Profile</OutboundLink>
            <OutboundLink href={branding.communityUrl}>Community</OutboundLink>
          </nav>
        </header>
        <main>
          <DrawingBoard
            backgroundSrc={branding.mascotImage}
            downloadPrefix={branding.downloadPrefix}
            onSave={onSave}
          />
        </main>
      </div>
      <GallerySlot />
    </>
  );
}
