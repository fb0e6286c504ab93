import { Rss } from "lucide-react";
import { data, redirect } from "react-router";
import { ArticleGrid } from "~/components/article-card";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { tagPath } from "~/utils/tags";
import { parsePageParam } from "~/validation/paging";
import type { Route } from "./+types/tag";

export const handle = { ...readerPageHandle, cache: { query: ["page", "newsletter"] } } satisfies RouteHandle;

/**
 * A tag's page: the articles readers may see that carry it, newest first, paged like a category. An address
 * a tag moved away from (renamed, merged) answers 301 to where it lives now, in one hop; any other unknown address is
 * the site's 404 page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePageParam(request.url);
  const { tagPages, images, oldAddresses } = context.get(servicesContext);
  const found = await tagPages.page(params.slug, page);
  if (!found) {
    const url = new URL(request.url);
    const movedTo = await oldAddresses.movedTo(`${url.pathname}${url.search}`);
    if (movedTo !== null) throw redirect(movedTo, 301);
    throw data(null, { status: 404 });
  }
  return { ...found, pictures: await images.pictures(found.articles.map((article) => article.image)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: pageTitle(site, "Tag not found") }, { name: "robots", content: "noindex" }];
  const { tag, page } = loaderData;
  const path = tagPath(tag.slug);
  const feedTitle = `${tag.name} on ${site.name}`;
  return [
    ...pageMeta(site, {
      title: pageTitle(site, tag.name),
      description: `The latest stories about ${tag.name} on ${site.name}.`,
      path: `${path}${page > 1 ? `?page=${page}` : ""}`,
      type: "website",
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: feedTitle, href: `${path}/rss.xml` },
    { tagName: "link", rel: "alternate", type: "application/feed+json", title: feedTitle, href: `${path}/feed.json` },
  ];
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, articles, page, pageCount } = loaderData;
  const path = tagPath(tag.slug);
  return (
    <SiteShell>
      <Container className="py-10">
        <header className="mb-8 border-b border-slate-200 pb-6 dark:border-slate-800">
          <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Tag</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{tag.name}</h1>
          <p className="mt-3 text-sm">
            <a
              href={`${path}/rss.xml`}
              className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-300"
            >
              <Rss aria-hidden className="size-4" /> RSS feed of {tag.name}
            </a>
          </p>
        </header>
        {articles.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <h2 className="text-xl font-bold">No articles found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">No published stories carry this tag yet.</p>
            <a href="/" className="mt-6 inline-block font-semibold text-blue-700 hover:underline dark:text-blue-300">
              Back to home
            </a>
          </div>
        ) : (
          <>
            <ArticleGrid articles={articles} pictures={loaderData.pictures} firstIsMain />
            <Pagination page={page} pageCount={pageCount} hrefFor={(target) => `${path}?page=${target}`} />
          </>
        )}
        <div className="mt-14">
          <NewsletterSignup />
        </div>
      </Container>
    </SiteShell>
  );
}
