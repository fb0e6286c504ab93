import { ArrowLeft, Clock } from "lucide-react";
import { data } from "react-router";
import { AdSlot } from "~/components/ad-slot";
import { ArticleBody } from "~/components/article-body";
import { ArticleGrid } from "~/components/article-card";
import { AiDisclosure, SourceLinkList } from "~/components/ai-disclosure";
import { AiAssistedBadge, CategoryBadge } from "~/components/category-badge";
import { CorrectionNotes } from "~/components/correction-notes";
import { JsonLd } from "~/components/json-ld";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import { ShareButton } from "~/components/share-button";
import { ViewBeacon } from "~/components/view-beacon";
import { servicesContext } from "~/context";
import { articlePath, authorPath, lastModifiedAt, parseArticleId, updatedAfterPublishing } from "~/utils/articles";
import type { ArticleDetail, BylineAuthor } from "~/domain/articles";
import type { CorrectionNote } from "~/utils/corrections";
import { avatarOrDefault } from "~/utils/avatars";
import { sectionPath } from "~/validation/sections";
import { useArticleDate } from "~/components/use-article-date";
import { formatReadTime } from "~/utils/read-time";
import { absoluteUrl, pageMeta, pageTitle, type SiteInfo } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { plainPicture, type Picture } from "~/utils/responsive-images";
import { CoverPicture } from "~/components/cover-picture";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import { ArticleTags } from "~/components/article-tags";
import type { TagLink } from "~/utils/tags";
import type { Route } from "./+types/article";

export const handle = { ...readerPageHandle, cache: { query: ["newsletter"] } } satisfies RouteHandle;

/** The cover spans the wide column (56rem) less the page's side padding on smaller screens. */
const ARTICLE_COVER_SIZES = "(min-width: 60rem) 56rem, calc(100vw - 2rem)";

/** A published article and three others to read next. A draft, a missing id or a malformed one is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { articles, corrections, images, sections, tagPages } = context.get(servicesContext);
  const id = parseArticleId(params.id);
  const article = id === null ? null : await articles.findPublished(id);
  if (!article)
    return data(
      {
        article: null,
        related: [],
        corrections: [],
        cover: null,
        pictures: {} as Record<string, Picture>,
        tags: [] as TagLink[],
      },
      { status: 404 },
    );
  const [related, notes, cover, tags] = await Promise.all([
    articles.listRelated(article),
    corrections.listForArticle(article.id),
    images.cover(article.image, sections.byName(article.category)?.cover ?? ""),
    tagPages.forArticle(article.id),
  ]);
  const pictures = await images.pictures(related.map((story) => story.image));
  return { article, related, corrections: notes, cover, pictures, tags };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const article = loaderData?.article;
  if (!article) return [{ title: pageTitle(site, "Article not found") }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta(site, {
      title: pageTitle(site, article.title),
      description: article.excerpt,
      path: articlePath(article.id),
      // A raster of 1200x630 made from the cover (decision 025); its alt text is the headline.
      image: loaderData.cover?.social ?? article.image,
      imageAlt: article.title,
      type: "article",
    }),
    { property: "article:published_time", content: article.publishedAt ? new Date(article.publishedAt).toISOString() : "" },
    { property: "article:modified_time", content: lastModifiedAt(article).toISOString() },
    { property: "article:section", content: article.category },
    ...article.authors.map((author) => ({ property: "article:author", content: author.name })),
    ...loaderData.tags.map((tag) => ({ property: "article:tag", content: tag.name })),
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { site } = useSite();
  const { article, related, corrections, cover, pictures, tags } = loaderData;
  return (
    <SiteShell>
      {article ? (
        <>
          <JsonLd data={newsArticleData(site, article, corrections, cover?.structured ?? [article.image], tags)} />
          <ArticleView
            article={article}
            site={site}
            corrections={corrections}
            picture={cover?.picture ?? plainPicture(article.image)}
            tags={tags}
          />
          {related.length > 0 ? (
            <Container className="mt-16 print:hidden">
              <section aria-labelledby="related-heading" className="border-t border-slate-200 pt-10 dark:border-slate-800">
                <h2 id="related-heading" className="mb-6 text-2xl font-bold tracking-tight">
                  You might also like
                </h2>
                <ArticleGrid articles={related} headingLevel={3} pictures={pictures} />
              </section>
            </Container>
          ) : null}
          {site.analytics ? <ViewBeacon articleId={article.id} /> : null}
        </>
      ) : (
        <ArticleNotFound />
      )}
    </SiteShell>
  );
}

function ArticleView({
  article,
  site,
  corrections,
  picture,
  tags,
}: {
  article: ArticleDetail;
  site: SiteInfo;
  corrections: readonly CorrectionNote[];
  picture: Picture;
  tags: readonly TagLink[];
}) {
  const articleDate = useArticleDate();
  const updated = updatedAfterPublishing(article);
  const categoryHref = sectionPath(useSite().sections, article.category);
  return (
    <article className="pt-8">
      <Container width="text">
        <a
          href={categoryHref}
          className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline print:hidden dark:text-blue-300"
        >
          <ArrowLeft aria-hidden className="size-4" /> Back to {article.category}
        </a>
        <header className="mt-5">
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={article.category} />
            {article.aiDisclosure ? (
              <AiDisclosure disclosure={article.aiDisclosure} sourceLinks={article.sourceLinks} />
            ) : article.isAiGenerated ? (
              <AiAssistedBadge />
            ) : null}
          </div>
          <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-lg text-slate-600 sm:text-xl dark:text-slate-300">{article.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-800">
            <div className="flex items-center gap-3">
              <img
                src={avatarOrDefault(article.author.avatar)}
                alt=""
                width={44}
                height={44}
                className="size-11 rounded-full bg-slate-200 dark:bg-slate-700"
              />
              <div className="text-sm">
                <Byline authors={article.authors} />
                {article.authors.length === 1 ? (
                  <p className="text-slate-600 dark:text-slate-400">{article.author.role}</p>
                ) : null}
              </div>
            </div>
            <div className="flex items-center gap-4 text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={article.publishedAt ? new Date(article.publishedAt).toISOString() : undefined}>
                {articleDate(article.publishedAt)}
              </time>
              {updated ? (
                <span>
                  Updated <time dateTime={updated.toISOString()}>{articleDate(updated)}</time>
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-4" /> {formatReadTime(article.readTime)}
              </span>
              <ShareButton url={absoluteUrl(site, articlePath(article.id))} title={article.title} text={article.excerpt} />
            </div>
          </div>
          <CorrectionNotes notes={corrections} />
        </header>
      </Container>
      <Container width="wide" className="mt-8">
        <CoverPicture
          picture={picture}
          sizes={ARTICLE_COVER_SIZES}
          main
          className="aspect-video w-full rounded-2xl bg-slate-100 object-cover dark:bg-slate-800"
        />
      </Container>
      <Container width="text" className="mt-10">
        <ArticleBody html={article.bodyHtml} />
        <ArticleTags tags={tags} />
        <AdSlot className="my-10" />
        {article.sources ? <Sources article={article} /> : null}
        <AdSlot className="mt-10" />
      </Container>
    </article>
  );
}

/** "By A, B and C": everyone who signs the article, in order, each linked to their author page. */
function Byline({ authors }: { authors: BylineAuthor[] }) {
  return (
    <p className="font-semibold">
      By{" "}
      {authors.map((author, index) => (
        <span key={author.id}>
          {index === 0 ? "" : index === authors.length - 1 ? " and " : ", "}
          <a href={authorPath(author.slug)} className="hover:underline">
            {author.name}
          </a>
        </span>
      ))}
    </p>
  );
}

