import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { NewsletterIssueView } from "~/domain/newsletter";
import { LocalTime } from "../local-time";
import { AdminTable, EmptyListNote, type AdminTableColumn } from "./admin-table";

/** How often the tab asks for fresh counts while an issue is being sent. */
export const DELIVERY_POLL_MS = 1_000;

const STATUS_LABEL: Record<NewsletterIssueView["status"], string> = {
  draft: "Draft",
  preparing: "Preparing",
  sending: "Sending",
  sent: "Sent",
  failed: "Not sent",
};

/** Where an issue came from, under its subject. */
const ORIGIN_LABELS: Record<NewsletterIssueView["origin"], string> = {
  weekly: "Weekly schedule",
  manual: "Sent from this tab",
  correction: "Correction notice",
};

/** Asks for fresh loader data every second while something is being sent. */
export function useDeliveryPolling(active: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void revalidate(), DELIVERY_POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidate]);
}

const count = (value: number) => value.toLocaleString("en-US");

/** The latest issue's progress: sent, failed and pending, live while it is being sent. */
export function DeliveryProgress({ issue }: { issue: NewsletterIssueView }) {
  const { counts } = issue;
  const settled = counts.sent + counts.failed + counts.skipped;
  const pending = counts.pending + counts.sending;
  const running = issue.status === "sending" || issue.status === "preparing";
  const tone = running
    ? "border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
    : counts.failed > 0 || issue.status === "failed"
      ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
      : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100";
  const bar = running
    ? "[&::-moz-progress-bar]:bg-blue-600 [&::-webkit-progress-value]:bg-blue-600"
    : counts.failed > 0 || issue.status === "failed"
      ? "[&::-moz-progress-bar]:bg-amber-500 [&::-webkit-progress-value]:bg-amber-500"
      : "[&::-moz-progress-bar]:bg-emerald-600 [&::-webkit-progress-value]:bg-emerald-600";
  const Icon = running ? LoaderCircle : counts.failed > 0 || issue.status === "failed" ? CircleAlert : CircleCheck;
  return (
    <section aria-labelledby="delivery-progress-heading" className={`space-y-3 rounded-xl border p-4 sm:p-5 ${tone}`}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${running ? "animate-spin" : ""}`} />
        <div className="min-w-0 space-y-1">
          <h3 id="delivery-progress-heading" className="font-semibold">
            {issue.status === "preparing"
              ? "Preparing the weekly digest"
              : issue.status === "failed"
                ? "The newsletter was not sent"
                : running
                  ? "Sending the newsletter"
                  : "Newsletter sent"}
          </h3>
          {issue.subject ? <p className="break-words">{issue.subject}</p> : null}
          {issue.error ? <p>{issue.error}</p> : null}
        </div>
      </div>
      {counts.total > 0 ? (
        <>
          <progress
            aria-label="Newsletter delivery progress"
            max={counts.total}
            value={settled}
            className={`h-2 w-full overflow-hidden rounded-full bg-white/70 dark:bg-slate-900/60 [&::-webkit-progress-bar]:bg-white/70 dark:[&::-webkit-progress-bar]:bg-slate-900/60 ${bar}`}
          />
          <p role="status" className="text-sm">
            {count(counts.sent)} sent, {count(counts.failed)} failed, {count(pending)} pending
            {counts.skipped > 0 ? `, ${count(counts.skipped)} skipped (unsubscribed)` : ""} of {count(counts.total)}{" "}
            {counts.total === 1 ? "recipient" : "recipients"}.
          </p>
        </>
      ) : null}
    </section>
  );
}

const ISSUE_COLUMNS: AdminTableColumn[] = [
  { label: "Subject" },
  { label: "Status" },
  { label: "Sent", className: "text-right" },
  { label: "Failed", className: "text-right" },
  { label: "Pending", className: "hidden text-right sm:table-cell" },
  { label: "Started", className: "hidden md:table-cell" },
];

/** Past issues with their counts, newest first. */
export function IssueHistory({ issues }: { issues: NewsletterIssueView[] }) {
  return (
    <section aria-labelledby="issue-history-heading" className="space-y-3">
      <h3 id="issue-history-heading" className="text-lg font-semibold">
        Newsletter history
      </h3>
      {issues.length === 0 ? (
        <EmptyListNote>No newsletter has been sent yet.</EmptyListNote>
      ) : (
        <AdminTable labelledBy="issue-history-heading" columns={ISSUE_COLUMNS}>
          {issues.map((issue) => (
            <tr key={issue.id}>
              <td className="px-3 py-2">
                <span className="break-words">{issue.subject || "Weekly digest"}</span>
                <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                  {ORIGIN_LABELS[issue.origin]}
                  {issue.error ? ` · ${issue.error}` : ""}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{STATUS_LABEL[issue.status]}</td>
              <td className="px-3 py-2 text-right tabular-nums">{count(issue.counts.sent)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{count(issue.counts.failed)}</td>
              <td className="hidden px-3 py-2 text-right tabular-nums sm:table-cell">
                {count(issue.counts.pending + issue.counts.sending)}
              </td>
              <td className="hidden px-3 py-2 whitespace-nowrap md:table-cell">
                <LocalTime value={issue.sendStartedAt ?? issue.createdAt} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
