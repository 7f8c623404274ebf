import type { ReactNode } from "react";
import { ADMIN_FILTERS, type AdminSection } from "../../../common/admin-pages.ts";

// Server-rendered, no script and no style attribute: the CSP forbids inline code, and plain forms that POST and
// redirect need none. The look is the server pages' stylesheet (src/server/pages/permalink.css and admin.css).

/** The admin's name of the community's page: its branding title, marked as the admin's. */
export function AdminHeading({ community }: { readonly community: string }) {
  return (
    <h1>
      {community} <span className="admin__role">admin</span>
    </h1>
  );
}

const SECTIONS: readonly (readonly [AdminSection, string])[] = [
  ...ADMIN_FILTERS.map((name): [AdminSection, string] => [name, `/admin?filter=${name}`]),
  ["names", "/admin/names"],
  ["prompts", "/admin/prompts"],
  ["rooms", "/admin/rooms"],
];

/** The links to every section, the current one marked. */
function SectionLinks({ current }: { readonly current: AdminSection }) {
  return (
    <>
      {SECTIONS.map(([name, href]) => (
        <li key={name}>
          {name === current ? <strong aria-current="page">{name}</strong> : <a href={href}>{name}</a>}
        </li>
      ))}
    </>
  );
}

/** Sign out, a form that POSTs. */
export function SignOut() {
  return (
    <form method="post" action="/admin/logout">
      <button type="submit">Sign out</button>
    </form>
  );
}

/** The header of every signed-in admin page: the title, Sign out, and the sections' links. */
export function AdminHeader({
  community,
  current,
}: {
  readonly community: string;
  readonly current: AdminSection;
}) {
  return (
    <header>
      <AdminHeading community={community} />
      <SignOut />
      <nav aria-label="Sections">
        <ul>
          <SectionLinks current={current} />
        </ul>
      </nav>
    </header>
  );
}

/** A form's hidden field that brings the moderator back to the list they acted from. */
export function BackTo({ filter }: { readonly filter: string }) {
  return <input type="hidden" name="filter" value={filter} />;
}

/** A destructive action that asks first, with no script: a disclosure holding the real button. */
export function Confirmed({
  summary,
  question,
  children,
}: {
  readonly summary: string;
  readonly question: string;
  readonly children: ReactNode;
}) {
  return (
    <details className="admin__confirm">
      <summary className="admin__action admin__action--danger">{summary}</summary>
      <p>{question}</p>
      {children}
    </details>
  );
}

/** A table with its column heads, or `empty` when it has no rows. */
export function AdminTable({
  heads,
  empty,
  children,
}: {
  readonly heads: readonly string[];
  readonly empty: string | false;
  readonly children: ReactNode;
}) {
  if (empty !== false) return <p>{empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          {heads.map((head) => (
            <th key={head}>{head}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A time with its ISO value, read as `text`. */
export function When({
  iso,
  text,
  title,
}: {
  readonly iso: string;
  readonly text: string;
  readonly title?: string;
}) {
  return (
    <time dateTime={iso} title={title}>
      {text}
    </time>
  );
}