/** "This article is based on information from: ...", with the news items themselves when we have them. */
function Sources({ article }: { article: ArticleDetail }) {
  return (
    <aside
      aria-label="Sources"
      className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <p className="text-slate-700 dark:text-slate-300">
        <span className="font-semibold">This article is based on information from:</span> {article.sources}
      </p>
      {article.sourceLinks.length > 0 ? <SourceLinkList links={article.sourceLinks} className="mt-3" /> : null}
    </aside>
  );
}

function ArticleNotFound() {
  return (
    <Container width="narrow" className="flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Article not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-400">The article you're looking for doesn't exist or has been removed.</p>
      <a href="/" className="mt-6 rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
        Back to home
      </a>
    </Container>
  );
}

/** schema.org NewsArticle for search engines, with its corrections and updates as CorrectionComments. */
function newsArticleData(
  site: SiteInfo,
  article: ArticleDetail,
  corrections: readonly CorrectionNote[],
  images: readonly string[],
  tags: readonly TagLink[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: article.excerpt,
    // The 16x9, 4x3 and 1x1 crops Google asks for (decision 025), or the address itself where we cannot crop it.
    image: images.map((image) => absoluteUrl(site, image)),
    datePublished: article.publishedAt ? new Date(article.publishedAt).toISOString() : undefined,
    dateModified: lastModifiedAt(article).toISOString(),
    articleSection: article.category,
    ...(tags.length > 0 ? { keywords: tags.map((tag) => tag.name) } : {}),
    author: article.authors.map((author) => ({
      "@type": "Person",
      name: author.name,
      url: absoluteUrl(site, authorPath(author.slug)),
      ...(author.role ? { jobTitle: author.role } : {}),
      ...(author.links.length > 0 ? { sameAs: author.links.map((link) => link.url) } : {}),
    })),
    // The person who approved an AI-assisted article and takes editorial responsibility for it.
    ...(article.aiDisclosure?.approverName ? { editor: { "@type": "Person", name: article.aiDisclosure.approverName } } : {}),
    publisher: {
      "@type": "Organization",
      name: site.name,
      logo: { "@type": "ImageObject", url: absoluteUrl(site, site.logo?.light ?? "/favicon.svg") },
      ...(site.social.length > 0 ? { sameAs: site.social.map((account) => account.url) } : {}),
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": absoluteUrl(site, articlePath(article.id)) },
    ...(corrections.length > 0
      ? {
          correction: corrections.map((note) => ({
            "@type": "CorrectionComment",
            text: note.note,
            datePublished: new Date(note.createdAt).toISOString(),
          })),
        }
      : {}),
  };
}
