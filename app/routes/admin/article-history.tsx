import { data, Form, Link, redirect } from "react-router";
import { NoticeMessage } from "~/components/admin/notice-message";
import { RevisionDiffView } from "~/components/admin/revision-diff";
import { servicesContext } from "~/context";
import { parseArticleId } from "~/utils/articles";
import { readForm } from "~/utils/http";
import { can } from "~/utils/permissions";
import { formatDateTime } from "~/utils/dates";
import { diffRevisions, REVISION_KIND_LABELS, revisionAuthor, type RevisionSummary } from "~/utils/revisions";
import { adminMeta } from "~/utils/seo";
import { historyAddress, RestoreRevisionForm, REVISION_TEXTS, RevisionComparison } from "~/validation/revisions";
import type { Route } from "./+types/article-history";
import { requireArticlePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `History: ${loaderData.article.title} · Admin` : "History · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A revision as the page shows it: its number in the article's history (1 is the oldest), kind, author and time. */
function shownRevision(revision: RevisionSummary, number: number, timeZone: string) {
  return {
    id: revision.id,
    number,
    kind: REVISION_KIND_LABELS[revision.kind],
    author: revisionAuthor(revision),
    savedAt: revision.updatedAt.toISOString(),
    time: formatDateTime(revision.updatedAt, timeZone),
    restoredFrom: revision.restoredFrom,
  };
}

/** A stale link (the article was deleted) goes back to the list and says so, as the editor does. */
async function backToList() {
  return redirect("/admin/articles", {
    headers: await noticeHeaders({ kind: "error", text: REVISION_TEXTS.missingArticle }),
  });
}

/**
 * An article's History, for whoever may view the article: its revisions newest first, the comparison of two of them
 * (by default the latest change) and, for whoever may edit it, the confirmation of a restore.
 */
export async function loader(args: Route.LoaderArgs) {
  const id = parseArticleId(args.params.id);
  const { actor, article: facts } = await requireArticlePermission(args, "article.view", id);
  if (!facts || id === null) throw await backToList();
  const { editorial, revisions, site } = args.context.get(servicesContext);
  const [article, list, { notice, headers }] = await Promise.all([
    editorial.findForEditing(id),
    revisions.list(id),
    takeNotice(args.request),
  ]);
  if (!article) throw await backToList();

  const shown = list.map((revision, index) => shownRevision(revision, list.length - index, site.timeZone));
  const known = new Set(shown.map((revision) => revision.id));
  const query = RevisionComparison.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const asked = query.success ? query.data : {};
  const fitting = (revisionId: number | undefined) => revisionId === undefined || known.has(revisionId);
  const understood = query.success && fitting(asked.from) && fitting(asked.to) && fitting(asked.restore);
  // The latest change by default: the revision before the latest against the latest.
  const latest = shown[0]?.id;
  const previous = shown[1]?.id ?? latest;
  const to = (understood ? asked.to : undefined) ?? latest;
  const from = (understood ? asked.from : undefined) ?? previous;
  const versions = from !== undefined && to !== undefined ? await revisions.versions(id, [from, to]) : [];
  const older = versions.find((version) => version.id === from);
  const newer = versions.find((version) => version.id === to);
  const canRestore = can(actor, "article.edit", facts);
  const restore = understood && canRestore ? shown.find((revision) => revision.id === asked.restore) : undefined;

  return data(
    {
      article: { id, title: article.title },
      revisions: shown,
      from: from ?? null,
      to: to ?? null,
      diff: older && newer ? diffRevisions(older, newer) : null,
      canEdit: canRestore,
      confirmRestore: restore ?? null,
      notice: notice ?? (understood ? null : ({ kind: "error", text: REVISION_TEXTS.unknownRevision } satisfies Notice)),
    },
    { headers },
  );
}

/** Restore: for whoever may edit the article; the article takes the revision's fields, and the restore is a revision. */
export async function action(args: Route.ActionArgs) {
  const id = parseArticleId(args.params.id);
  const { actor, article } = await requireArticlePermission(args, "article.edit", id);
  if (!article || id === null) throw await backToList();
  const { revisions, logger } = args.context.get(servicesContext);
  const parsed = RestoreRevisionForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return data({ notice: { kind: "error", text: REVISION_TEXTS.badRequest } satisfies Notice }, 400);
  try {
    const restored = await revisions.restore(id, parsed.data.revisionId, { by: actor.adminId });
    if (restored.outcome === "missing") {
      return data({ notice: { kind: "error", text: REVISION_TEXTS.missingRevision } satisfies Notice }, 404);
    }
    return redirect(historyAddress(id), {
      status: 303,
      headers: await noticeHeaders({ kind: "success", text: REVISION_TEXTS.restored }),
    });
  } catch (error) {
    logger.error({ err: error, articleId: id, revisionId: parsed.data.revisionId }, "revision restore failed");
    return data({ notice: { kind: "error", text: REVISION_TEXTS.restoreFailed } satisfies Notice }, 500);
  }
}

const selectClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none sm:w-auto dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

const buttonClass = "rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700";

export default function ArticleHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { article, revisions, from, to, diff, canEdit, confirmRestore } = loaderData;
  const notice = actionData?.notice ?? loaderData.notice;
  const numberOf = (revisionId: number | null) => revisions.find((revision) => revision.id === revisionId)?.number;
  const latestId = revisions[0]?.id;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold break-words">
          History: <span className="font-semibold">{article.title}</span>
        </h2>
        <nav aria-label="Article" className="flex gap-4 text-sm">
          {canEdit ? (
            <Link to={`/admin/articles/${article.id}/edit`} className="text-blue-700 underline dark:text-blue-400">
              Edit article
            </Link>
          ) : null}
          <Link to="/admin/articles" className="text-blue-700 underline dark:text-blue-400">
            Back to articles
          </Link>
        </nav>
      </div>

      <NoticeMessage notice={notice} />

      {confirmRestore ? (
        <section
          aria-labelledby="restore-heading"
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950"
        >
          <h3 id="restore-heading" className="text-lg font-bold">
            Restore revision {confirmRestore.number}?
          </h3>
          <p className="text-sm text-slate-800 dark:text-slate-200">
            The title, excerpt, body, category, image, sources and tags go back to revision {confirmRestore.number} (
            {confirmRestore.kind.toLowerCase()} by {confirmRestore.author}, {confirmRestore.time}). Its status and publication
            time stay as they are. The restore is kept as a new revision, so nothing is lost. The comparison below shows what
            changes.
          </p>
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
              to={historyAddress(article.id, { from: from ?? undefined, to: to ?? undefined })}
              className="text-sm text-blue-700 underline dark:text-blue-400"
            >
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}

      {revisions.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">This article has no revisions yet.</p>
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
                          to={`${historyAddress(article.id, { from: latestId, to: revision.id })}&restore=${revision.id}`}
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

type ShownRevision = ReturnType<typeof shownRevision>;

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
