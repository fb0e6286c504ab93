import { desc, ilike, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, keywordText } from "../../db/schema";
import type { Logger } from "../logger.server";
import { containsPattern } from "./like.server";

/** The spec's duplicate-article constants (seed 000, sections 5 and 9). */
export const DUPLICATE_RULES = {
  /** An existing title containing this many first characters of the new title is a duplicate. */
  titlePrefixLength: 30,
  /** Keywords kept per text (title, excerpt). */
  keywordsPerText: 10,
  /** Keywords used to look for candidates. */
  queriedKeywords: 5,
  /** Candidates compared. */
  candidates: 10,
  /** A duplicate shares more than this share of the new article's keywords... */
  minimumRatio: 0.6,
  /** ...and at least this many of them. */
  minimumShared: 3,
  /** Keywords are longer than this. */
  shortestKeywordExcluded: 2,
} as const;

/** Common English words that say nothing about a story. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "the and for are but not you all any can had her his was one our out has have this that with from they will " +
    "would there their what about which when make like just him into your some could them than then now only its " +
    "over also after how more most other been were said says who why where these those very such while each much " +
    "many may might should does did being new get gets via yet off she per too here whom whose because before " +
    "between both during through under until upon against among across without within"
  ).split(" "),
);

/**
 * A text's keywords (spec seed 000, section 5): lowercased, punctuation stripped, words of 2 characters
 * or fewer and stop words dropped, each word once, at most 10.
 */
export function extractKeywords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter((word) => word.length > DUPLICATE_RULES.shortestKeywordExcluded && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, DUPLICATE_RULES.keywordsPerText);
}

/** An article's keywords: those of its title, then those of its excerpt, each word once. */
export function articleKeywords({ title, excerpt }: { title: string; excerpt: string }): string[] {
  return [...new Set([...extractKeywords(title), ...extractKeywords(excerpt)])];
}

/** The first 30 characters of a title: an existing title that contains them is the same story. */
export function titlePrefix(title: string): string {
  return title.trim().slice(0, DUPLICATE_RULES.titlePrefixLength);
}

/**
 * The keyword rule: the share of the new article's keywords that the candidate also has is above 0.6,
 * and at least 3 are shared. Returns the shared keywords when the rule says duplicate, otherwise null.
 */
export function sharedKeywordsIfDuplicate(newKeywords: string[], candidateKeywords: string[]): string[] | null {
  if (newKeywords.length === 0) return null;
  const candidate = new Set(candidateKeywords);
  const shared = newKeywords.filter((keyword) => candidate.has(keyword));
  const ratio = shared.length / newKeywords.length;
  return ratio > DUPLICATE_RULES.minimumRatio && shared.length >= DUPLICATE_RULES.minimumShared ? shared : null;
}

export interface SimilarArticle {
  id: number;
  title: string;
  publishedAt: Date | null;
  /** Why it counts as the same story. */
  reason: "title" | "keywords";
}

const similarColumns = { id: articles.id, title: articles.title, excerpt: articles.excerpt, publishedAt: articles.publishedAt };

/**
 * The spec's duplicate-article check, run before an article is created: the 30-character title prefix
 * first, then up to 10 articles sharing one of the first 5 keywords, compared by the keyword rule.
 * An error in the check allows creation (spec), and is logged.
 */
export async function findSimilarArticle(
  db: Database,
  draft: { title: string; excerpt: string },
  logger?: Logger,
): Promise<SimilarArticle | null> {
  try {
    const prefix = titlePrefix(draft.title);
    if (prefix) {
      const [sameTitle] = await db
        .select(similarColumns)
        .from(articles)
        .where(ilike(articles.title, containsPattern(prefix)))
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(1);
      if (sameTitle) return { id: sameTitle.id, title: sameTitle.title, publishedAt: sameTitle.publishedAt, reason: "title" };
    }

    const keywords = articleKeywords(draft);
    const queried = keywords.slice(0, DUPLICATE_RULES.queriedKeywords);
    if (queried.length === 0) return null;
    // The 10 newest articles holding any of the keywords: the newest 10 per keyword and column, then the newest
    // 10 of those. Each branch stops early on its own index, where one OR over everything would read every match.
    const branches = queried.flatMap((keyword) =>
      [articles.title, articles.excerpt].map(
        (column) =>
          sql`(select ${articles.id} from ${articles} where ${keywordText(column)} like ${containsPattern(keyword)} order by ${articles.createdAt} desc, ${articles.id} desc limit ${DUPLICATE_RULES.candidates})`,
      ),
    );
    const candidates = await db
      .select(similarColumns)
      .from(articles)
      .where(sql`${articles.id} in (${sql.join(branches, sql` union `)})`)
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(DUPLICATE_RULES.candidates);
    const match = candidates.find((candidate) => sharedKeywordsIfDuplicate(keywords, articleKeywords(candidate)) !== null);
    return match ? { id: match.id, title: match.title, publishedAt: match.publishedAt, reason: "keywords" } : null;
  } catch (error) {
    logger?.warn({ err: error }, "duplicate check failed; allowing the article");
    return null;
  }
}
