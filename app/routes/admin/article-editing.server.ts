import type { ArticleEditorResult, ArticleFormValues } from "~/components/admin/article-editor";
import type { EditableArticle } from "~/utils/articles";
import { CATEGORIES, isCategory } from "~/utils/categories";
import { articleListSearch, parseArticleListQuery } from "~/validation/article-list";
import { ArticleInput, articleFieldErrors, ARTICLE_EDIT_TEXTS, type ArticleInput as ParsedArticle } from "~/validation/article";

/**
 * The list a request came from, rebuilt from its search, filters and page (which travel in the query
 * string of the list's actions and of the editor), so nothing else in the URL is carried along.
 */
export function listAddress(request: Request): string {
  return `/admin/articles${articleListSearch(parseArticleListQuery(new URL(request.url).searchParams))}`;
}

/** The editor's fields from an article. */
export function formValues(article: EditableArticle): ArticleFormValues {
  const { title, excerpt, content, category, readTime, sources, image, isFeatured, isPopular } = article;
  return { title, excerpt, content, category, readTime, sources, image, isFeatured, isPopular };
}

/** What was posted, echoed back so a page rendered without JavaScript keeps what the editor typed. */
function postedValues(form: FormData): ArticleFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const category = text("category");
  return {
    title: text("title"),
    excerpt: text("excerpt"),
    content: text("content"),
    category: isCategory(category) ? category : CATEGORIES[0],
    readTime: text("readTime"),
    sources: text("sources"),
    image: text("image"),
    isFeatured: form.get("isFeatured") === "on",
    isPopular: form.get("isPopular") === "on",
  };
}

/** The posted editor form through the shared schema: the article, or the answer for a form with mistakes. */
export function parseEditorForm(
  form: FormData,
): { ok: true; input: ParsedArticle; values: ArticleFormValues } | { ok: false; result: ArticleEditorResult } {
  const values = postedValues(form);
  const parsed = ArticleInput.safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true, input: parsed.data, values };
  return {
    ok: false,
    result: { fieldErrors: articleFieldErrors(parsed.error), formError: ARTICLE_EDIT_TEXTS.fixFields, values },
  };
}
