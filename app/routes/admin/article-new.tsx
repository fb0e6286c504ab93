import { data, redirect, useLocation } from "react-router";
import { ArticleEditor, EMPTY_ARTICLE, type ArticleEditorResult } from "~/components/admin/article-editor";
import { NEW_ARTICLE_LINK } from "~/components/admin/article-table";
import { servicesContext } from "~/context";
import { CoauthorError } from "~/services/articles/editorial.server";
import { can } from "~/domain/permissions";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ARTICLE_EDIT_TEXTS, FollowUpDecision } from "~/validation/article";
import type { Route } from "./+types/article-new";
import { parseEditorForm } from "./article-editing.server";
import { keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders } from "./notice.server";

export const meta: Route.MetaFunction = () => adminMeta("New article · Admin");

/** Editors and administrators also choose co-authors: the author profiles are offered, the writer leads. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requirePermission(args, "article.create");
  const { editorial, tags } = args.context.get(servicesContext);
  const tagSuggestions = await tags.suggestions();
  if (!can(admin, "article.chooseCoauthors")) return { coauthors: null, tagSuggestions };
  return { coauthors: { options: await editorial.coauthorChoices(), leadAuthorId: admin.authorId }, tagSuggestions };
}

/**
 * A new article written by hand: saved as a draft signed by the writer's
 * author profile, after the spec's duplicate check, which the editor may override by confirming. A possible
 * follow-up of an earlier story is offered once, to be marked related, then saved.
 */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => save(args));
}

async function save(args: Route.ActionArgs) {
  const admin = await requirePermission(args, "article.create");
  const { editorial, sections, logger } = args.context.get(servicesContext);
  const form = await readForm(args.request);
  const parsed = parseEditorForm(form, sections, can(admin, "article.chooseCoauthors") ? { leadAuthorId: admin.authorId } : null);
  if (!parsed.ok) return data<ArticleEditorResult>(parsed.result, 400);
  const values = parsed.values;
  const followUp = FollowUpDecision.safeParse({
    followUpSeen: form.get("followUpSeen") ?? undefined,
    relatedTo: form.get("relatedTo") ?? undefined,
  });
  if (!followUp.success) throw data("Bad request", { status: 400 });
  try {
    const created = await editorial.create(parsed.input, {
      authorId: admin.authorId,
      role: admin.role,
      by: admin.adminId,
      allowDuplicate: form.get("allowDuplicate") === "true",
      followUpSeen: followUp.data.followUpSeen,
      relatedTo: followUp.data.relatedTo ?? null,
      coauthorIds: parsed.coauthorIds,
      tagNames: parsed.tagNames,
    });
    if (created.outcome === "duplicate") {
      const { id, title, status, judgement } = created.similar;
      return data<ArticleEditorResult>({ duplicate: { id, title, status, judgement }, values }, 409);
    }
    if (created.outcome === "follow-up") {
      const { id, title, status, judgement } = created.earlier;
      return data<ArticleEditorResult>({ followUp: { id, title, status, judgement }, values });
    }
    // The whole list, newest first, where the new draft is the first row.
    return redirect("/admin/articles", {
      status: 303,
      headers: await noticeHeaders({ kind: "success", text: ARTICLE_EDIT_TEXTS.created }),
    });
  } catch (error) {
    if (error instanceof CoauthorError) return data<ArticleEditorResult>({ formError: error.message, values }, 400);
    logger.error({ err: error }, "article creation failed");
    return data<ArticleEditorResult>({ formError: ARTICLE_EDIT_TEXTS.createFailed, values }, 500);
  }
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <ArticleEditor
      mode="new"
      initial={EMPTY_ARTICLE}
      result={actionData}
      backTo={`/admin/articles${search}`}
      returnFocusTo={NEW_ARTICLE_LINK}
      coauthors={loaderData.coauthors}
      tagSuggestions={loaderData.tagSuggestions}
    />
  );
}
