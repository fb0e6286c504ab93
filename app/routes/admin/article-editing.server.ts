import type { ArticleEditorResult, ArticleFormValues } from "~/components/admin/article-editor";
import type { EditableArticle } from "~/domain/articles";
import { SECTION_TEXTS } from "~/validation/sections";
import { articleListSearch, parseArticleListQuery } from "~/validation/article-list";
import {
  ArticleInput,
  articleFieldErrors,
  ARTICLE_EDIT_TEXTS,
  COAUTHOR_FIELDS,
  coauthorChoice,
  type ArticleInput as ParsedArticle,
} from "~/validation/article";
import { ArticleTagNames, tagFieldsOf } from "~/validation/tags";

/**
 * The list a request came from, rebuilt from its search, filters and page (which travel in the query
 * string of the list's actions and of the editor), so nothing else in the URL is carried along.
 */
export function listAddress(request: Request): string {
  return `/admin/articles${articleListSearch(parseArticleListQuery(new URL(request.url).searchParams))}`;
}

/** The editor's fields from an article, with its co-authors' ids in byline order and its tags' names. */
export function formValues(
  article: EditableArticle,
  coauthorIds: readonly number[] = [],
  tags: readonly string[] = [],
): ArticleFormValues {
  const { title, excerpt, content, category, readTime, sources, image, isFeatured, isPopular } = article;
  const coauthors = coauthorIds.map(String);
  return { title, excerpt, content, category, readTime, sources, image, isFeatured, isPopular, coauthors, tags: [...tags] };
}

/** What was posted, echoed back so a page rendered without JavaScript keeps what the editor typed. */
function postedValues(form: FormData): ArticleFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    content: text("content"),
    category: text("category"),
    readTime: text("readTime"),
    sources: text("sources"),
    image: text("image"),
    isFeatured: form.get("isFeatured") === "on",
    isPopular: form.get("isPopular") === "on",
    coauthors: COAUTHOR_FIELDS.map(text),
    ...tagFieldsOf(form),
  };
}

/**
 * The posted editor form through the shared schemas: the article, or the answer for a form with mistakes. With
 * `coauthors` (the person may choose them; `leadAuthorId` signs the article) the co-author selects are read too, and
 * `coauthorIds` lists the choice in order; without, they are ignored and `coauthorIds` is undefined (left as they are).
 */
export function parseEditorForm(
  form: FormData,
  sections: { byName(name: string): unknown },
  coauthors: { leadAuthorId: number } | null = null,
):
  | { ok: true; input: ParsedArticle; coauthorIds: number[] | undefined; tagNames: string[]; values: ArticleFormValues }
  | { ok: false; result: ArticleEditorResult } {
  const values = postedValues(form);
  const fields = Object.fromEntries(form);
  const parsed = ArticleInput.safeParse(fields);
  const chosen = coauthors ? coauthorChoice(coauthors.leadAuthorId).safeParse(fields) : null;
  // A section deleted (or renamed) since the form was opened is no section.
  const unknownSection = parsed.success && !sections.byName(parsed.data.category);
  // The tags: the chips and what is still typed, several values of one name, so read apart from the rest.
  const tagged = ArticleTagNames.safeParse(tagFieldsOf(form));
  if (parsed.success && !unknownSection && (chosen === null || chosen.success) && tagged.success)
    return { ok: true, input: parsed.data, coauthorIds: chosen?.data, tagNames: tagged.data, values };
  const fieldErrors = {
    ...(parsed.success ? {} : articleFieldErrors(parsed.error)),
    ...(unknownSection ? { category: SECTION_TEXTS.unknown } : {}),
    ...(chosen && !chosen.success ? articleFieldErrors(chosen.error) : {}),
    ...(tagged.success ? {} : { tags: tagged.error.issues[0]?.message }),
  };
  return { ok: false, result: { fieldErrors, formError: ARTICLE_EDIT_TEXTS.fixFields, values } };
}
