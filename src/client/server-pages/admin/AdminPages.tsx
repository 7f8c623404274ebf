import { AdminDocument } from "../ServerDocument.tsx";
import { AdminHeading } from "./AdminFrame.tsx";

/** The sign-in form; `problem` says why the last attempt failed, or that admin is off. */
export function LoginPage({
  community,
  problem,
}: {
  readonly community: string;
  readonly problem?: string | undefined;
}) {
  return (
    <AdminDocument title={`${community} admin: sign in`}>
      <main>
        <AdminHeading community={community} />
        {problem === undefined ? null : <p role="alert">{problem}</p>}
        <form method="post" action="/admin/login">
          <label htmlFor="token">Admin token</label>
          <input id="token" name="token" type="password" autoComplete="current-password" required />{" "}
          <button type="submit">Sign in</button>
        </form>
      </main>
    </AdminDocument>
  );
}

/** What the page says when an action cannot be done (a drawing that is not there, a failing store). */
export function ErrorPage({ community, message }: { readonly community: string; readonly message: string }) {
  return (
    <AdminDocument title={`${community} admin: not done`}>
      <main>
        <AdminHeading community={community} />
        <p role="alert">{message}</p>
        <p>
          <a href="/admin">Back to the list</a>
        </p>
      </main>
    </AdminDocument>
  );
}
