import type { ArticleSummary } from "~/utils/articles";
import { formatArticleDate } from "~/utils/dates";
import { STOCK_IMAGE_HEIGHT, STOCK_IMAGE_WIDTH } from "~/utils/stock-images";

/** A story in a list: cover, category, title, excerpt, author and date. */
export function ArticleCard({ article, eager = false }: { article: ArticleSummary; eager?: boolean }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {article.image ? (
        <img
          src={article.image}
          alt=""
          width={STOCK_IMAGE_WIDTH}
          height={STOCK_IMAGE_HEIGHT}
          loading={eager ? "eager" : "lazy"}
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <span className="w-fit rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-700 dark:bg-blue-950 dark:text-blue-300">
          {article.category}
        </span>
        <h2 className="text-lg font-bold leading-snug">
          <a href={`/article/${article.id}`} className="hover:underline">
            {article.title}
          </a>
        </h2>
        <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{article.excerpt}</p>
        <p className="mt-auto pt-2 text-xs text-slate-500 dark:text-slate-400">
          {article.author.name} · {formatArticleDate(article.publishedAt)} · {article.readTime} min read
        </p>
      </div>
    </article>
  );
}
