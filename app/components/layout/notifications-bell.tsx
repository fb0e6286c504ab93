import { Bell } from "lucide-react";
import type { Headline } from "~/domain/articles";
import { articlePath } from "~/utils/articles";
import { useArticleDate } from "../use-article-date";
import { IslandTemplate } from "~/components/island-template";

/**
 * The header bell: the latest 5 published stories. A native disclosure, so it opens without JavaScript. The
 * islands script (islands/notifications-bell.ts) marks the ones published since the reader last looked "New",
 * counts them in the button's name and closes the panel on Escape or an outside click.
 */
export function NotificationsBell({ headlines }: { headlines: Headline[] }) {
  const articleDate = useArticleDate();
  return (
    <details data-disclosure="bell" className="relative">
      <summary
        aria-label="Notifications"
        className="relative inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white [&::-webkit-details-marker]:hidden"
      >
        <Bell aria-hidden className="size-5" />
        <span
          aria-hidden
          hidden
          data-unread-count=""
          className="absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-red-600 text-[10px] font-bold text-white"
        />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <p className="text-sm font-semibold">Latest stories</p>
          <p className="text-xs text-slate-600 dark:text-slate-400" role="status" data-bell-status="" />
        </div>
        {headlines.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">No stories published yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {headlines.map((headline) => (
              <li key={headline.id} data-published-at={headline.publishedAt ? new Date(headline.publishedAt).toISOString() : ""}>
                <a href={articlePath(headline.id)} className="block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    {headline.category} · {articleDate(headline.publishedAt)}
                  </span>
                  <span className="mt-1 block text-sm leading-snug font-medium">{headline.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <IslandTemplate data-new-badge="">
          <span className="rounded-full bg-blue-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">New</span>
        </IslandTemplate>
      </div>
    </details>
  );
}
