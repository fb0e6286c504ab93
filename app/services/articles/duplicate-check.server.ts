import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, keywordText } from "../../db/schema";
import type { ArticleStatus } from "../../domain/article-status";
import type { Logger } from "../logger.server";
import { containsPattern } from "./like.server";
import type { StoryJudge } from "./story-judge.server";
import { isSameStory, prepareStory, searchNames, storyVerdict, type StoryText } from "./story-similarity.server";

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

/**
 * The search for retellings the spec's keyword rule misses (decision 008): for each of the new article's first
 * 4 names (headline first), the 8 newest articles naming it in the title and the 8 newest naming it in the excerpt,
 * each compared with the story measure: at most 64 articles, each search served by an index (trigram or creation time).
 */
export const STORY_SEARCH = {
  /** Names searched for. */
  names: 4,
  /** Newest articles taken per name and column. */
  perName: 8,
} as const;

export interface SimilarArticle {
  id: number;
  title: string;
  publishedAt: Date | null;
  /** A scheduled article has a publication time but is not out yet: the warning names its state. */
  status: ArticleStatus;
  /**
   * Why it counts as the same story: the spec's title rule, the spec's keyword rule, or the story measure
   * (story-similarity.server.ts), which catches the same story retold in other words.
   */
  reason: "title" | "keywords" | "story" | "model";
  /** The model's reason, when a configured model judged the pair. */
  judgement?: string;
}

/**
 * Why an existing article counts as the same story as a new one, or null: the spec's title rule, then its keyword
 * rule, then the story measure. `findSimilarArticle` applies this order to the articles its searches find.
 */
export function duplicateReason(draft: StoryText, existing: StoryText): SimilarArticle["reason"] | null {
  const prefix = titlePrefix(draft.title).toLowerCase();
  if (prefix && existing.title.toLowerCase().includes(prefix)) return "title";
  if (sharedKeywordsIfDuplicate(articleKeywords(draft), articleKeywords(existing))) return "keywords";
  return isSameStory(draft, existing) ? "story" : null;
}

const similarColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  publishedAt: articles.publishedAt,
  status: articles.status,
  createdAt: articles.createdAt,
};

/** An earlier story that a new article may follow up: the same subject, another event. */
export interface EarlierStory {
  id: number;
  title: string;
  excerpt: string;
  publishedAt: Date | null;
  status: ArticleStatus;
  /** The model's reason, when a configured model judged the pair. */
  judgement?: string;
}

/**
 * The articles a check compares with: every one (null), or, for a writer who may not list every article, only the
 * published ones and those the writer signs, so that the answer never names someone else's unpublished work.
 */
export type ComparedArticles = { publishedOrSignedBy: number } | null;

/** The condition that keeps a check to the articles it may compare with; undefined compares with all. */
export function comparedArticlesFilter(compared: ComparedArticles): SQL | undefined {
  if (!compared) return undefined;
  return or(eq(articles.status, "published"), eq(articles.authorId, compared.publishedOrSignedBy));
}

/** What the check found for a new article: the same story (a duplicate), or else the newest story it may follow up. */
export interface StoryCheck {
  same: SimilarArticle | null;
  followUp: EarlierStory | null;
}

/**
 * The duplicate check, run before an article is created: `checkStory`'s same-story match. An error in the check
 * allows creation (spec), and is logged.
 */
export async function findSimilarArticle(
  db: Database,
  draft: { title: string; excerpt: string },
  logger?: Logger,
): Promise<SimilarArticle | null> {
  return (await checkStory(db, draft, logger)).same;
}

/**
 * The duplicate check with follow-ups. First the spec's rules, unchanged: an existing title containing the new
 * title's first 30 characters, then up to 10 articles sharing one of the first 5 keywords, compared by the keyword
 * rule. Then the story measure (departure 10) over those articles and the newest ones naming the new article's names
 * (`STORY_SEARCH`), newest first: the first told as the same story is a duplicate; otherwise the newest with the same
 * subject and another event is a possible follow-up. An error in the check finds nothing (the spec allows creation),
 * and is logged. `compared` limits every search to the articles the writer may be told about.
 */
