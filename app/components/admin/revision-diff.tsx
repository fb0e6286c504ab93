import type { RevisionDiff } from "~/utils/revisions";
import { REVISION_TEXTS } from "~/validation/revisions";

/**
 * The comparison of two revisions: the changed short fields in a table (before → after), and the body word by word,
 * insertions in `<ins>` and deletions in `<del>`, explained by a legend and spoken as such by screen readers.
 */
export function RevisionDiffView({
  diff,
  fromNumber,
  toNumber,
}: {
  diff: RevisionDiff;
  fromNumber: number | undefined;
  toNumber: number | undefined;
}) {
  const fromName = fromNumber === undefined ? "the first revision" : `revision ${fromNumber}`;
  const toName = toNumber === undefined ? "the second revision" : `revision ${toNumber}`;
  return (
    <section aria-labelledby="diff-heading" className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h3 id="diff-heading" className="text-lg font-bold">
        Changes from {fromName} to {toName}
      </h3>
      {diff.same ? <p className="text-slate-700 dark:text-slate-300">{REVISION_TEXTS.noDifferences}</p> : null}

      {diff.fields.length > 0 ? (
        <div role="region" aria-label="Changed fields" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">Changed fields</caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  Field
                </th>
                <th scope="col" className="py-2 pr-4">
                  In {fromName}
                </th>
                <th scope="col" className="py-2">
                  In {toName}
                </th>
              </tr>
            </thead>
            <tbody>
              {diff.fields.map((change) => (
                <tr key={change.field} className="border-b border-slate-200 align-top dark:border-slate-800">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {change.label}
                  </th>
                  <td className="py-2 pr-4 break-words text-red-900 dark:text-red-200">
                    {change.before === "" ? <em>(empty)</em> : change.before}
                  </td>
                  <td className="py-2 break-words text-emerald-900 dark:text-emerald-200">
                    {change.after === "" ? <em>(empty)</em> : change.after}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {diff.body ? (
        <div className="space-y-2">
          <h4 className="font-semibold">Body</h4>
          <p id="diff-legend" className="text-sm text-slate-700 dark:text-slate-300">
            Legend:{" "}
            <ins className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">inserted words</ins> are
            underlined on green; <del className="bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100">deleted words</del>{" "}
            are struck through on red.
          </p>
          <div
            aria-describedby="diff-legend"
            className="rounded-lg bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap dark:bg-slate-950"
          >
            {diff.body.map((part, index) =>
              part.change === "inserted" ? (
                <ins key={index} className="bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">
                  <span className="sr-only">[inserted: </span>
                  {part.text}
                  <span className="sr-only">]</span>
                </ins>
              ) : part.change === "deleted" ? (
                <del key={index} className="bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100">
                  <span className="sr-only">[deleted: </span>
                  {part.text}
                  <span className="sr-only">]</span>
                </del>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
