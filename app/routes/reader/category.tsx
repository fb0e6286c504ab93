import { data, redirect } from "react-router";
import { ArticleGrid } from "~/components/article-card";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import type { Picture } from "~/utils/responsive-images";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { parsePageParam } from "~/validation/paging";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import type { Route } from "./+types/category";

export const handle = { ...readerPageHandle, cache: { query: ["page", "newsletter"] } } satisfies RouteHandle;

/**
 * A section's published stories, newest first (decision 042). The address is matched in lower case; an address a
 * section moved away from answers 301 to where it lives now; an unknown one is shown as given, with the empty state
 * and a 404 status so search engines skip it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { articles, images, sections, oldAddresses } = context.get(servicesContext);
  const section = sections.bySlug(params.slug);
  if (!section) {
    const url = new URL(request.url);
    const movedTo = await oldAddresses.movedTo(`${url.pathname}${url.search}`);
    if (movedTo !== null) throw redirect(movedTo, 301);
    return data(
      {
        name: capitalise(params.slug),
        slug: params.slug,
        description: "",
        cover: "",
        known: false,
        articles: [],
        total: 0,
        page: 1,
        pageCount: 1,
        pictures: {} as Record<string, Picture>,
      },
      { status: 404 },
    );
  }
  const page = parsePageParam(request.url);
  const listing = await articles.categoryPage(section.name, page);
  const pictures = await images.pictures(listing.articles.map((article) => article.image));
  const { name, slug, description, cover } = section;
  return { name, slug, description, cover, known: true, ...listing, pictures };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const name = loaderData?.name ?? "Category";
  const page = loaderData && loaderData.page > 1 ? `?page=${loaderData.page}` : "";
  return [
    ...pageMeta(site, {
      title: pageTitle(site, `${name} News`),
      description: loaderData?.description || `The latest ${name} stories.`,
      path: `/category/${loaderData?.slug ?? ""}${page}`,
      // An uploaded cover is the section's picture in link previews; a stock drawing is not made for them.
      image: loaderData?.cover.startsWith("/uploads/") ? loaderData.cover : undefined,
    }),
    ...(loaderData?.known
      ? [
          {
            tagName: "link",
            rel: "alternate",
            type: "application/rss+xml",
            title: `${name} News`,
            href: `/category/${loaderData.slug}/rss.xml`,
          },
          {
            tagName: "link",
            rel: "alternate",
            type: "application/feed+json",
            title: `${name} News`,
            href: `/category/${loaderData.slug}/feed.json`,
          },
        ]
      : []),
  ];
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { name, slug, articles, page, pageCount } = loaderData;
  return (
    <SiteShell>
      <Container className="py-10">
        <header className="mb-8 border-b border-slate-200 pb-6 dark:border-slate-800">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{name} News</h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-400">
            {loaderData.description || `The latest ${name} stories, analysis and reviews.`}
          </p>
        </header>
        {articles.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <h2 className="text-xl font-bold">No articles found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">We couldn't find any articles in the {name} category.</p>
            <a href="/" className="mt-6 inline-block font-semibold text-blue-700 hover:underline dark:text-blue-300">
              Back to home
            </a>
          </div>
        ) : (
          <>
            <ArticleGrid articles={articles} pictures={loaderData.pictures} firstIsMain />
            <Pagination page={page} pageCount={pageCount} hrefFor={(target) => `/category/${slug}?page=${target}`} />
          </>
        )}
        <div className="mt-14">
          <NewsletterSignup />
        </div>
      </Container>
    </SiteShell>
  );
}

function capitalise(slug: string): string {
  return slug.charAt(0).toUpperCase() + slug.slice(1);
}
