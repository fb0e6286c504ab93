import { Plus } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminTable, EmptyListNote } from "~/components/admin/admin-table";
import { NoticeMessage, type Notice } from "~/components/admin/notice-message";
import { servicesContext } from "~/context";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { PageId, PAGE_TEXTS } from "~/validation/page";
import type { Route } from "./+types/pages";
import { requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";

export const meta: Route.MetaFunction = () => adminMeta("Pages · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The site's pages (editors and administrators): the live and draft ones, and apart, the deleted ones. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "pages.manage");
  const { pages, site } = args.context.get(servicesContext);
  const [list, { notice, headers }] = await Promise.all([pages.list(), takeNotice(args.request)]);
  const shown = list.map((page) => ({
    id: page.id,
    title: page.title,
    path: `/${page.slug}`,
    builtIn: page.builtIn !== null,
    published: page.status === "published",
    deleted: page.deletedAt !== null,
    changedAt: page.updatedAt.toISOString(),
    changed: formatDateTime(page.updatedAt, site.timeZone),
  }));
  return data({ pages: shown, notice }, { headers });
}

const PageAction = z.object({ intent: z.enum(["delete", "undelete"]), pageId: PageId });

/** Deletes a page an editor added (kept, so it can be brought back), or brings one back as a draft. */
export async function action(args: Route.ActionArgs) {
  await requirePermission(args, "pages.manage");
  const parsed = PageAction.safeParse(Object.fromEntries(await readForm(args.request)));
  const answer = async (notice: Notice, status = 303) =>
    status === 303 ? redirect("/admin/pages", { status, headers: await noticeHeaders(notice) }) : data({ notice }, status);
  if (!parsed.success) return answer({ kind: "error", text: "The request could not be read. Please reload the page." }, 400);
  const { pages } = args.context.get(servicesContext);
  if (parsed.data.intent === "undelete") {
    const outcome = await pages.undelete(parsed.data.pageId);
    return answer(
      outcome === "done" ? { kind: "success", text: PAGE_TEXTS.undeleted } : { kind: "error", text: PAGE_TEXTS.missing },
    );
  }
  const outcome = await pages.remove(parsed.data.pageId);
  if (outcome === "built-in") return answer({ kind: "error", text: PAGE_TEXTS.builtIn });
  return answer(outcome === "done" ? { kind: "success", text: PAGE_TEXTS.deleted } : { kind: "error", text: PAGE_TEXTS.missing });
}

const linkClass = "font-medium text-blue-700 underline dark:text-blue-400";
const buttonClass =
  "rounded-md px-1 font-medium text-red-700 underline hover:text-red-900 dark:text-red-400 dark:hover:text-red-300";

export default function PagesTab({ loaderData, actionData }: Route.ComponentProps) {
  const notice = actionData?.notice ?? loaderData.notice;
  const live = loaderData.pages.filter((page) => !page.deleted);
  const deleted = loaderData.pages.filter((page) => page.deleted);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="pages-heading" className="text-xl font-bold">
            Pages
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            About, the policies and the pages you add, each at its own address. A draft is hidden from readers.
          </p>
        </div>
        <Link
          to="/admin/pages/new"
          className="inline-flex items-center gap-1.5 rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          <Plus aria-hidden className="size-4" />
          New page
        </Link>
      </div>

      <NoticeMessage notice={notice ?? null} />

      <AdminTable
        labelledBy="pages-heading"
        columns={[
          { label: "Title" },
          { label: "Address" },
          { label: "Status" },
          { label: "Last changed", className: "hidden sm:table-cell" },
          { label: "Actions" },
        ]}
      >
        {live.map((page) => (
          <tr key={page.id} className="align-top">
            <th scope="row" className="px-3 py-2 font-medium">
              {page.title}
            </th>
            <td className="px-3 py-2">
              {page.published ? (
                <a href={page.path} className={linkClass}>
                  {page.path}
                </a>
              ) : (
                page.path
              )}
            </td>
            <td className="px-3 py-2">{page.published ? "Published" : "Draft"}</td>
            <td className="hidden px-3 py-2 sm:table-cell">
              <time dateTime={page.changedAt}>{page.changed}</time>
            </td>
            <td className="px-3 py-2">
              <div className="flex flex-wrap gap-x-3 gap-y-1">
                <Link to={`/admin/pages/${page.id}/edit`} aria-label={`Edit ${page.title}`} className={linkClass}>
                  Edit
                </Link>
                <Link to={`/admin/pages/${page.id}/history`} aria-label={`History of ${page.title}`} className={linkClass}>
                  History
                </Link>
                {page.builtIn ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="pageId" value={page.id} />
                    <button type="submit" aria-label={`Delete ${page.title}`} className={buttonClass}>
                      Delete
                    </button>
                  </Form>
                )}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>

      <section aria-labelledby="deleted-pages-heading" className="space-y-3">
        <h3 id="deleted-pages-heading" className="text-lg font-bold">
          Deleted pages
        </h3>
        {deleted.length === 0 ? (
          <EmptyListNote>No deleted pages. A deleted page stays here, with its history, until you bring it back.</EmptyListNote>
        ) : (
          <AdminTable
            labelledBy="deleted-pages-heading"
            columns={[{ label: "Title" }, { label: "Address" }, { label: "Actions" }]}
          >
            {deleted.map((page) => (
              <tr key={page.id}>
                <th scope="row" className="px-3 py-2 font-medium">
                  {page.title}
                </th>
                <td className="px-3 py-2">{page.path}</td>
                <td className="px-3 py-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="undelete" />
                    <input type="hidden" name="pageId" value={page.id} />
                    <button type="submit" aria-label={`Bring back ${page.title}`} className={linkClass}>
                      Bring back
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
