import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors, relatedArticles } from "../../db/schema";
import type { AiModel } from "../../utils/ai-models";
import type { SourceLink } from "../../domain/articles";
import type { Category } from "../../domain/sections";
import type { GenerationStep } from "../../domain/generation-jobs";
import { generatedReadTime } from "../../utils/read-time";
import { imageForArticle } from "../../utils/stock-images";
import { ArticleInput, DUPLICATE_TEXTS } from "../../validation/article";
import { AUTOMATED_AUTHOR } from "../../domain/bylines";
import { accountlessAuthorId } from "../articles/bylines.server";
import { checkStory, type EarlierStory } from "../articles/duplicate-check.server";
import { recordRevision, revisionSnapshot } from "../articles/revisions.server";
import type { StoryJudge } from "../articles/story-judge.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { AiProviders } from "./ai-provider.server";
import { buildArticlePrompt } from "./article-prompt.server";
import { cleanUpContent } from "./content-cleanup.server";
import { GenerationError, noMatchingNewsMessage, noRecentNewsMessage } from "./generation-errors.server";
import type { NewsItem } from "./news-feeds/feed-parser.server";
import { parseModelReply } from "./reply-parsing.server";
import type { SiteInfo } from "../../utils/seo";

/** News items whose earlier coverage is looked up, and earlier stories given to the model at most. */
export const EARLIER_COVERAGE_LIMIT = 3;

/**
 * Records a saved draft inside the transaction that inserts it, so a crash cannot leave a draft that its job does
 * not list. Throwing rolls the draft back.
 */
export type RecordDraft = (tx: Pick<Database, "update">, articleId: number) => Promise<void>;

/** The automated author who signs generated drafts: a profile without an account, made by a migration. */
export const CORRESPONDENT = { name: AUTOMATED_AUTHOR, role: "AI Correspondent", avatar: "/images/avatars/correspondent.svg" };

export interface ArticleRequest {
  model: AiModel;
  apiKey: string;
  category: Category;
  topic?: string | undefined;
  /** The editor who started the job: the draft waits in review for them. */
  reviewerId?: number | null;
}

export interface GeneratedDraft {
  title: string;
  excerpt: string;
  content: string;
  category: Category;
  image: string;
  readTime: number;
  sources: string;
  sourceLinks: SourceLink[];
}

/** A saved draft, with a notice when the reply was incomplete and only partly recovered. */
export interface GeneratedArticle {
  id: number;
  notice?: string;
}

export interface NewsSource {
  recentNews(query: { category: Category; topic?: string | undefined }): Promise<NewsItem[]>;
}

/** Step: the news the article may be built on. None means NO_RECENT_NEWS_FOUND, and the model is not asked. */
export async function gatherNews(news: NewsSource, { category, topic }: Pick<ArticleRequest, "category" | "topic">) {
  const items = await news.recentNews({ category, topic });
  if (items.length === 0) throw new GenerationError("NO_RECENT_NEWS_FOUND", noMatchingNewsMessage({ category, topic }));
  return items;
}

/** Step: the model's reply read as an article, or its NO_RECENT_NEWS_FOUND answer thrown as that error. */
export function readReply(reply: string) {
  const parsed = parseModelReply(reply);
  if (parsed.kind === "no-recent-news") {
    throw new GenerationError("NO_RECENT_NEWS_FOUND", noRecentNewsMessage(parsed.message), {
      suggestions: parsed.suggestions,
    });
  }
  return parsed;
}

/** The items the model says it used; all of them when it named none it was given. */
export function usedNews(items: readonly NewsItem[], usedNumbers: readonly number[]): NewsItem[] {
  const used = [...new Set(usedNumbers)].map((number) => items[number - 1]).filter((item) => item !== undefined);
  return used.length > 0 ? used : [...items];
}

/** Step: the draft's fields from the reply: cleaned content, read time, cover by keyword, the outlets actually used. */
export function composeDraft(
  reply: { title: string; excerpt: string; content: string; usedItems: number[] },
  { category, provider, news }: { category: Category; provider: AiModel["provider"]; news: readonly NewsItem[] },
): GeneratedDraft {
  const content = cleanUpContent(reply.content, { provider, excerpt: reply.excerpt });
  const used = usedNews(news, reply.usedItems);
  const draft = {
    title: reply.title.trim(),
    excerpt: reply.excerpt.trim(),
    content,
    category,
    image: imageForArticle({ title: reply.title, excerpt: reply.excerpt, content, category }),
    readTime: generatedReadTime(content),
    sources: [...new Set(used.map((item) => item.outlet))].join(", "),
    sourceLinks: used.map((item) => ({
      outlet: item.outlet,
      title: item.title,
      url: item.url,
      publishedAt: item.publishedAt.toISOString(),
    })),
  };
  // The draft must be one an editor can open and save: the same schema as the editor's form.
  const checked = ArticleInput.safeParse({ ...draft, isFeatured: false, isPopular: false });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new GenerationError(
      "INVALID_STRUCTURE",
      `Invalid response structure: ${String(issue?.path[0] ?? "reply")}: ${issue?.message ?? "invalid"}`,
    );
  }
  return draft;
}

