import { data } from "react-router";
import { ArticleGrid } from "~/components/article-card";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import { categoryFromSlug, isCategory } from "~/utils/categories";
import type { Picture } from "~/utils/responsive-images";
import { pageMeta, pageTitle, siteFromMatches } from "~/utils/seo";
import { parsePageParam } from "~/validation/paging";
import { readerPageHandle } from "~/route-handle";
import type { Route } from "./+types/category";

export const handle = readerPageHandle;

/** What each category covers, under its heading. */
const SUBTITLES: Record<string, string> = {
  AI: "Models, research, tools and the companies building artificial intelligence.",
  Mobile: "Phones, tablets, apps and the platforms that run them.",
  Startups: "Funding rounds, launches, founders and the business of new technology.",
  Cloud: "Infrastructure, data centres, platforms and the services built on them.",
  Gadgets: "Hands-on reviews and news about the devices in your bag and on your desk.",
  Software: "Languages, frameworks, developer tools and the products built with them.",
  Security: "Vulnerabilities, breaches, privacy and how to stay safe.",
};

/**
 * A category's published stories, newest first. The slug matches a category case-insensitively; an
 * unknown slug is shown as given, with the empty state and a 404 status so search engines skip it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = categoryFromSlug(params.slug);
  const name = isCategory(category) ? category : capitalise(category);
  if (!isCategory(category)) {
    return data(
      {
        name,
        slug: params.slug,
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
  const { articles, images } = context.get(servicesContext);
  const listing = await articles.categoryPage(category, page);
  const pictures = await images.pictures(listing.articles.map((article) => article.image));
  return { name, slug: params.slug.toLowerCase(), known: true, ...listing, pictures };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const name = loaderData?.name ?? "Category";
  const page = loaderData && loaderData.page > 1 ? `?page=${loaderData.page}` : "";
  return [
    ...pageMeta(site, {
      title: pageTitle(site, `${name} News`),
      description: SUBTITLES[name] ?? `The latest ${name} stories.`,
      path: `/category/${loaderData?.slug ?? ""}${page}`,
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
            {SUBTITLES[name] ?? `The latest ${name} stories, analysis and reviews.`}
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
