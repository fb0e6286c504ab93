import { Download } from "lucide-react";
import type { SubscriberListing, SubscriberStats, SubscriberStatus } from "~/domain/newsletter";
import { LocalTime } from "../local-time";
import { StatCards } from "./stat-cards";
import { AdminTable, EmptyListNote, type AdminTableColumn } from "./admin-table";

const CARDS: { key: keyof SubscriberStats; label: string; accent: string }[] = [
  { key: "total", label: "Total", accent: "text-slate-900 dark:text-white" },
  { key: "active", label: "Active", accent: "text-emerald-700 dark:text-emerald-300" },
  { key: "pending", label: "Pending", accent: "text-amber-700 dark:text-amber-300" },
  { key: "unsubscribed", label: "Unsubscribed", accent: "text-slate-600 dark:text-slate-400" },
];

/** Each status's badge in the list. */
const STATUS_BADGE: Record<SubscriberStatus, string> = {
  active: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  unsubscribed: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

/** The spec's three subscriber cards, with addresses waiting for their confirmation counted apart (Pending). */
export function SubscriberStatsCards({ stats }: { stats: SubscriberStats }) {
  return (
    <StatCards
      label="Subscriber statistics"
      cards={CARDS.map(({ key, label, accent }) => ({ label, accent, value: stats[key] }))}
      gridClassName="grid-cols-2 sm:grid-cols-4"
    />
  );
}

const SUBSCRIBER_COLUMNS: AdminTableColumn[] = [
  { label: "Email" },
  { label: "Status" },
  { label: "Subscribed", className: "hidden sm:table-cell" },
];

/** The newest subscribers (the spec's first 10), with the export of the whole list. */
export function RecentSubscribers({
  subscribers,
  total,
  exportHref,
}: {
  subscribers: (Omit<SubscriberListing, "createdAt"> & { createdAt: Date | string })[];
  total: number;
  exportHref: string;
}) {
  return (
    <section aria-labelledby="recent-subscribers-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="recent-subscribers-title" className="text-lg font-semibold">
          Recent Subscribers
        </h3>
        {total > 0 ? (
          <a
            href={exportHref}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:border-blue-600 hover:text-blue-700 dark:border-slate-700 dark:bg-slate-900 dark:hover:text-blue-300"
          >
            <Download aria-hidden className="size-4" />
            Export CSV
          </a>
        ) : null}
      </div>
      {subscribers.length === 0 ? (
        <EmptyListNote>No one has subscribed yet. Readers join with the sign-up form on every page.</EmptyListNote>
      ) : (
        <AdminTable labelledBy="recent-subscribers-title" columns={SUBSCRIBER_COLUMNS}>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className="px-3 py-2">
                <span className="break-all">{subscriber.email}</span>
                {/* On a phone the date sits under the address instead of in its own column. */}
                <span className="mt-0.5 block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                  Subscribed <LocalTime value={new Date(subscriber.createdAt).toISOString()} />
                </span>
              </td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[subscriber.status]}`}>
                  {subscriber.status}
                </span>
              </td>
              <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
                <LocalTime value={new Date(subscriber.createdAt).toISOString()} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {total > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Showing {subscribers.length} of {total.toLocaleString("en-US")} subscribers
        </p>
      ) : null}
    </section>
  );
}
