import {
  CalendarClock,
  CalendarX2,
  CheckCircle2,
  ExternalLink,
  EyeOff,
  FilePlus2,
  Inbox,
  MessageSquareWarning,
  Pencil,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { useCallback, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { CategoryBadge } from "~/components/category-badge";
import { Pagination } from "~/components/pagination";
import { STATUS_LABELS, type ArticleStatus } from "~/domain/article-status";
import { articlePath } from "~/utils/articles";
import type { ArticleListPage, ManagedArticle } from "~/domain/articles";
import { formatArticleDate, formatDateTime } from "~/utils/dates";
import { can, type Actor } from "~/domain/permissions";
import { articleListSearch, type ArticleListQuery } from "~/validation/article-list";
import { ConfirmActionDialog, type ConfirmAnswer, type PendingAction } from "./confirm-action-dialog";

const actionClass =
  "inline-flex size-9 items-center justify-center rounded-lg border border-slate-200 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800";

/** Columns shown from the small breakpoint up; on a phone their values sit under the title. */
const wideOnly = "hidden px-4 py-3 sm:table-cell";

/** The actions stay in view while the other columns scroll sideways on a narrow screen. */
const stickyActions = "sticky right-0 shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)] lg:shadow-none";

/** Selectors of the controls that open the editor, so focus can return to them when it closes. */
export const NEW_ARTICLE_LINK = "#new-article";
export const editLinkSelector = (articleId: number) => `[data-edit-article="${articleId}"]`;

interface ArticleTableProps {
  list: ArticleListPage;
  query: ArticleListQuery;
  /** Whether any article exists at all, to tell "nothing matches" from "nothing yet". */
  hasArticles: boolean;
  /** The list's own address with its search, filters and page, where actions post and return. */
  listUrl: string;
  /** The signed-in person: each row offers only what their role allows on that article. */
  actor: Actor;
  /** The newsroom's zone (TIME_ZONE), in which dates and scheduled times are shown and entered. */
  timeZone: string;
  /** The list action's answer when it stayed on the page, for the confirmation dialog that sent it. */
  answer: ConfirmAnswer;
}

/** The article table with its row actions, the count, paging, and the "New article" button. */
export function ArticleTable({ list, query, hasArticles, listUrl, actor, timeZone, answer }: ArticleTableProps) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const close = useCallback(() => setPending(null), []);
  const search = articleListSearch(query);
  const first = (list.page - 1) * list.pageSize + 1;
  const last = first + list.articles.length - 1;

  return (
    <section
      aria-labelledby="articles-heading"
      className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div>
          <h2 id="articles-heading" className="text-lg font-bold">
            Articles
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {list.total === 0
              ? "No articles to show"
              : `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${list.totalIsLimited ? "more than " : ""}${list.total.toLocaleString("en-US")} ${list.total === 1 ? "article" : "articles"}`}
          </p>
        </div>
        <Link
          id="new-article"
          to={`/admin/articles/new${search}`}
          className="inline-flex items-center gap-2 rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          <FilePlus2 aria-hidden className="size-4" />
          New article
        </Link>
      </div>

      {list.articles.length === 0 ? (
        <div className="px-6 py-16 text-center">
          {hasArticles ? (
            <>
              <p className="text-lg font-semibold">No articles found</p>
              <p className="mt-1 text-slate-600 dark:text-slate-400">Try adjusting your search or filters.</p>
            </>
          ) : (
            <p className="text-lg font-semibold">No articles have been created yet</p>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto" role="region" aria-labelledby="articles-heading" tabIndex={0}>
          <table className="w-full sm:min-w-[56rem] text-left text-sm">
            <caption className="sr-only">Articles, newest first</caption>
            <thead className="bg-slate-50 text-xs whitespace-nowrap tracking-wide text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Title
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Category
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Read Time
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Sources
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Status
                </th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">
                  Published
                </th>
                <th
                  scope="col"
                  className={`${stickyActions} hidden bg-slate-50 px-4 py-3 text-right sm:table-cell dark:bg-slate-800`}
                >
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {list.articles.map((article) => (
                <ArticleRow
                  key={article.id}
                  article={article}
                  actor={actor}
                  timeZone={timeZone}
                  editHref={`/admin/articles/${article.id}/edit${search}`}
                  onAction={(intent) =>
                    setPending({
                      intent,
                      article: { id: article.id, title: article.title, status: article.status, publishedAt: article.publishedAt },
                    })
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="px-4 pb-4">
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => `/admin/articles${articleListSearch({ ...query, page })}`}
          clientSide
        />
      </div>
      <noscript>
        <p className="px-4 pb-4 text-sm text-slate-600 dark:text-slate-400">
          Publishing, scheduling, unpublishing and deleting ask for confirmation in a dialog, which needs JavaScript.
        </p>
      </noscript>
      <ConfirmActionDialog pending={pending} listUrl={listUrl} timeZone={timeZone} answer={answer} onClose={close} />
    </section>
  );
}

/** One article's row and its actions. */
interface RowProps {
  article: ManagedArticle;
  actor: Actor;
  timeZone: string;
  editHref: string;
  onAction: (intent: PendingAction["intent"]) => void;
}

function ArticleRow({ article, actor, timeZone, editHref, onAction }: RowProps) {
  const status = <StatusBadge status={article.status} />;
  const actions = <RowActions article={article} actor={actor} editHref={editHref} onAction={onAction} />;
  return (
    <tr className="align-top">
      <th scope="row" className="min-w-52 px-4 py-3 text-left font-normal sm:max-w-sm lg:max-w-md">
        <span className="block font-semibold text-slate-900 dark:text-white">{article.title}</span>
        <span className="mt-1 line-clamp-2 text-slate-600 dark:text-slate-400">{article.excerpt}</span>
        <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
          By {article.authorName}
          {article.isAiGenerated ? " · AI draft" : ""}
          {article.status === "in_review" && article.reviewerName ? ` · waiting for ${article.reviewerName}` : ""}
        </span>
        {article.status === "scheduled" && article.publishedAt ? (
          <span className="mt-1 block text-xs text-violet-800 sm:hidden dark:text-violet-300">
            Scheduled for {formatDateTime(article.publishedAt, timeZone)}
          </span>
        ) : null}
        {article.reviewNote ? (
          <span className="mt-1 block text-xs text-amber-800 dark:text-amber-300">Note: {article.reviewNote}</span>
        ) : null}
        {/* On a phone the row's status and actions sit under its title instead of off to the side. */}
        <span className="mt-3 flex flex-wrap items-center gap-2 text-xs sm:hidden">
          {status}
          <CategoryBadge category={article.category} />
          <span>{article.readTime} min</span>
        </span>
        <span className="mt-2 block sm:hidden">{actions}</span>
      </th>
      <td className={wideOnly}>
        <CategoryBadge category={article.category} />
      </td>
      <td className={`${wideOnly} whitespace-nowrap`}>{article.readTime} min</td>
      <td className={`${wideOnly} max-w-48 text-slate-700 dark:text-slate-300`}>{article.sources || "—"}</td>
      <td className={wideOnly}>{status}</td>
      <td className={`${wideOnly} ${article.status === "scheduled" ? "min-w-36" : "whitespace-nowrap"}`}>
        {article.status === "scheduled" && article.publishedAt ? (
          <span className="text-violet-800 dark:text-violet-300">
            Scheduled for{" "}
            <time dateTime={new Date(article.publishedAt).toISOString()}>{formatDateTime(article.publishedAt, timeZone)}</time>
          </span>
        ) : article.publishedAt ? (
          <time dateTime={new Date(article.publishedAt).toISOString()}>{formatArticleDate(article.publishedAt, timeZone)}</time>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">Not published</span>
        )}
      </td>
      <td className={`${stickyActions} hidden bg-white px-4 py-3 sm:table-cell dark:bg-slate-900`}>{actions}</td>
    </tr>
  );
}

const STATUS_BADGE: Record<ArticleStatus, string> = {
  published: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  draft: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in_review: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  scheduled: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
};

function StatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGE[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * View (published), Publish or Approve (draft, in review, scheduled: now), Submit for review, Request changes,
 * Schedule or Reschedule, Edit, Unpublish (published) or Unschedule (scheduled), Delete: each named with the
 * article's title, and each shown only where the role allows it.
 */
function RowActions({ article, actor, editHref, onAction }: Omit<RowProps, "timeZone">) {
  const published = article.status === "published";
  const scheduled = article.status === "scheduled";
  const allowed = (action: Parameters<typeof can>[1]) => can(actor, action, article);
  return (
    <span className="flex justify-end gap-1.5">
      {allowed("article.submit") ? (
        <RowButton label={`Submit ${article.title} for review`} title="Submit for review" onClick={() => onAction("submit")}>
          <Inbox aria-hidden className="size-4 text-sky-700 dark:text-sky-400" />
        </RowButton>
      ) : null}
      {allowed("article.review") ? (
        <RowButton label={`Request changes to ${article.title}`} title="Request changes" onClick={() => onAction("sendBack")}>
          <Undo2 aria-hidden className="size-4 text-amber-700 dark:text-amber-400" />
        </RowButton>
      ) : null}
      {published ? (
        <a
          href={articlePath(article.id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`View ${article.title} (opens in a new tab)`}
          title="View"
          className={actionClass}
        >
          <ExternalLink aria-hidden className="size-4" />
        </a>
      ) : allowed("article.publish") ? (
        article.status === "in_review" ? (
          <RowButton
            label={`Approve and publish ${article.title}`}
            title="Approve and publish"
            onClick={() => onAction("publish")}
          >
            <CheckCircle2 aria-hidden className="size-4 text-emerald-700 dark:text-emerald-400" />
          </RowButton>
        ) : (
          <RowButton label={`Publish ${article.title}`} title="Publish" onClick={() => onAction("publish")}>
            <Send aria-hidden className="size-4 text-emerald-700 dark:text-emerald-400" />
          </RowButton>
        )
      ) : (
        <span aria-hidden className="size-9" />
      )}
      {allowed("article.schedule") ? (
        <RowButton
          label={`${scheduled ? "Reschedule" : "Schedule"} ${article.title}`}
          title={scheduled ? "Reschedule" : "Schedule"}
          onClick={() => onAction("schedule")}
        >
          <CalendarClock aria-hidden className="size-4 text-violet-700 dark:text-violet-400" />
        </RowButton>
      ) : (
        <span aria-hidden className="size-9" />
      )}
      {allowed("article.edit") ? (
        <Link
          to={editHref}
          aria-label={`Edit ${article.title}`}
          title="Edit"
          data-edit-article={article.id}
          className={actionClass}
        >
          <Pencil aria-hidden className="size-4" />
        </Link>
      ) : (
        <span aria-hidden className="size-9" />
      )}
      {allowed("article.correct") ? (
        <Link
          to={`/admin/articles/${article.id}/corrections`}
          aria-label={`Corrections to ${article.title}`}
          title="Corrections and updates"
          className={actionClass}
        >
          <MessageSquareWarning aria-hidden className="size-4 text-violet-700 dark:text-violet-400" />
        </Link>
      ) : (
        <span aria-hidden className="size-9" />
      )}
      {published && allowed("article.unpublish") ? (
        <RowButton label={`Unpublish ${article.title}`} title="Unpublish" onClick={() => onAction("unpublish")}>
          <EyeOff aria-hidden className="size-4 text-amber-700 dark:text-amber-400" />
        </RowButton>
      ) : scheduled && allowed("article.schedule") ? (
        <RowButton label={`Unschedule ${article.title}`} title="Unschedule" onClick={() => onAction("unschedule")}>
          <CalendarX2 aria-hidden className="size-4 text-amber-700 dark:text-amber-400" />
        </RowButton>
      ) : (
        <span aria-hidden className="size-9" />
      )}
      {allowed("article.delete") ? (
        <RowButton label={`Delete ${article.title}`} title="Delete" onClick={() => onAction("delete")}>
          <Trash2 aria-hidden className="size-4 text-red-700 dark:text-red-400" />
        </RowButton>
      ) : (
        <span aria-hidden className="size-9" />
      )}
    </span>
  );
}

function RowButton({
  label,
  title,
  onClick,
  children,
}: {
  label: string;
  title: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={title} onClick={onClick} className={actionClass}>
      {children}
    </button>
  );
}
