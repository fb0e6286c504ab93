import { data, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import { ArticleFilters } from "~/components/admin/article-filters";
import { ArticleStatsCards } from "~/components/admin/article-stats";
import { ArticleTable } from "~/components/admin/article-table";
import { NoticeMessage } from "~/components/admin/notice-message";
import { SessionBanner } from "~/components/admin/session-banner";
import { servicesContext } from "~/context";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ARTICLE_ACTION_TEXTS, ArticleActionInput } from "~/validation/article";
import { parseArticleListQuery } from "~/validation/article-list";
import type { Route } from "./+types/articles";
import { requireAdmin } from "./guard.server";
import type { loader as layoutLoader } from "./layout";
import { listAddress } from "./article-editing.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";

export const meta: Route.MetaFunction = () => adminMeta("Article Management · Admin");

/** The loader clears the one-time notice with a cookie header, which a document request only sends with this. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => merged.append(key, value));
  return merged;
};

/** The stats, and one page of the table with the search and filters of the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { editorial } = args.context.get(servicesContext);
  const query = parseArticleListQuery(new URL(args.request.url).searchParams);
  const [stats, list, { notice, headers }] = await Promise.all([
    editorial.stats(),
    editorial.list(query),
    takeNotice(args.request),
  ]);
  return data({ stats, list, query: { ...query, page: list.page }, notice }, { headers });
}

/**
 * Publish, unpublish or delete one article (the confirmed row actions), then back to the same list
 * with a one-time notice: the spec's success text, or its failure text with the reason.
 */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const { editorial, logger } = args.context.get(servicesContext);
  const back = listAddress(args.request);
  const parsed = ArticleActionInput.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) throw data("Unknown article action.", 400);
  const { intent, id } = parsed.data;
  const texts = ARTICLE_ACTION_TEXTS[intent];

  let notice: Notice;
  try {
    const outcome = await editorial[intent](id);
    if (outcome === "done") notice = { kind: "success", text: texts.success };
    else if (outcome === "already") notice = { kind: "error", text: `${texts.failure}. ${texts.already}` };
    else notice = { kind: "error", text: `${texts.failure}. This article no longer exists; another admin may have deleted it.` };
  } catch (error) {
    logger.error({ err: error, articleId: id, intent }, "article action failed");
    notice = { kind: "error", text: texts.failure };
  }
  return redirect(back, { status: 303, headers: await noticeHeaders(notice) });
}

export default function ArticleManagementTab({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const { search } = useLocation();
  const { stats, list, query, notice } = loaderData;
  return (
    <div className="space-y-6">
      {layout ? <SessionBanner session={layout} serverNow={layout.serverNow} /> : null}
      <h2 className="sr-only">Article Management</h2>
      <NoticeMessage notice={notice} />
      <ArticleStatsCards stats={stats} />
      <ArticleFilters query={query} />
      <ArticleTable list={list} query={query} hasArticles={stats.total > 0} listUrl={`/admin/articles${search}`} />
      <Outlet />
    </div>
  );
}
