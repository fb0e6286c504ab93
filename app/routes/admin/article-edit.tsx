import { data, redirect, useLocation } from "react-router";
import { ArticleEditor, type ArticleEditorResult } from "~/components/admin/article-editor";
import { editLinkSelector } from "~/components/admin/article-table";
import { servicesContext } from "~/context";
import { CoauthorError } from "~/services/articles/editorial.server";
import { parseArticleId } from "~/utils/articles";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ARTICLE_EDIT_TEXTS, OpenedVersion } from "~/validation/article";
import { historyAddress } from "~/validation/revisions";
import type { Route } from "./+types/article-edit";
import { formValues, listAddress, parseEditorForm } from "./article-editing.server";
import { STATUS_LABELS } from "~/domain/article-status";
import { can } from "~/domain/permissions";
import { keepFormWhenSignedOut, requireArticlePermission } from "./guard.server";
import { noticeHeaders } from "./notice.server";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit: ${loaderData.values.title} · Admin` : "Edit article · Admin");

/**
 * The article to edit, draft or published. A stale link (the article was deleted) goes back to the list and
 * says so; someone else's article answers 403 to an author or contributor; a contributor's submitted draft
 * goes back to the list with the reason (it is with the editors until they send it back).
 */
export async function loader(args: Route.LoaderArgs) {
  const id = parseArticleId(args.params.id);
  const { actor, article: facts } = await requireArticlePermission(args, "article.view", id);
  const { editorial, tags } = args.context.get(servicesContext);
  const article = facts && id ? await editorial.findForEditing(id) : null;
  if (!article) {
    throw redirect(listAddress(args.request), {
      headers: await noticeHeaders({ kind: "error", text: ARTICLE_EDIT_TEXTS.missing }),
    });
  }
  if (!can(actor, "article.edit", article)) {
    throw redirect(listAddress(args.request), {
      headers: await noticeHeaders({ kind: "error", text: ARTICLE_EDIT_TEXTS.inReview }),
    });
  }
  // Editors and administrators choose co-authors; the others' saves leave them as they are.
  const coauthors = can(actor, "article.chooseCoauthors")
    ? { options: await editorial.coauthorChoices(), leadAuthorId: article.authorId }
    : null;
  return {
    id: article.id,
    values: formValues(article, await editorial.coauthorIds(article.id), await editorial.tagNames(article.id)),
    tagSuggestions: await tags.suggestions(),
    coauthors,
    updatedAt: article.updatedAt.toISOString(),
    status: article.status,
    reviewNote: article.reviewNote,
    authorName: article.authorName,
    canCorrect: can(actor, "article.correct", article),
  };
}

/**
 * Save Changes: the shared schema, then one UPDATE of this version of the article. Success goes back to
 * the list with the spec's "Article updated successfully"; anything else stays in the editor with its reason.
 */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => save(args));
}

async function save(args: Route.ActionArgs) {
  const id = parseArticleId(args.params.id);
  const { actor, article: facts } = await requireArticlePermission(args, "article.edit", id);
  const { editorial, revisions, sections, logger } = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const parsed = parseEditorForm(
    form,
    sections,
    facts && can(actor, "article.chooseCoauthors") ? { leadAuthorId: facts.authorId } : null,
  );
  if (!parsed.ok) return data<ArticleEditorResult>(parsed.result, 400);
  if (!id)
    return data<ArticleEditorResult>({ formError: `${ARTICLE_EDIT_TEXTS.updateFailed}. ${ARTICLE_EDIT_TEXTS.missing}` }, 404);

  const values = parsed.values;
  const posted = form.get("updatedAt");
  const opened = posted === null ? undefined : OpenedVersion.safeParse(posted);
  if (opened && !opened.success)
    return data<ArticleEditorResult>(
      { formError: `${ARTICLE_EDIT_TEXTS.updateFailed}. ${ARTICLE_EDIT_TEXTS.unknownVersion}`, values },
      400,
    );
  const expectedUpdatedAt = opened?.data;
  try {
    const outcome = await editorial.update(id, parsed.input, {
      expectedUpdatedAt,
      draftsOnly: actor.role === "contributor",
      by: actor.adminId,
      coauthorIds: parsed.coauthorIds,
      tagNames: parsed.tagNames,
    });
    if (outcome === "done") {
      return redirect(listAddress(args.request), {
        status: 303,
        headers: await noticeHeaders({ kind: "success", text: ARTICLE_EDIT_TEXTS.updated }),
      });
    }
    const reason = outcome === "missing" ? ARTICLE_EDIT_TEXTS.missing : ARTICLE_EDIT_TEXTS.stale;
    // A stale save links to what the other admin changed since this editor opened the article.
    const changesHref = outcome === "stale" ? historyAddress(id, await revisions.sinceOpened(id, expectedUpdatedAt)) : undefined;
    return data<ArticleEditorResult>(
      { formError: `${ARTICLE_EDIT_TEXTS.updateFailed}. ${reason}`, values, ...(changesHref ? { changesHref } : {}) },
      outcome === "missing" ? 404 : 409,
    );
  } catch (error) {
    if (error instanceof CoauthorError) return data<ArticleEditorResult>({ formError: error.message, values }, 400);
    logger.error({ err: error, articleId: id }, "article update failed");
    return data<ArticleEditorResult>({ formError: ARTICLE_EDIT_TEXTS.updateFailed, values }, 500);
  }
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <ArticleEditor
      key={`${loaderData.id}:${loaderData.updatedAt}`}
      mode="edit"
      initial={loaderData.values}
      result={actionData}
      backTo={`/admin/articles${search}`}
      updatedAt={loaderData.updatedAt}
      returnFocusTo={editLinkSelector(loaderData.id)}
      correctionsHref={loaderData.canCorrect ? `/admin/articles/${loaderData.id}/corrections` : undefined}
      historyHref={historyAddress(loaderData.id)}
      review={{
        authorName: loaderData.authorName,
        statusLabel: STATUS_LABELS[loaderData.status],
        note: loaderData.reviewNote,
      }}
      coauthors={loaderData.coauthors}
      tagSuggestions={loaderData.tagSuggestions}
    />
  );
}
