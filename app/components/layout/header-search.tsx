import { Search } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import type { ArticleSummary } from "~/utils/articles";
import { articlePath } from "~/utils/articles";
import { useArticleDate } from "../use-article-date";
import { INSTANT_SEARCH_DEBOUNCE_MS, INSTANT_SEARCH_LIMIT, INSTANT_SEARCH_MIN_LENGTH, searchPath } from "~/validation/search";
import { CategoryBadge } from "../category-badge";
import { useDismiss } from "./use-dismiss";

type Lookup =
  { state: "idle" } | { state: "loading"; query: string } | { state: "done"; query: string; results: ArticleSummary[] };

/**
 * The header's search box: an ARIA combobox with a "Quick Results" listbox. Without JavaScript it is a
 * plain search form that opens the results page.
 */
export function HeaderSearch({ id }: { id: string }) {
  const articleDate = useArticleDate();
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapperRef = useRef<HTMLFormElement>(null);
  const listboxId = useId();
  const query = value.trim();

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);
  useDismiss(wrapperRef, open, close);

  // Debounced lookup; a newer keystroke cancels the pending one and aborts its request.
  useEffect(() => {
    if (query.length < INSTANT_SEARCH_MIN_LENGTH) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLookup({ state: "loading", query });
      try {
        const response = await fetch(`/api/search?${new URLSearchParams({ query })}`, { signal: controller.signal });
        const body = (await response.json()) as { results?: ArticleSummary[] };
        setLookup({ state: "done", query, results: (body.results ?? []).slice(0, INSTANT_SEARCH_LIMIT) });
      } catch {
        // The spec: a failed instant search shows empty results.
        if (!controller.signal.aborted) setLookup({ state: "done", query, results: [] });
      }
    }, INSTANT_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Only an answer for what the box holds now counts.
  const current = lookup.state === "done" && lookup.query === query ? lookup : null;
  const results = current?.results ?? [];
  const showList = open && current !== null && query.length >= INSTANT_SEARCH_MIN_LENGTH;
  // The options: each result, then "View all results" (or "Try advanced search").
  const targets = [...results.map((result) => articlePath(result.id)), searchPath(query)];

  function go(href: string) {
    close();
    void navigate(href);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!query) return; // The spec: an empty submit does nothing.
    go(searchPath(query));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!showList) return;
      event.preventDefault();
      const count = targets.length;
      setActive((current) => (event.key === "ArrowDown" ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
    } else if (event.key === "Enter" && showList && targets[active]) {
      event.preventDefault();
      go(targets[active]);
    } else if (event.key === "Escape") {
      close();
    }
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;

  return (
    <form ref={wrapperRef} role="search" action="/search" method="get" onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        Search articles
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
      <input
        id={id}
        name="query"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        placeholder="Search articles..."
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(event) => {
          if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) close();
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-full border border-slate-300 bg-slate-50 py-2 pr-4 pl-9 text-sm placeholder:text-slate-500 focus:border-blue-500 focus:bg-white focus:ring-2 focus:ring-blue-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:focus:bg-slate-900"
      />
      <div
        className={`absolute top-full right-0 z-50 mt-2 w-full min-w-[20rem] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:min-w-[26rem] dark:border-slate-700 dark:bg-slate-900 ${showList ? "" : "hidden"}`}
      >
        <p className="border-b border-slate-200 px-4 py-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:border-slate-700 dark:text-slate-400">
          Quick Results
        </p>
        <ul id={listboxId} role="listbox" aria-label="Quick Results" className="max-h-[70vh] overflow-y-auto">
          {results.map((result, index) => (
            <li
              key={result.id}
              id={optionId(index)}
              role="option"
              aria-selected={active === index}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => go(articlePath(result.id))}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer gap-3 px-4 py-3 ${active === index ? "bg-slate-100 dark:bg-slate-800" : ""}`}
            >
              <img
                src={result.image}
                alt=""
                width={64}
                height={36}
                className="h-12 w-20 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
              />
              <div className="min-w-0">
                <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                  <CategoryBadge category={result.category} />
                  <span>{articleDate(result.publishedAt)}</span>
                </div>
                <p className="mt-1 truncate text-sm font-semibold">{result.title}</p>
                <p className="truncate text-xs text-slate-600 dark:text-slate-400">{result.excerpt}</p>
              </div>
            </li>
          ))}
          <li
            id={optionId(results.length)}
            role="option"
            aria-selected={active === results.length}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => go(searchPath(query))}
            onMouseEnter={() => setActive(results.length)}
            className={`cursor-pointer border-t border-slate-200 px-4 py-3 text-sm dark:border-slate-700 ${active === results.length ? "bg-slate-100 dark:bg-slate-800" : ""}`}
          >
            {results.length > 0 ? (
              <span className="font-semibold text-blue-700 dark:text-blue-300">View all results for "{query}"</span>
            ) : (
              <>
                <span className="block text-slate-700 dark:text-slate-300">No articles found for "{query}"</span>
                <span className="mt-1 block font-semibold text-blue-700 dark:text-blue-300">Try advanced search</span>
              </>
            )}
          </li>
        </ul>
      </div>
    </form>
  );
}
