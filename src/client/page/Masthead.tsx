import type { BrandingConfig } from "../../common/config.ts";
import { ContractAddress } from "./ContractAddress.tsx";
import { Icon } from "./Icon.tsx";
import "./pill.css";
import "./masthead.css";

/** An outbound link that opens in a new tab and says so to screen readers. */
function OutboundLink({ href, children }: { readonly href: string; readonly children: string }) {
  return (
    <a className="pill-link masthead__link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <Icon name="external" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The community's name, its contract address and its two links: one compact bar above the drawing tool. */
export function Masthead({ branding }: { readonly branding: BrandingConfig }) {
  return (
    <header className="masthead">
      <div className="masthead__brand">
        <img
          className="masthead__avatar"
          src={branding.faviconImage}
          alt=""
          width={40}
          height={40}
          decoding="async"
          // A small icon: fetched after the board's mascot, which is the first screen's largest paint. The
          // same image as the mascot (the default) is asked for the same way (CORS, as the canvas needs it), so
          // one request and the mascot's preload serve both.
          fetchPriority="low"
          crossOrigin={branding.faviconImage === branding.mascotImage ? "anonymous" : undefined}
        />
        <h1 className="masthead__title">{branding.title}</h1>
      </div>
      <ContractAddress address={branding.contractAddress} />
      <nav className="masthead__links" aria-label="Community links">
        <OutboundLink href={branding.profileUrl}>Profile</OutboundLink>
        <OutboundLink href={branding.communityUrl}>Community</OutboundLink>
      </nav>
    </header>
  );
}
