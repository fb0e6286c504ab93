import { ArrowRight } from "lucide-react";
import { redirect } from "react-router";
import { AdSlot } from "~/components/ad-slot";
import { ArticleGrid, ArticleListItem } from "~/components/article-card";
import { AiAssistedBadge, CategoryBadge } from "~/components/category-badge";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { servicesContext } from "~/context";
import { articlePath, authorPath } from "~/utils/articles";
import type { ArticleSummary } from "~/domain/articles";
import { CATEGORY_SUBTITLES } from "~/domain/sections";
import type { SectionInfo } from "~/validation/sections";
import { useSite } from "~/components/layout/use-site";
import { useArticleDate } from "~/components/use-article-date";
import { formatReadTime } from "~/utils/read-time";
import { pageMeta } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { plainPicture, type Picture } from "~/utils/responsive-images";
import { CoverPicture } from "~/components/cover-picture";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import type { Route } from "./+types/home";

/** A WordPress post's plain address, "/?p=42": the loader redirects it when the post was imported. */
const WORDPRESS_POST_QUERY = /(?:^\?|&)p=\d{1,12}(?:&|$)/;

export const handle = {
  ...readerPageHandle,
  cache: { query: ["newsletter"], unless: WORDPRESS_POST_QUERY },
} satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A WordPress post's plain address, "/?p=42", when the post was imported.
  const wordPressId = new URL(request.url).searchParams.get("p");
  if (wordPressId && /^\d{1,12}$/.test(wordPressId)) {
    const articleId = await context.get(servicesContext).oldAddresses.articleFor(`/?p=${wordPressId}`);
    if (articleId !== null) throw redirect(articlePath(articleId), 301);
  }
  const { articles, images } = context.get(servicesContext);
  const page = await articles.homePage();
  const covers = [page.hero, ...page.latest, ...page.popular].flatMap((article) => (article ? [article.image] : []));
  return { ...page, pictures: await images.pictures(covers) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  return pageMeta(site, {
    title: `${site.name}: ${site.tagline}`,
    description: site.description,
    path: "/",
    image: loaderData?.hero?.image,
  });
}

/** The specification's tiles: its words and colours for its three, while their descriptions are still its own. */
const SPEC_TILES: Record<string, { blurb: string; description: string; tile: string }> = {
  AI: {
    blurb: "Models, research and the companies building them",
    description: CATEGORY_SUBTITLES.AI,
    tile: "from-violet-600 to-indigo-700",
  },
  Startups: {
    blurb: "Funding rounds, launches and founders",
    description: CATEGORY_SUBTITLES.Startups,
    tile: "from-orange-600 to-rose-700",
  },
  Mobile: {
    blurb: "Phones, apps and the platforms behind them",
    description: CATEGORY_SUBTITLES.Mobile,
    tile: "from-emerald-600 to-teal-700",
  },
};

/** The "Explore by Category" strip: the sections given a place on it, in that order (decision 042). */
function exploreTiles(sections: readonly SectionInfo[]) {
  return sections
    .filter((section) => section.explore > 0)
    .sort((a, b) => a.explore - b.explore)
    .map((section) => {
      const spec = SPEC_TILES[section.name];
      const own = !spec || spec.description !== section.description;
      return {
        name: section.name,
        href: `/category/${section.slug}`,
        blurb: own ? section.description : spec.blurb,
        // A section of the newsroom's own is drawn in its badge colour, which carries white text (4.5:1 on white).
        tile: spec ? spec.tile : "",
        style: spec ? undefined : { backgroundColor: section.colour },
      };
    });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, latest, popular, pictures } = loaderData;
  const { sections } = useSite();
  return (
    <SiteShell>
      <Container className="py-8">
        <h1 className="sr-only">Technology news</h1>
        {hero ? <Hero article={hero} picture={pictures[hero.image]} /> : null}
        <AdSlot className="my-8" />
        <div className="grid gap-10 lg:grid-cols-3">
          <section aria-labelledby="latest-stories" className="lg:col-span-2">
            <h2 id="latest-stories" className="mb-5 text-2xl font-bold tracking-tight">
              Latest Stories
            </h2>
            {latest.length === 0 ? (
              <p className="text-slate-600 dark:text-slate-400">No articles have been published yet.</p>
            ) : (
              <ArticleGrid articles={latest} columns={2} headingLevel={3} pictures={pictures} firstIsMain={!hero} />
            )}
          </section>
          <aside aria-label="Popular stories and newsletter" className="space-y-8">
            <section aria-labelledby="popular-stories">
              <h2 id="popular-stories" className="mb-4 text-xl font-bold tracking-tight">
                Popular Stories
              </h2>
              {popular.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">No popular stories yet.</p>
              ) : (
                <ol className="space-y-4">
                  {popular.map((article) => (
                    <li key={article.id}>
                      <ArticleListItem article={article} picture={pictures[article.image]} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <AdSlot format="rectangle" />
            <NewsletterSignup variant="sidebar" />
          </aside>
        </div>
        <section aria-labelledby="explore-by-category" className="mt-14">
          <h2 id="explore-by-category" className="mb-5 text-2xl font-bold tracking-tight">
            Explore by Category
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {exploreTiles(sections).map(({ name, href, blurb, tile, style }) => (
              <li key={name}>
                <a
                  href={href}
                  style={style}
                  className={`group flex h-full flex-col justify-between rounded-xl bg-gradient-to-br ${tile} p-6 text-white shadow-sm transition hover:shadow-lg`}
                >
                  <span className="text-xl font-bold">{name}</span>
                  <span className="mt-2 text-sm text-white/90">{blurb}</span>
                  <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold">
                    Browse {name} <ArrowRight aria-hidden className="size-4 transition group-hover:translate-x-1" />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </Container>
    </SiteShell>
  );
}

/** The newest featured story, large. Its cover is the page's main image: eager, high priority. */
function Hero({ article, picture }: { article: ArticleSummary; picture?: Picture }) {
  const articleDate = useArticleDate();
  return (
    <article className="group relative grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-5 dark:border-slate-800 dark:bg-slate-900">
      <CoverPicture
        picture={picture ?? plainPicture(article.image)}
        sizes="(min-width: 72rem) 43rem, (min-width: 48rem) 60vw, calc(100vw - 2rem)"
        main
        className="aspect-video h-full w-full bg-slate-100 object-cover md:col-span-3 md:aspect-auto dark:bg-slate-800"
      />
      <div className="flex flex-col justify-center gap-3 p-6 md:col-span-2 md:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs font-bold tracking-widest text-blue-700 uppercase dark:text-blue-300">Featured</span>
          <CategoryBadge category={article.category} />
          {article.isAiGenerated ? <AiAssistedBadge /> : null}
        </div>
        <h2 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">
          <a href={articlePath(article.id)} className="after:absolute after:inset-0 group-hover:underline">
            {article.title}
          </a>
        </h2>
        <p className="text-slate-600 dark:text-slate-300">{article.excerpt}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <a href={authorPath(article.author.slug)} className="relative z-10 hover:underline">
            {article.author.name}
          </a>{" "}
          · {articleDate(article.publishedAt)} · {formatReadTime(article.readTime)}
        </p>
      </div>
    </article>
  );
}
