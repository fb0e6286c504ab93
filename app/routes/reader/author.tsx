import { Rss } from "lucide-react";
import { data } from "react-router";
import { ArticleGrid } from "~/components/article-card";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import { authorPath } from "~/utils/articles";
import { avatarOrDefault } from "~/utils/avatars";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { parsePageParam } from "~/validation/paging";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import type { Route } from "./+types/author";

export const handle = { ...readerPageHandle, cache: { query: ["page", "newsletter"] } } satisfies RouteHandle;

/**
 * An author's page: their profile and the articles they sign (as lead or co-author) that readers may see, newest
 * first, paged like a category. An unknown slug is the site's 404 page; a page past the end shows the empty state.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = parsePageParam(request.url);
  const { articles, images } = context.get(servicesContext);
  const found = await articles.authorPage(params.slug, page);
  if (!found) throw data(null, { status: 404 });
  return { ...found, pictures: await images.pictures(found.articles.map((article) => article.image)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: pageTitle(site, "Author not found") }, { name: "robots", content: "noindex" }];
  const { author, page } = loaderData;
  const path = authorPath(author.slug);
  return [
    ...pageMeta(site, {
      title: pageTitle(site, author.name),
      description: author.bio || `Articles by ${author.name} on ${site.name}.`,
      path: `${path}${page > 1 ? `?page=${page}` : ""}`,
      image: author.avatar || undefined,
      type: "website",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${author.name} on ${site.name}`,
      href: `${path}/rss.xml`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/feed+json",
      title: `${author.name} on ${site.name}`,
      href: `${path}/feed.json`,
    },
  ];
}

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, articles, page, pageCount } = loaderData;
  const path = authorPath(author.slug);
  return (
    <SiteShell>
      <Container className="py-10">
        <header className="mb-8 flex flex-col gap-5 border-b border-slate-200 pb-6 sm:flex-row sm:items-start dark:border-slate-800">
          <img
            src={avatarOrDefault(author.avatar)}
            alt=""
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full bg-slate-200 dark:bg-slate-700"
          />
          <div className="min-w-0">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{author.name}</h1>
            {author.role ? <p className="mt-1 text-lg text-slate-600 dark:text-slate-400">{author.role}</p> : null}
            {author.bio ? (
              <p className="mt-3 max-w-2xl whitespace-pre-line text-slate-700 dark:text-slate-300">{author.bio}</p>
            ) : null}
            <ul aria-label={`${author.name}'s links`} className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {author.links.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    rel="me noopener noreferrer"
                    className="font-medium text-blue-700 hover:underline dark:text-blue-300"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href={`${path}/rss.xml`}
                  className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-300"
                >
                  <Rss aria-hidden className="size-4" /> RSS feed of {author.name}
                </a>
              </li>
            </ul>
          </div>
        </header>
        <h2 className="mb-6 text-2xl font-bold tracking-tight">Articles by {author.name}</h2>
        {articles.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
            <p className="text-slate-600 dark:text-slate-400">No articles found.</p>
            <a href="/" className="mt-6 inline-block font-semibold text-blue-700 hover:underline dark:text-blue-300">
              Back to home
            </a>
          </div>
        ) : (
          <>
            <ArticleGrid articles={articles} headingLevel={3} pictures={loaderData.pictures} />
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
