import { Bell } from "lucide-react";
import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import type { Headline } from "~/utils/articles";
import { articlePath } from "~/utils/articles";
import { useArticleDate } from "../use-article-date";
import { useDismiss } from "./use-dismiss";

/** When the reader last opened the panel, kept in this browser only. */
export const NOTIFICATIONS_SEEN_KEY = "notifications-seen-at";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function markSeen(at: number) {
  try {
    localStorage.setItem(NOTIFICATIONS_SEEN_KEY, String(at));
  } catch {
    // Without storage every visit is a first visit.
  }
  listeners.forEach((listener) => listener());
}

function readSeenAt(): number | null {
  try {
    const stored = Number(localStorage.getItem(NOTIFICATIONS_SEEN_KEY));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function isNewSince(headline: Headline, seenAt: number | null): boolean {
  return seenAt === null || (headline.publishedAt !== null && new Date(headline.publishedAt).getTime() > seenAt);
}

/**
 * The header bell: the latest 5 published stories, the ones published since the reader last looked marked
 * "New". A native disclosure, so it opens without JavaScript too.
 */
export function NotificationsBell({ headlines }: { headlines: Headline[] }) {
  const articleDate = useArticleDate();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  /** When the reader last opened the panel: null for never, undefined on the server (nothing is marked there). */
  const seenAt = useSyncExternalStore(subscribe, readSeenAt, () => undefined);
  /** The look before the current one, which decides what this opening marks "New". */
  const [markedSince, setMarkedSince] = useState<number | null | undefined>(undefined);

  const close = useCallback(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, []);
  useDismiss(detailsRef, open, close);

  function onToggle() {
    const nowOpen = Boolean(detailsRef.current?.open);
    setOpen(nowOpen);
    if (!nowOpen) return;
    setMarkedSince(seenAt ?? null);
    markSeen(Date.now());
  }

  const unread = seenAt === undefined ? 0 : headlines.filter((headline) => isNewSince(headline, seenAt)).length;
  const newInPanel = (headline: Headline) => markedSince !== undefined && isNewSince(headline, markedSince);
  const newCount = headlines.filter(newInPanel).length;

  return (
    <details ref={detailsRef} onToggle={onToggle} className="relative">
      <summary
        aria-label={unread > 0 ? `Notifications, ${unread} new` : "Notifications"}
        className="relative inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white [&::-webkit-details-marker]:hidden"
      >
        <Bell aria-hidden className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden
            className="absolute top-1 right-1 flex size-4 items-center justify-center rounded-full bg-red-600 text-[10px] font-bold text-white"
          >
            {unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-700">
          <p className="text-sm font-semibold">Latest stories</p>
          <p className="text-xs text-slate-600 dark:text-slate-400" role="status">
            {markedSince === undefined ? "" : newCount > 0 ? `${newCount} new since your last visit` : "You're all caught up"}
          </p>
        </div>
        {headlines.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">No stories published yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {headlines.map((headline) => (
              <li key={headline.id}>
                <a href={articlePath(headline.id)} className="block px-4 py-3 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                    {newInPanel(headline) ? (
                      <span className="rounded-full bg-blue-600 px-1.5 py-0.5 text-[10px] font-bold text-white uppercase">
                        New
                      </span>
                    ) : null}
                    {headline.category} · {articleDate(headline.publishedAt)}
                  </span>
                  <span className="mt-1 block text-sm leading-snug font-medium">{headline.title}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}
