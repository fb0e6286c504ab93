import { data, Outlet, redirect, useLocation, useRouteLoaderData } from "react-router";
import { ArticleFilters } from "~/components/admin/article-filters";
import { ArticleStatsCards } from "~/components/admin/article-stats";
import { ArticleTable } from "~/components/admin/article-table";
import { NoticeMessage } from "~/components/admin/notice-message";
import { SessionBanner } from "~/components/admin/session-banner";
import { servicesContext } from "~/context";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ARTICLE_ACTION_TEXTS, ArticleActionInput, SCHEDULE_TEXTS } from "~/validation/article";
import { parseArticleListQuery } from "~/validation/article-list";
import type { Route } from "./+types/articles";
import { TRANSITIONS, type ArticleStatus } from "~/domain/article-status";
import { formatDateTime, zonedTimeToInstant } from "~/utils/dates";
import { can, type ArticleAction as Permission } from "~/domain/permissions";
import type { ArticleAction } from "~/validation/article";
import { keepFormWhenSignedOut, requireArticlePermission, requirePermission } from "./guard.server";
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

/** The permission each row action needs. */
const PERMISSION: Record<ArticleAction, Permission> = {
  publish: "article.publish",
  unpublish: "article.unpublish",
  delete: "article.delete",
  submit: "article.submit",
  sendBack: "article.review",
  schedule: "article.schedule",
  unschedule: "article.schedule",
};

/** The states each row action starts from; a delete starts from any. */
const START_STATES: Record<Exclude<ArticleAction, "delete">, readonly ArticleStatus[]> = {
  publish: TRANSITIONS.publish.from,
  unpublish: TRANSITIONS.unpublish.from,
  submit: TRANSITIONS.submit.from,
  sendBack: TRANSITIONS.sendBack.from,
  schedule: [...TRANSITIONS.schedule.from, ...TRANSITIONS.reschedule.from],
  unschedule: TRANSITIONS.unschedule.from,
};

/**
 * The stats, and one page of the table with the search and filters of the URL. Editors and administrators
 * see every article; authors and contributors see their own.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "admin.enter");
  const { editorial, site, sections, tags } = args.context.get(servicesContext);
  const asked = parseArticleListQuery(
    new URL(args.request.url).searchParams,
    sections.list().map((section) => section.name),
  );
  // A tag's address that no tag has is no filter, as an unknown section is.
  const tag = asked.tag ? await tags.bySlug(asked.tag) : null;
  const query = { ...asked, tag: tag?.slug };
  const scope = can(actor, "article.listAll") ? {} : { authorId: actor.authorId };
  const [stats, list, { notice, headers }] = await Promise.all([
    editorial.stats(scope),
    editorial.list(query, scope),
    takeNotice(args.request),
  ]);
  return data(
    {
      stats,
      list,
      query: { ...query, page: list.page },
      tagName: tag?.name ?? null,
      notice,
      actor: { role: actor.role, authorId: actor.authorId },
      timeZone: site.timeZone,
    },
    { headers },
  );
}

/**
 * A refusal the person can put right in the confirmation dialog (the note, the time to publish at): the dialog stays
 * open with what they typed and says why (decision 036).
 */
const refuse = (text: string) => data({ refused: text }, { status: 400 });

/**
 * Publish, unpublish or delete one article (the confirmed row actions), then back to the same list
 * with a one-time notice: the spec's success text, or its failure text with the reason. A refusal of what
 * was typed in the dialog, or an ended session, is answered to the dialog instead, which keeps the note.
 */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => act(args));
}

async function act(args: Route.ActionArgs) {
  await requirePermission(args, "admin.enter");
  const { editorial, logger, site } = args.context.get(servicesContext);
  const back = listAddress(args.request);
  const parsed = ArticleActionInput.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) {
    const fieldProblem = parsed.error.issues.find((issue) => issue.path[0] === "note" || issue.path[0] === "publishAt");
    if (fieldProblem) return refuse(fieldProblem.message);
    throw data("Unknown article action.", 400);
  }
  const { intent, id, note, publishAt } = parsed.data;
  const texts = ARTICLE_ACTION_TEXTS[intent];
  // 403 for a role that may not do this to this article; a missing article, or one another person has moved on
  // meanwhile (published, sent back), is answered below from the conditional change.
  const { actor } = await requireArticlePermission(args, PERMISSION[intent], id, {
    startStates: intent === "delete" ? undefined : START_STATES[intent],
  });
  if (intent === "schedule") {
    // The time is on the newsroom's clock (TIME_ZONE), whatever the browser's or the server's zone.
    const at = publishAt === undefined ? null : zonedTimeToInstant(publishAt, site.timeZone);
    if (!at) return refuse(SCHEDULE_TEXTS.invalidTime);
    const outcome = await editorial.schedule(id, at, { by: actor.adminId });
    if (outcome === "past") return refuse(`${texts.failure}. ${SCHEDULE_TEXTS.past}`);
    const notice: Notice =
      outcome === "done"
        ? { kind: "success", text: `${texts.success} for ${formatDateTime(at, site.timeZone)}` }
        : outcome === "already"
          ? { kind: "error", text: `${texts.failure}. ${texts.already}` }
          : { kind: "error", text: `${texts.failure}. This article no longer exists; another admin may have deleted it.` };
    return redirect(back, { status: 303, headers: await noticeHeaders(notice) });
  }

  let notice: Notice;
  try {
    const outcome =
      intent === "delete" ? await editorial.delete(id) : await editorial.transition(id, intent, { by: actor.adminId, note });
    if (outcome === "done") notice = { kind: "success", text: texts.success };
    else if (outcome === "already") notice = { kind: "error", text: `${texts.failure}. ${texts.already}` };
    else notice = { kind: "error", text: `${texts.failure}. This article no longer exists; another admin may have deleted it.` };
  } catch (error) {
    logger.error({ err: error, articleId: id, intent }, "article action failed");
    notice = { kind: "error", text: texts.failure };
  }
  return redirect(back, { status: 303, headers: await noticeHeaders(notice) });
}

export default function ArticleManagementTab({ loaderData, actionData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout");
  const { search } = useLocation();
  const { stats, list, query, tagName, notice, actor, timeZone } = loaderData;
  return (
    <div className="space-y-6">
      {layout ? <SessionBanner session={layout} serverNow={layout.serverNow} /> : null}
      <h2 className="sr-only">Article Management</h2>
      <NoticeMessage notice={notice} />
      <ArticleStatsCards stats={stats} />
      <ArticleFilters query={query} tagName={tagName} />
      <ArticleTable
        list={list}
        query={query}
        hasArticles={stats.total > 0}
        listUrl={`/admin/articles${search}`}
        actor={actor}
        timeZone={timeZone}
        answer={actionData}
      />
      <Outlet />
    </div>
  );
}
