import { namePagePath, xProfileUrl } from "../../common/credit.ts";
import type { NamePageData } from "../../common/server-pages.ts";
import { formatDay, ThumbnailLink } from "./PermalinkParts.tsx";
import { DrawYourOwn, ServerDocument } from "./ServerDocument.tsx";

/** "Drawings signed @fred": a grid of their thumbnails linking to their pages, and links to older pages. */
export function NamePage({ data }: { readonly data: NamePageData }) {
  const { name, handle } = data;
  const here = namePagePath(name);
  const older =
    data.nextCursor === null ? undefined : `${here}?before=${encodeURIComponent(data.nextCursor)}`;
  return (
    <ServerDocument
      branding={data.branding}
      title={`Drawings signed ${name} — ${data.branding.title}`}
      head={<meta name="robots" content="noindex" />}
    >
      <main className="permalink name-page">
        <header className="permalink__head">
          <p className="permalink__kicker">{data.branding.title}</p>
          <DrawYourOwn />
        </header>
        <h1 className="permalink__title">
          Drawings signed <span className="name-page__name">{name}</span>
        </h1>
        {handle === undefined ? null : (
          <p>
            <a
              className="name-page__profile"
              href={xProfileUrl(handle)}
              rel="noopener noreferrer nofollow ugc"
              target="_blank"
            >
              {name} on X<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <p className="name-page__claim">
          A name is a claim, not an identity: anyone can sign a drawing with any name here.
        </p>
        <ul className="name-page__grid">
          {data.items.map((item) => (
            <li key={item.id}>
              <ThumbnailLink item={item} size={300} alt={`The drawing from ${formatDay(item.createdAt)}`} />
            </li>
          ))}
        </ul>
        {data.paged || older !== undefined ? (
          <nav className="name-page__pager" aria-label="Pages">
            {data.paged ? <a href={here}>Newest</a> : null}
            {data.paged && older !== undefined ? " " : null}
            {older === undefined ? null : (
              <a href={older} rel="next">
                Older drawings
              </a>
            )}
          </nav>
        ) : null}
      </main>
    </ServerDocument>
  );
}
