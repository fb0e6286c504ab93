import type { ArticleSummary } from "~/domain/articles";
import { articlePath, authorPath } from "~/utils/articles";
import { useArticleDate } from "./use-article-date";
import { formatReadTime } from "~/utils/read-time";
import { plainPicture, type Picture } from "~/utils/responsive-images";
import { CoverPicture } from "./cover-picture";
import { AiAssistedBadge, CategoryBadge } from "./category-badge";

interface ArticleCardProps {
  article: ArticleSummary;
  /** The heading level that fits the page's outline. */
  headingLevel?: 2 | 3;
  /** The cover as the image service described it; without it, the address as it is. */
  picture?: Picture;
  /** The first image of the page: loaded at once, with high priority. */
  main?: boolean;
}

/** How wide a card's cover is drawn: a third of the page on wide screens, half on tablets, the whole width on phones. */
export const CARD_IMAGE_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";

/** A story in a list: cover, category, title, excerpt, author (linked to their page), date and read time. Covers load lazily. */
export function ArticleCard({ article, headingLevel = 2, picture, main = false }: ArticleCardProps) {
  const articleDate = useArticleDate();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md dark:border-slate-800 dark:bg-slate-900">
      {article.image ? (
        <CoverPicture
          picture={picture ?? plainPicture(article.image)}
          sizes={CARD_IMAGE_SIZES}
          main={main}
          className="aspect-video w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={article.category} />
          {article.isAiGenerated ? <AiAssistedBadge /> : null}
        </div>
        <Heading className="text-lg leading-snug font-bold">
          {/* The link covers the whole card, so the card is one target with one accessible name. */}
          <a href={articlePath(article.id)} className="after:absolute after:inset-0 group-hover:underline">
            {article.title}
          </a>
        </Heading>
        <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{article.excerpt}</p>
        <p className="mt-auto pt-2 text-xs text-slate-600 dark:text-slate-400">
          {/* Above the card's link, which covers the card, so the byline is its own target. */}
          <a href={authorPath(article.author.slug)} className="relative z-10 hover:underline">
            {article.author.name}
          </a>{" "}
          · {articleDate(article.publishedAt)} · {formatReadTime(article.readTime)}
        </p>
      </div>
    </article>
  );
}

/** Cards in a responsive grid: two columns, or three on wide screens. */
export function ArticleGrid({
  articles,
  columns = 3,
  headingLevel = 2,
  pictures = {},
  firstIsMain = false,
}: {
  articles: ArticleSummary[];
  columns?: 2 | 3;
  headingLevel?: 2 | 3;
  /** Covers described by the image service, by address. */
  pictures?: Record<string, Picture>;
  /** The first card's cover is the page's first image (a category page). */
  firstIsMain?: boolean;
}) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard
            article={article}
            headingLevel={headingLevel}
            picture={pictures[article.image]}
            main={firstIsMain && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** A compact line for sidebars: small cover, title, date. */
export function ArticleListItem({ article, picture }: { article: ArticleSummary; picture?: Picture }) {
  const articleDate = useArticleDate();
  return (
    <article className="group relative flex gap-3">
      <CoverPicture
        picture={picture ?? plainPicture(article.image)}
        sizes="6rem"
        className="h-16 w-24 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="min-w-0">
        <h3 className="text-sm leading-snug font-semibold">
          <a href={articlePath(article.id)} className="after:absolute after:inset-0 group-hover:underline">
            {article.title}
          </a>
        </h3>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {articleDate(article.publishedAt)} · {formatReadTime(article.readTime)}
        </p>
      </div>
    </article>
  );
}
