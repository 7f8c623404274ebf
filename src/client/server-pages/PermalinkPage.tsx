import { CANVAS_SIZE } from "../../common/constants.ts";
import type { PermalinkPageData } from "../../common/server-pages.ts";
import { DrawingClaims, formatDay, PermalinkReactions, Remixes, RemixOf } from "./PermalinkParts.tsx";
import { PermalinkShareActions, PermalinkTimelapse } from "./PermalinkShareActions.tsx";
import { DrawYourOwn, ServerDocument } from "./ServerDocument.tsx";

/**
 * A drawing's permalink page: the community's title and "Draw your own" first, the drawing with its share
 * actions beside it (below it on a phone), its reactions and remixes, and the link card meta that names the
 * drawing. No inline script: its one script is a file of the build.
 */
export function PermalinkPage({ data }: { readonly data: PermalinkPageData }) {
  const { social } = data;
  return (
    <ServerDocument
      branding={data.branding}
      title={data.name}
      head={
        <>
          <link rel="canonical" href={data.pageUrl} />
          {data.metaTags.map(([attribute, key, value]) =>
            attribute === "name" ? (
              <meta key={key} name={key} content={value} />
            ) : (
              <meta key={key} property={key} content={value} />
            ),
          )}
        </>
      }
    >
      <main className="permalink permalink--drawing">
        <header className="permalink__head">
          <h1 className="permalink__title">{data.branding.title}</h1>
          <DrawYourOwn />
        </header>
        <RemixOf social={social} />
        <div className="permalink__body">
          <img
            className="permalink__image"
            src={data.imagePath}
            width={CANVAS_SIZE}
            height={CANVAS_SIZE}
            alt={data.imageAlt}
          />
          <div className="permalink__side">
            <DrawingClaims claims={data.claims} />
            {data.timelapse === undefined ? null : <PermalinkTimelapse data={data.timelapse} />}
            <PermalinkShareActions share={data.share} />
            <div className="permalink__bar">
              <PermalinkReactions social={social} />
              <p className="permalink__meta">
                Drawn <time dateTime={data.createdAt}>{formatDay(data.createdAt)}</time>
              </p>
            </div>
          </div>
        </div>
        <Remixes social={social} />
      </main>
      {data.script === undefined ? null : <script type="module" src={data.script} />}
    </ServerDocument>
  );
}
