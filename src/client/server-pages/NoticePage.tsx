import type { NoticePageData } from "../../common/server-pages.ts";
import { DrawYourOwn, ServerDocument } from "./ServerDocument.tsx";

/** A page that only says something (a drawing not found, a dead link, a failure), kept out of search results. */
export function NoticePage({ data }: { readonly data: NoticePageData }) {
  return (
    <ServerDocument
      branding={data.branding}
      title={`${data.heading} — ${data.branding.title}`}
      head={<meta name="robots" content="noindex" />}
    >
      <main className="permalink">
        <h1 className="permalink__title">{data.heading}</h1>
        <p>{data.text}</p>
        <p>
          <DrawYourOwn />
        </p>
      </main>
    </ServerDocument>
  );
}