export async function checkStory(
  db: Database,
  draft: { title: string; excerpt: string },
  logger?: Logger,
  judge?: StoryJudge | null,
  compared: ComparedArticles = null,
): Promise<StoryCheck> {
  const nothing: StoryCheck = { same: null, followUp: null };
  const allowed = comparedArticlesFilter(compared);
  try {
    const prefix = titlePrefix(draft.title);
    if (prefix) {
      const [sameTitle] = await db
        .select(similarColumns)
        .from(articles)
        .where(and(ilike(articles.title, containsPattern(prefix)), allowed))
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(1);
      if (sameTitle) return { ...nothing, same: similarArticle(sameTitle, "title") };
    }

    const keywords = articleKeywords(draft);
    const keywordCandidates = await newestMentioning(
      db,
      keywords.slice(0, DUPLICATE_RULES.queriedKeywords),
      DUPLICATE_RULES.candidates,
      DUPLICATE_RULES.candidates,
      allowed,
    );
    const byKeywords = keywordCandidates.find((candidate) => sharedKeywordsIfDuplicate(keywords, articleKeywords(candidate)));
    if (byKeywords) return { ...nothing, same: similarArticle(byKeywords, "keywords") };

    const nameCandidates = await newestMentioning(
      db,
      searchNames(draft, STORY_SEARCH.names),
      STORY_SEARCH.perName,
      STORY_SEARCH.names * 2 * STORY_SEARCH.perName,
      allowed,
    );
    const candidates = [...new Map([...keywordCandidates, ...nameCandidates].map((row) => [row.id, row])).values()].sort(
      (left, right) => right.createdAt.getTime() - left.createdAt.getTime() || right.id - left.id,
    );
    const prepared = prepareStory(draft);
    let followUp: EarlierStory | null = null;
    // A configured model is asked at most once per check: about the newest pair the measure is unsure of.
    let asked = false;
    for (const candidate of candidates) {
      const verdict = storyVerdict(prepared, candidate);
      let relation = verdict.relation;
      let judgement: string | undefined;
      if (verdict.uncertain && judge && !asked) {
        asked = true;
        const answer = await judge.judge(draft, candidate);
        if (answer) ({ verdict: relation, reason: judgement } = answer);
      }
      if (relation === "same") {
        const reason = judgement === undefined ? "story" : "model";
        return {
          same: { ...similarArticle(candidate, reason), ...(judgement === undefined ? {} : { judgement }) },
          followUp: null,
        };
      }
      if (relation === "follow-up" && !followUp) {
        const { id, title, excerpt, publishedAt, status } = candidate;
        followUp = { id, title, excerpt, publishedAt, status, ...(judgement === undefined ? {} : { judgement }) };
      }
    }
    return { same: null, followUp };
  } catch (error) {
    logger?.warn({ err: error }, "duplicate check failed; allowing the article");
    return nothing;
  }
}

type CandidateRow = {
  id: number;
  title: string;
  excerpt: string;
  publishedAt: Date | null;
  status: ArticleStatus;
  createdAt: Date;
};

function similarArticle(row: CandidateRow, reason: SimilarArticle["reason"]): SimilarArticle {
  return { id: row.id, title: row.title, publishedAt: row.publishedAt, status: row.status, reason };
}

/**
 * The newest articles whose title or excerpt (lowercased, punctuation stripped) contains any of `words`: the newest
 * `perWord` per word and column, then the newest `limit` of those. Each branch stops early on its own index (the
 * creation-time index, or a trigram index for a rare word), where one OR over everything would read every match.
 * `allowed` is applied in each branch, so articles the writer may not be told about take no place among the newest.
 */
async function newestMentioning(
  db: Database,
  words: string[],
  perWord: number,
  limit: number,
  allowed: SQL | undefined,
): Promise<CandidateRow[]> {
  if (words.length === 0) return [];
  const alsoAllowed = allowed ? sql` and ${allowed}` : sql``;
  const branches = words.flatMap((word) =>
    [articles.title, articles.excerpt].map(
      (column) =>
        sql`(select ${articles.id} from ${articles} where ${keywordText(column)} like ${containsPattern(word)}${alsoAllowed} order by ${articles.createdAt} desc, ${articles.id} desc limit ${perWord})`,
    ),
  );
  return db
    .select(similarColumns)
    .from(articles)
    .where(sql`${articles.id} in (${sql.join(branches, sql` union `)})`)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}