/**
 * The single-article flow of spec section 4, from the news onwards (the admin, the model and the key are
 * checked before a job exists): fetch the news, ask the model, read the reply, refuse a duplicate, format,
 * read time, image, save as an unpublished draft by Correspondent. Returns the new article's id.
 */
export function createArticleGenerator({
  db,
  clock,
  logger,
  providers,
  news,
  site,
  storyJudge = null,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: AiProviders;
  news: NewsSource;
  /** The newsroom in force: its tagline says what kind of journalist the model writes as. */
  site: Pick<SiteInfo, "tagline">;
  /** The optional model judgement of close calls in the duplicate check; null without a provider. */
  storyJudge?: StoryJudge | null;
}) {
  /** The automated author's profile, made again if it was removed; never a profile a staff account signs with. */
  async function correspondentId(): Promise<number> {
    await db.insert(authors).values(CORRESPONDENT).onConflictDoNothing();
    const id = await accountlessAuthorId(db, CORRESPONDENT.name);
    if (id === null)
      throw new Error(
        `The byline "${CORRESPONDENT.name}" belongs to a staff account, so AI drafts cannot be signed with it. Rename that profile.`,
      );
    return id;
  }

  /**
   * Earlier stories of this site on the subjects of the first news items: the story each item retells or
   * follows up, at most `EARLIER_COVERAGE_LIMIT`, given to the model as context so that it does not repeat them.
   */
  async function earlierCoverage(items: readonly NewsItem[]): Promise<EarlierStory[]> {
    const found = new Map<number, EarlierStory>();
    for (const item of items.slice(0, EARLIER_COVERAGE_LIMIT)) {
      if (!item.summary) continue;
      const check = await checkStory(db, { title: item.title, excerpt: item.summary }, logger);
      const earlier = check.followUp ?? (check.same && { ...check.same, excerpt: "" });
      if (earlier && !found.has(earlier.id)) found.set(earlier.id, earlier);
    }
    return [...found.values()].slice(0, EARLIER_COVERAGE_LIMIT);
  }

  /**
   * Inserts the draft and, in the same transaction, marks it related to the story it follows up (if any) and lets
   * the caller record it (a job's list of drafts).
   */
  async function saveDraft(
    draft: GeneratedDraft,
    followsUp: number | null,
    reviewerId: number | null,
    recordDraft?: RecordDraft,
  ): Promise<number> {
    const authorId = await correspondentId();
    const now = clock.now();
    return db.transaction(async (tx) => {
      // An AI draft waits in review for the editor who asked for it, and its text as the model wrote it is kept
      // unchanged next to the text the editors will change (the provenance record).
      const [row] = await tx
        .insert(articles)
        .values({
          ...draft,
          authorId,
          isAiGenerated: true,
          status: "in_review",
          reviewerId,
          aiOriginal: { title: draft.title, excerpt: draft.excerpt, content: draft.content },
          aiRewrittenPercent: 0,
          publishedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(revisionSnapshot);
      if (!row) throw new Error("The generated draft was not saved.");
      // The model's text is the article's first revision, by no one, and is never replaced.
      await recordRevision(tx, row, { kind: "ai_original", editorId: null, now });
      // The earlier story may have been deleted since the check: then there is nothing to relate to.
      const [earlier] =
        followsUp === null ? [] : await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, followsUp)).limit(1);
      if (earlier) await tx.insert(relatedArticles).values({ articleId: row.articleId, relatedId: earlier.id, createdAt: now });
      await recordDraft?.(tx, row.articleId);
      return row.articleId;
    });
  }

  return {
    async generateArticle(
      request: ArticleRequest,
      onStep: (step: GenerationStep) => Promise<void> = async () => {},
      signal?: AbortSignal,
      recordDraft?: RecordDraft,
    ): Promise<GeneratedArticle> {
      const { model, category, topic } = request;
      await onStep("fetching-news");
      const items = await gatherNews(news, { category, topic });

      await onStep("writing");
      const earlier = await earlierCoverage(items);
      const prompt = buildArticlePrompt({
        tagline: site.tagline,
        category,
        topic,
        news: items,
        now: clock.now(),
        earlierCoverage: earlier,
      });
      const reply = readReply(await providers.complete({ model, apiKey: request.apiKey, prompt, purpose: "article", signal }));

      // Only the same story retold is refused; a follow-up is saved, marked related to the story it follows.
      await onStep("checking");
      const check = await checkStory(db, reply, logger, storyJudge);
      if (check.same) throw new GenerationError("DUPLICATE_CONTENT", `DUPLICATE_CONTENT: ${DUPLICATE_TEXTS.message}`);
      const draft = composeDraft(reply, { category, provider: model.provider, news: items });

      await onStep("saving");
      const id = await saveDraft(draft, check.followUp?.id ?? null, request.reviewerId ?? null, recordDraft);
      logger.info({ articleId: id, model: model.id, category, sources: draft.sources }, "generated a draft");
      return reply.notice ? { id, notice: reply.notice } : { id };
    },
  };
}

export type ArticleGenerator = ReturnType<typeof createArticleGenerator>;
