import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { NoticeMessage } from "~/components/admin/notice-message";
import { RevisionDiffView } from "~/components/admin/revision-diff";
import type { RevisionDiff, ShownRevision } from "~/utils/revisions";
import type { Notice } from "~/components/admin/notice-message";

const selectClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none sm:w-auto dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

const buttonClass = "rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700";

interface RevisionHistoryProps {
  /** What the history is of: "History: {title}". */
  title: string;
  /** The links beside the title (Edit, Back to the list), labelled by `navLabel`. */
  navLabel: string;
  nav: ReactNode;
  notice: Notice | null | undefined;
  revisions: readonly ShownRevision[];
  from: number | null;
  to: number | null;
  diff: RevisionDiff | null;
  canEdit: boolean;
  confirmRestore: ShownRevision | null;
  /** The History page's own address, comparing two revisions when given. */
  historyHref: (compare: { from?: number; to?: number }) => string;
  /** What a restore of `revision` changes, in the confirmation. */
  restoreText: (revision: ShownRevision) => ReactNode;
  emptyText: string;
}

/**
 * A History page (articles, decision 018; pages, decision 039): the revisions newest first, the comparison of two of
 * them, and, for whoever may edit, the confirmation of a restore.
 */
export function RevisionHistory({
  title,
  navLabel,
  nav,
  notice,
  revisions,
  from,
  to,
  diff,
  canEdit,
  confirmRestore,
  historyHref,
  restoreText,
  emptyText,
}: RevisionHistoryProps) {
  const numberOf = (revisionId: number | null) => revisions.find((revision) => revision.id === revisionId)?.number;
  const latestId = revisions[0]?.id;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold break-words">
          History: <span className="font-semibold">{title}</span>
        </h2>
        <nav aria-label={navLabel} className="flex gap-4 text-sm">
          {nav}
        </nav>
      </div>

      <NoticeMessage notice={notice ?? null} />

      {confirmRestore ? (
        <section
          aria-labelledby="restore-heading"
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
        >
          <h3 id="restore-heading" className="text-lg font-bold">
            Restore revision {confirmRestore.number}?
          </h3>
          <p className="text-sm text-slate-800 dark:text-slate-200">{restoreText(confirmRestore)}</p>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="revisionId" value={confirmRestore.id} />
            <button
              type="submit"
              className="rounded-lg bg-amber-700 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-800"
            >
              Restore revision {confirmRestore.number}
            </button>
            <Link
              to={historyHref({ from: from ?? undefined, to: to ?? undefined })}
              className="text-sm text-blue-700 underline dark:text-blue-400"
            >
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      {revisions.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">{emptyText}</p>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Compare revisions">
            <RevisionSelect name="from" label="Compare revision" revisions={revisions} selected={from} />
            <RevisionSelect name="to" label="with revision" revisions={revisions} selected={to} />
            <button type="submit" className={buttonClass}>
              Compare
            </button>
          </Form>

          {diff ? <RevisionDiffView diff={diff} fromNumber={numberOf(from)} toNumber={numberOf(to)} /> : null}

          <div role="region" aria-label="Revisions, newest first" tabIndex={0} className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left text-base font-bold">Revisions, newest first</caption>
              <thead className="border-b border-slate-300 dark:border-slate-700">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Revision
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Kind
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    By
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Saved
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((revision) => (
                  <tr key={revision.id} className="border-b border-slate-200 align-top dark:border-slate-800">
                    <th scope="row" className="py-2 pr-4 font-medium">
                      Revision {revision.number}
                    </th>
                    <td className="py-2 pr-4">
                      {revision.kind}
                      {revision.restoredFrom !== null && numberOf(revision.restoredFrom) !== undefined
                        ? ` (from revision ${numberOf(revision.restoredFrom)})`
                        : null}
                    </td>
                    <td className="py-2 pr-4">{revision.author}</td>
                    <td className="py-2 pr-4">
                      <time dateTime={revision.savedAt}>{revision.time}</time>
                    </td>
                    <td className="py-2">
                      {canEdit && revision.id !== latestId && latestId !== undefined ? (
                        <Link
                          to={`${historyHref({ from: latestId, to: revision.id })}&restore=${revision.id}`}
                          aria-label={`Restore revision ${revision.number}`}
                          className="text-blue-700 underline dark:text-blue-400"
                        >
                          Restore…
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

/** One side of the comparison: a labelled select of every revision, "Revision 3 · Edited · Maya · Nov 26, 2026, ...". */
function RevisionSelect({
  name,
  label,
  revisions,
  selected,
}: {
  name: "from" | "to";
  label: string;
  revisions: readonly ShownRevision[];
  selected: number | null;
}) {
  return (
    <div className="w-full sm:w-auto">
      <label htmlFor={`compare-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={`compare-${name}`} name={name} defaultValue={selected ?? undefined} className={selectClass}>
        {revisions.map((revision) => (
          <option key={revision.id} value={revision.id}>
            {`Revision ${revision.number} · ${revision.kind} · ${revision.author} · ${revision.time}`}
          </option>
        ))}
      </select>
    </div>
  );
}
