import { data, Link, redirect } from "react-router";
import { RevisionHistory } from "~/components/admin/revision-history";
import { servicesContext } from "~/context";
import { parseArticleId } from "~/utils/articles";
import { readForm } from "~/utils/http";
import { can } from "~/domain/permissions";
import { formatDateTime } from "~/utils/dates";
import { diffRevisions, shownRevision } from "~/utils/revisions";
import { adminMeta } from "~/utils/seo";
import { chooseComparison, historyAddress, RestoreRevisionForm, REVISION_TEXTS } from "~/validation/revisions";
import type { Route } from "./+types/article-history";
import { requireArticlePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `History: ${loaderData.article.title} · Admin` : "History · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

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

  const shown = list.map((revision, index) =>
    shownRevision(revision, list.length - index, (date) => formatDateTime(date, site.timeZone)),
  );
  const {
    from,
    to,
    restore: asked,
    understood,
  } = chooseComparison(shown, Object.fromEntries(new URL(args.request.url).searchParams));
  const versions = from !== undefined && to !== undefined ? await revisions.versions(id, [from, to]) : [];
  const older = versions.find((version) => version.id === from);
  const newer = versions.find((version) => version.id === to);
  const canRestore = can(actor, "article.edit", facts);
  const restore = canRestore ? asked : undefined;

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

export default function ArticleHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { article, canEdit } = loaderData;
  return (
    <RevisionHistory
      {...loaderData}
      title={article.title}
      notice={actionData?.notice ?? loaderData.notice}
      navLabel="Article"
      nav={
        <>
          {canEdit ? (
            <Link to={`/admin/articles/${article.id}/edit`} className="text-blue-700 underline dark:text-blue-400">
              Edit article
            </Link>
          ) : null}
          <Link to="/admin/articles" className="text-blue-700 underline dark:text-blue-400">
            Back to articles
          </Link>
        </>
      }
      historyHref={(compare) => historyAddress(article.id, compare)}
      restoreText={(revision) => (
        <>
          The title, excerpt, body, category, image, sources and tags go back to revision {revision.number} (
          {revision.kind.toLowerCase()} by {revision.author}, {revision.time}). Its status and publication time stay as they are.
          The restore is kept as a new revision, so nothing is lost. The comparison below shows what changes.
        </>
      )}
      emptyText="This article has no revisions yet."
    />
  );
}
