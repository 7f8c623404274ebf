import type { ServerPage } from "../../common/server-pages.ts";
import { AdminListPage } from "./admin/AdminListPage.tsx";
import { ErrorPage, LoginPage } from "./admin/AdminPages.tsx";
import { AdminNamesPage, AdminPromptsPage, AdminRoomsPage } from "./admin/AdminSectionPages.tsx";
import { AdminTimelapsePage } from "./admin/AdminTimelapsePage.tsx";
import { NamePage } from "./NamePage.tsx";
import { NoticePage } from "./NoticePage.tsx";
import { PermalinkPage } from "./PermalinkPage.tsx";

/** The document of one of the server's pages. */
export function ServerPageView({ page }: { readonly page: ServerPage }) {
  switch (page.kind) {
    case "permalink":
      return <PermalinkPage data={page.data} />;
    case "notice":
      return <NoticePage data={page.data} />;
    case "name":
      return <NamePage data={page.data} />;
    case "admin-login":
      return <LoginPage community={page.community} problem={page.problem} />;
    case "admin-error":
      return <ErrorPage community={page.community} message={page.message} />;
    case "admin-list":
      return <AdminListPage {...page} />;
    case "admin-names":
      return <AdminNamesPage {...page} />;
    case "admin-prompts":
      return <AdminPromptsPage {...page} />;
    case "admin-rooms":
      return <AdminRoomsPage {...page} />;
    case "admin-timelapse":
      return <AdminTimelapsePage {...page} />;
  }
}
