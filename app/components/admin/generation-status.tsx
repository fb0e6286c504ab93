import { CircleAlert, CircleCheck, LoaderCircle, TriangleAlert, X } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { STATUS_LABELS } from "~/domain/article-status";
import type { DraftHeadline } from "~/domain/articles";
import {
  isFinished,
  type GenerationJobStatus,
  type GenerationJobView,
  type GenerationNotice,
  type GenerationStep,
} from "~/domain/generation-jobs";
import { LocalTime } from "../local-time";
import { AdminTable, type AdminTableColumn } from "./admin-table";

/** How often the tab asks for a running job's progress. */
const PROGRESS_POLL_MS = 1000;

const STEP_TEXT: Record<GenerationStep, (modelName: string) => string> = {
  "fetching-news": () => "Reading the trusted outlets' news of the past 7 days",
  writing: (modelName) => `Writing with ${modelName}`,
  checking: () => "Checking for a similar article",
  saving: () => "Saving the draft",
  waiting: () => "Pausing before the next article",
};

const STATUS_TEXT: Record<GenerationJobStatus, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  partial: "Partial success",
  failed: "Failed",
  interrupted: "Interrupted",
};

const TONE_CLASS: Record<GenerationNotice["tone"] | "info", string> = {
  info: "border-blue-300 bg-blue-50 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
};

function ToneIcon({ tone }: { tone: GenerationNotice["tone"] | "info" }) {
  const className = "mt-0.5 size-5 shrink-0";
  if (tone === "info") return <LoaderCircle aria-hidden className={`${className} animate-spin`} />;
  if (tone === "success") return <CircleCheck aria-hidden className={className} />;
  if (tone === "warning") return <TriangleAlert aria-hidden className={className} />;
  return <CircleAlert aria-hidden className={className} />;
}

/** Asks for fresh loader data every second while the job runs; the list of drafts updates with it. */
function useProgressPolling(running: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidate(), PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidate]);
}

function DraftLinks({ ids, drafts }: { ids: number[]; drafts: DraftHeadline[] }) {
  const made = ids.map((id) => drafts.find((draft) => draft.id === id)).filter((draft) => draft !== undefined);
  if (made.length === 0) return null;
  return (
    <div>
      <h4 className="font-semibold">Drafts made</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {made.map((draft) => (
          <li key={draft.id}>
            <Link to={`/admin/articles/${draft.id}/edit`} className="font-medium underline underline-offset-2">
              {draft.title}
            </Link>{" "}
            <span className="opacity-80">({STATUS_LABELS[draft.status].toLowerCase()})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function NoticeBody({ notice }: { notice: GenerationNotice }) {
  return (
    <>
      <p>{notice.message}</p>
      {notice.suggestions.length > 0 ? (
        <div>
          <h4 className="font-semibold">Suggestions</h4>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {notice.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ol>
        </div>
      ) : null}
      {notice.tips.length > 0 ? (
        <div>
          <h4 className="font-semibold">Tips</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {notice.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

/**
 * The status box of the latest job: its live progress (article k of n, the step, the drafts so far),
 * then its outcome with the spec's texts, each failed article's reason, and a close button.
 */
export function GenerationStatus({ job, drafts }: { job: GenerationJobView; drafts: DraftHeadline[] }) {
  const running = !isFinished(job.status);
  useProgressPolling(running);
  const tone = running ? "info" : (job.outcome?.tone ?? "error");
  const title = running
    ? `Generating ${job.count === 1 ? `1 ${job.category} article` : `article ${Math.max(job.current, 1)} of ${job.count}`}`
    : (job.outcome?.title ?? STATUS_TEXT[job.status]);
  return (
    <section aria-labelledby="generation-status-title" className={`rounded-xl border p-4 ${TONE_CLASS[tone]}`}>
      <div role="status" className="flex gap-3">
        <ToneIcon tone={tone} />
        <div className="min-w-0 flex-1 space-y-3 text-sm">
          <h3 id="generation-status-title" className="text-base font-semibold">
            {title}
          </h3>
          {running ? (
            <p>
              {job.status === "queued" ? "Waiting to start" : job.step ? STEP_TEXT[job.step](job.modelName) : "Starting"}
              {job.count > 1 ? ` (${job.articleIds.length} made so far)` : ""}…
            </p>
          ) : job.outcome ? (
            <NoticeBody notice={job.outcome} />
          ) : null}
          <DraftLinks ids={job.articleIds} drafts={drafts} />
          {job.count > 1 && job.errors.length > 0 ? (
            <div>
              <h4 className="font-semibold">Articles not made</h4>
              <ul className="mt-1 space-y-1">
                {job.errors.map(({ article, notice }) => (
                  <li key={article}>
                    <span className="font-medium">
                      Article {article} of {job.count}: {notice.title}.
                    </span>{" "}
                    {notice.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {running ? null : (
          <Form method="post" className="shrink-0">
            <input type="hidden" name="intent" value="dismiss" />
            <input type="hidden" name="jobId" value={job.id} />
            <button
              type="submit"
              aria-label="Dismiss status"
              className="rounded-md p-1 hover:bg-black/10 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none dark:hover:bg-white/10"
            >
              <X aria-hidden className="size-5" />
            </button>
          </Form>
        )}
      </div>
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
    </section>
  );
}

const HISTORY_COLUMNS: AdminTableColumn[] = [
  { label: "Requested" },
  { label: "Category and topic" },
  { label: "Model" },
  { label: "Result" },
  { label: "Drafts" },
];

/** The latest jobs, newest first, so a reload or another admin sees what ran and what it made. */
export function GenerationHistory({ jobs, drafts }: { jobs: GenerationJobView[]; drafts: DraftHeadline[] }) {
  if (jobs.length === 0) return null;
  const titleOf = (id: number) => drafts.find((draft) => draft.id === id)?.title;
  return (
    <section aria-labelledby="generation-history-title" className="space-y-3">
      <h3 id="generation-history-title" className="text-lg font-semibold">
        Recent generation jobs
      </h3>
      <AdminTable labelledBy="generation-history-title" columns={HISTORY_COLUMNS} tableClassName="min-w-[40rem]">
        {jobs.map((job) => (
          <tr key={job.id}>
            <td className="px-3 py-2 whitespace-nowrap">
              <LocalTime value={job.createdAt} />
            </td>
            <td className="px-3 py-2">
              {job.category}
              {job.topic ? <span className="text-slate-600 dark:text-slate-400">: {job.topic}</span> : null}
            </td>
            <td className="px-3 py-2">{job.modelName}</td>
            <td className="px-3 py-2">
              {STATUS_TEXT[job.status]} ({job.articleIds.length} of {job.count})
            </td>
            <td className="px-3 py-2">
              {job.articleIds.length === 0 ? (
                <span className="text-slate-500 dark:text-slate-400">None</span>
              ) : (
                <ul className="space-y-1">
                  {job.articleIds.map((id) => (
                    <li key={id}>
                      {titleOf(id) ? (
                        <Link to={`/admin/articles/${id}/edit`} className="text-blue-700 underline dark:text-blue-300">
                          {titleOf(id)}
                        </Link>
                      ) : (
                        <span className="text-slate-500 dark:text-slate-400">Deleted article</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
