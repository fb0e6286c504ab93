import { Search } from "lucide-react";
import { useEffect, useRef, type RefObject } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useSectionNames } from "~/components/layout/use-site";
import type { ArticleListQuery } from "~/validation/article-list";
import { ADMIN_SEARCH_MAX_LENGTH, articleListSearch } from "~/validation/article-list";

/** Typing narrows the table this long after the last keystroke (as the reader's instant search). */
const SEARCH_DEBOUNCE_MS = 300;

const fieldClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

/**
 * Search and filters as a GET form, so their state lives in the URL (links and reloads keep it) and
 * they work without JavaScript. With it, a filter applies on change and the search as one types.
 */
export function ArticleFilters({ query, tagName }: { query: ArticleListQuery; tagName: string | null }) {
  const sectionNames = useSectionNames();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const searchRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);
  const statusRef = useRef<HTMLSelectElement>(null);
  useShownValue(searchRef, query.q);
  useShownValue(categoryRef, query.category ?? "");
  useShownValue(statusRef, query.status ?? "");

  const apply = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      // Empty filters are left out, so the address stays as short as a hand-written link.
      const params = new URLSearchParams();
      for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim()) params.set(name, value);
      void submit(params, { method: "get", action: "/admin/articles", replace: true, preventScrollReset: true });
    }, delay);
  };
  const filtered = Boolean(query.q || query.category || query.status || query.tag);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/admin/articles"
      role="search"
      aria-label="Articles"
      onSubmit={(event) => {
        event.preventDefault();
        apply(0);
      }}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end dark:border-slate-800 dark:bg-slate-900"
    >
      {query.tag && tagName ? (
        <p className="text-sm text-slate-700 sm:col-span-4 dark:text-slate-300">
          {/* The tag travels with the search and the other filters until it is let go. */}
          <input type="hidden" name="tag" value={query.tag} />
          Articles tagged <strong>{tagName}</strong>.{" "}
          <Link
            to={`/admin/articles${articleListSearch({ ...query, tag: undefined, page: 1 })}`}
            className="font-medium text-blue-700 underline dark:text-blue-300"
          >
            Show articles with any tag
          </Link>
        </p>
      ) : null}
      <div>
        <label htmlFor="filter-search" className="mb-1 block text-sm font-medium">
          Search articles
        </label>
        <input
          id="filter-search"
          type="search"
          name="q"
          ref={searchRef}
          defaultValue={query.q}
          maxLength={ADMIN_SEARCH_MAX_LENGTH}
          placeholder="Title or excerpt"
          autoComplete="off"
          onChange={() => apply(SEARCH_DEBOUNCE_MS)}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="filter-category" className="mb-1 block text-sm font-medium">
          Category
        </label>
        <select
          id="filter-category"
          name="category"
          ref={categoryRef}
          defaultValue={query.category ?? ""}
          onChange={() => apply(0)}
          className={fieldClass}
        >
          <option value="">All Categories</option>
          {sectionNames.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-status" className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id="filter-status"
          name="status"
          ref={statusRef}
          defaultValue={query.status ?? ""}
          onChange={() => apply(0)}
          className={fieldClass}
        >
          <option value="">All Status</option>
          <option value="published">Published</option>
          <option value="scheduled">Scheduled</option>
          <option value="draft">Draft</option>
          <option value="in_review">Needs review</option>
        </select>
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-white"
        >
          <Search aria-hidden className="size-4" />
          Search
        </button>
        {filtered ? (
          <Link
            to="/admin/articles"
            className="inline-flex items-center rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * Keeps an uncontrolled field showing the URL's value after a navigation (Clear, Back), without
 * remounting it, so the field being typed in keeps its focus and its text.
 */
function useShownValue(ref: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string) {
  useEffect(() => {
    const field = ref.current;
    if (field && field !== document.activeElement && field.value !== value) field.value = value;
  }, [ref, value]);
}
