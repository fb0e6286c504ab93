import { Search as SearchIcon } from "lucide-react";
import { data } from "react-router";
import { CategoryBadge } from "~/components/category-badge";
import { HighlightedSnippet } from "~/components/highlighted-snippet";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import { articlePath } from "~/utils/articles";
import { useArticleDate } from "~/components/use-article-date";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { parsePageParam } from "~/validation/paging";
import { parseSearchQuery, searchPath } from "~/validation/search";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import type { Route } from "./+types/search";
import { plainPicture, type Picture } from "~/utils/responsive-images";
import { CoverPicture } from "~/components/cover-picture";
import { SearchGapBeacon } from "~/components/view-beacon";
import { useSite } from "~/components/layout/use-site";

export const handle = { ...readerPageHandle, cache: { query: ["query", "page", "newsletter"] } } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseSearchQuery(request.url);
  if (!parsed.ok) {
    // A query the database would refuse (control characters): the page says so, with 400 and no results.
    return data(
      {
        query: "",
        results: [],
        total: 0,
        more: false,
        page: 1,
        pageCount: 1,
        error: parsed.error,
        pictures: {} as Record<string, Picture>,
      },
      400,
    );
  }
  const { search, images } = context.get(servicesContext);
  const page = await search.search(parsed.query, parsePageParam(request.url));
  return { ...page, error: undefined, pictures: await images.pictures(page.results.map((result) => result.image)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const query = loaderData?.query ?? "";
  return [
    ...pageMeta(site, {
      title: pageTitle(site, query ? `Search: ${query}` : "Search"),
      description: `Search ${site.name}'s ${site.tagline}.`,
      path: "/search",
    }),
    // Result pages are endless and change by the hour; they are for readers, not for indexes.
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const articleDate = useArticleDate();
  const { site } = useSite();
  const { query, results, total, more, page, pageCount, error } = loaderData;
  // Counting stops at SEARCH_COUNT_LIMIT (decision 012).
  const found = more ? `more than ${total.toLocaleString("en-US")} results` : `${total} ${total === 1 ? "result" : "results"}`;
  return (
    <SiteShell>
      <Container width="wide" className="py-10">
        <form method="get" action="/search" role="search" data-search-page="" className="mb-8 flex gap-2">
          <label htmlFor="search-page-query" className="sr-only">
            Search articles
          </label>
          <input
            id="search-page-query"
            name="query"
            type="search"
            defaultValue={query}
            key={query}
            placeholder="Search articles..."
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2.5 dark:border-slate-700 dark:bg-slate-900"
          />
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white hover:bg-blue-700"
          >
            <SearchIcon aria-hidden className="size-4" /> Search
          </button>
        </form>

        {/* "Searching for ..." while the next results load (islands/search-page.ts). */}
        <p role="status" data-search-status="" className="mb-4 text-sm text-slate-600 dark:text-slate-400" />
        {error ? (
          <div className="py-12 text-center">
            <h1 className="text-2xl font-bold">Please try another search.</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">{error}</p>
          </div>
        ) : !query ? (
          <div className="py-12 text-center">
            <h1 className="text-2xl font-bold">Please enter a search term to find articles.</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">No search query provided</p>
          </div>
        ) : total === 0 ? (
          <div className="py-12 text-center">
            <h1 className="text-2xl font-bold">No articles found</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              We couldn't find any articles matching "{query}". Try other words, or browse the latest stories.
            </p>
            <div className="mt-6 flex justify-center gap-4">
              <a href="/" className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
                Back to home
              </a>
              <a
                href="/category/ai"
                className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                Browse AI news
              </a>
            </div>
            {site.analytics ? <SearchGapBeacon query={query} /> : null}
          </div>
        ) : (
          <>
            <h1 className="mb-6 text-2xl font-bold" aria-live="polite">
              Found {found} for "{query}"
            </h1>
            <ol className="space-y-6">
              {results.map((result) => (
                <li key={result.id}>
                  <article className="group relative flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                    <CoverPicture
                      picture={loaderData.pictures[result.image] ?? plainPicture(result.image)}
                      sizes="10rem"
                      className="hidden aspect-video w-40 shrink-0 rounded-lg bg-slate-100 object-cover sm:block dark:bg-slate-800"
                    />
                    <div className="min-w-0">
                      <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                        <CategoryBadge category={result.category} />
                        <span>{articleDate(result.publishedAt)}</span>
                      </div>
                      <h2 className="mt-2 text-lg leading-snug font-bold">
                        <a href={articlePath(result.id)} className="after:absolute after:inset-0 group-hover:underline">
                          {result.title}
                        </a>
                      </h2>
                      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                        <HighlightedSnippet snippet={result.snippet} />
                      </p>
                    </div>
                  </article>
                </li>
              ))}
            </ol>
            <Pagination page={page} pageCount={pageCount} hrefFor={(target) => searchPath(query, target)} />
          </>
        )}
      </Container>
    </SiteShell>
  );
}
