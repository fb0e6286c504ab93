import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { alias } from "drizzle-orm/pg-core";
import { admins, articleCoauthors, articles, articleTags, authors, relatedArticles, tags } from "../../db/schema";
import { TRANSITIONS, type Transition } from "../../domain/article-status";
import type { ArticleListPage, ArticleStats, DraftHeadline, EditableArticle } from "../../domain/articles";
import { can, type ArticleFacts, type StaffRole } from "../../domain/permissions";
import { COAUTHOR_TEXTS, type ArticleInput } from "../../validation/article";
import { ADMIN_ARTICLES_PAGE_SIZE, type ArticleListQuery } from "../../validation/article-list";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { listArticleAuthors } from "./articles.server";
import {
  checkStory,
  comparedArticlesFilter,
  type ComparedArticles,
  type EarlierStory,
  type SimilarArticle,
} from "./duplicate-check.server";
import { containsPattern } from "./like.server";
import { rewrittenPercent } from "./provenance.server";
import { recordRevision, revisionSnapshot } from "./revisions.server";
import type { StoryJudge } from "./story-judge.server";
import { articleTagNames, saveArticleTags } from "../tags/article-tags.server";

/**
 * What a change did. Each transition is one conditional UPDATE (or DELETE) that names the state it
 * expects, so a double click or two admins at once cannot apply it twice or revive a deleted article:
 * "done", "missing" (no such article, or deleted meanwhile), "already" (already in the target state),
 * "stale" (an edit of a version that another admin has changed since it was opened).
 */
export type ChangeOutcome = "done" | "missing" | "already" | "stale";

/** Scheduling also refuses a time that is not in the future ("past"). */
export type ScheduleOutcome = ChangeOutcome | "past";

/** The steps `transition` applies; scheduling names a time and goes through `schedule`. */
export type PlainTransition = Exclude<Transition, "schedule" | "reschedule">;

export type CreateOutcome =
  | { outcome: "created"; id: number }
  | { outcome: "duplicate"; similar: SimilarArticle }
  /** Not saved yet: the new article may follow up an earlier story, which the editor is offered to mark related. */
  | { outcome: "follow-up"; earlier: EarlierStory };

/** Why a choice of co-authors was refused; the save it was part of is undone. */
export class CoauthorError extends Error {
  constructor(
    readonly code: "DUPLICATE_COAUTHOR" | "LEAD_AS_COAUTHOR" | "UNKNOWN_AUTHOR",
    message: string,
  ) {
    super(message);
    this.name = "CoauthorError";
  }
}

/**
 * Replaces an article's co-authors with `authorIds`, in that order (positions 1..n), inside the caller's transaction:
 * nobody twice, never the lead author, only existing author profiles; otherwise a CoauthorError undoes the save.
 */
async function saveCoauthors(tx: Database, articleId: number, authorIds: readonly number[]): Promise<void> {
  if (new Set(authorIds).size !== authorIds.length) throw new CoauthorError("DUPLICATE_COAUTHOR", COAUTHOR_TEXTS.duplicate);
  const [article] = await tx.select({ leadId: articles.authorId }).from(articles).where(eq(articles.id, articleId));
  if (article && authorIds.includes(article.leadId)) throw new CoauthorError("LEAD_AS_COAUTHOR", COAUTHOR_TEXTS.lead);
  if (authorIds.length > 0) {
    const found = await tx
      .select({ id: authors.id })
      .from(authors)
      .where(inArray(authors.id, [...authorIds]));
    if (found.length !== authorIds.length) throw new CoauthorError("UNKNOWN_AUTHOR", COAUTHOR_TEXTS.unknown);
  }
  await tx.delete(articleCoauthors).where(eq(articleCoauthors.articleId, articleId));
  if (authorIds.length > 0)
    await tx.insert(articleCoauthors).values(authorIds.map((authorId, index) => ({ articleId, authorId, position: index + 1 })));
}

/** The editor an article waits for: an account, named by its author profile. */
const reviewer = alias(admins, "reviewer");
const reviewerProfile = alias(authors, "reviewer_profile");

const managedColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  readTime: articles.readTime,
  sources: articles.sources,
  image: articles.image,
  isFeatured: articles.isFeatured,
  isPopular: articles.isPopular,
  isAiGenerated: articles.isAiGenerated,
  status: articles.status,
  authorId: articles.authorId,
  authorName: authors.name,
  reviewNote: articles.reviewNote,
  reviewerName: reviewerProfile.name,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

/** Whose articles a list or a count covers: everyone's, or one author's (authors and contributors see their own). */
export interface ListScope {
  authorId?: number;
}

/** A search counts its matches up to this many; beyond, the table says "more than 10,000". */
export const SEARCH_COUNT_LIMIT = 10_000;

/** Article Management's newest first: by creation, since drafts have no publication time; the id breaks ties. */
const newestCreatedFirst = [desc(articles.createdAt), desc(articles.id)] as const;

function listFilter(
  { q, category, tag, status }: Pick<ArticleListQuery, "q" | "category" | "tag" | "status">,
  scope: ListScope = {},
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (scope.authorId !== undefined) conditions.push(eq(articles.authorId, scope.authorId));
  // Case-insensitive substring match over title and excerpt, served by the trigram indexes.
  if (q)
    conditions.push(or(sql`${articles.title} ilike ${containsPattern(q)}`, sql`${articles.excerpt} ilike ${containsPattern(q)}`));
  if (category) conditions.push(eq(articles.category, category));
  if (tag)
    conditions.push(
      sql`exists (select 1 from ${articleTags} join ${tags} on ${tags.id} = ${articleTags.tagId} where ${articleTags.articleId} = ${articles.id} and ${tags.slug} = ${tag})`,
    );
  if (status) conditions.push(eq(articles.status, status));
  return and(...conditions);
}

/** The columns an edit writes; publication state changes only through publish and unpublish. */
function editedColumns(input: ArticleInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: input.content,
    category: input.category,
    readTime: input.readTime,
    sources: input.sources,
    image: input.image,
    isFeatured: input.isFeatured,
    isPopular: input.isPopular,
  };
}

/**
 * The newsroom's side of articles: stats, the searchable list, and every change a staff member makes
 * (create, edit, the review transitions, publish, unpublish, delete). Who may make which change is decided
 * by `can` before these are called; the state each change expects is in its WHERE clause, so two people
 * acting at once cannot both win. Reader pages read articles through the article service.
 */
export function createEditorialService({
  db,
  clock,
  logger,
  onPublicChange = async () => {},
  onPublished = async () => {},
  storyJudge = null,
}: {
  db: Database;
  clock: Clock;
  logger?: Logger;
  /** The optional model judgement of close calls in the duplicate check; null without a provider. */
  storyJudge?: StoryJudge | null;
  /** Called after a change readers may see (edit, publish, unpublish, delete), so cached pages are dropped. */
  onPublicChange?: () => Promise<unknown>;
  /**
   * Called once after an article is published (not scheduled: the scheduler calls its own), and after a published
   * article's tags change: feed pings.
   */
  onPublished?: (articleIds: number[]) => Promise<unknown>;
}) {
  /** Announces a change that took place. */
  async function changed<T extends ChangeOutcome>(outcome: T): Promise<T> {
    if (outcome === "done") await onPublicChange();
    return outcome;
  }

  /** Tells "no such article" from "not in the state this change expects" after a conditional change found no row. */
  async function missingOrAlready(id: number): Promise<"missing" | "already"> {
    const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).limit(1);
    return row ? "already" : "missing";
  }

  return {
    async stats(scope: ListScope = {}): Promise<ArticleStats> {
      const [row] = await db
        .select({
          total: count(),
          published: sql<number>`count(*) filter (where ${articles.status} = 'published')`.mapWith(Number),
          drafts: sql<number>`count(*) filter (where ${articles.status} = 'draft')`.mapWith(Number),
          inReview: sql<number>`count(*) filter (where ${articles.status} = 'in_review')`.mapWith(Number),
          scheduled: sql<number>`count(*) filter (where ${articles.status} = 'scheduled')`.mapWith(Number),
          featured: sql<number>`count(*) filter (where ${articles.isFeatured})`.mapWith(Number),
          popular: sql<number>`count(*) filter (where ${articles.isPopular})`.mapWith(Number),
        })
        .from(articles)
        .where(listFilter({ q: "" }, scope));
      const { total = 0, published = 0, drafts = 0, inReview = 0, scheduled = 0, featured = 0, popular = 0 } = row ?? {};
      return { total, published, drafts, inReview, scheduled, featured, popular };
    },

    /** One page of the table: search over title and excerpt, category and status filters, 25 per page, newest first. */
    async list(query: ArticleListQuery, scope: ListScope = {}, pageSize = ADMIN_ARTICLES_PAGE_SIZE): Promise<ArticleListPage> {
      const where = listFilter(query, scope);
      const [{ matches } = { matches: 0 }] = await db.select({ matches: count() }).from(
        // A search that matches most of a large table would spend its time counting: it stops at the limit.
        query.q
          ? db
              .select({ one: sql`1` })
              .from(articles)
              .where(where)
              .limit(SEARCH_COUNT_LIMIT + 1)
              .as("matching")
          : db
              .select({ one: sql`1` })
              .from(articles)
              .where(where)
              .as("matching"),
      );
      const total = query.q ? Math.min(matches, SEARCH_COUNT_LIMIT) : matches;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(query.page, pageCount);
      const rows = await db
        .select(managedColumns)
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .leftJoin(reviewer, eq(reviewer.id, articles.reviewerId))
        .leftJoin(reviewerProfile, eq(reviewerProfile.id, reviewer.authorId))
        .where(where)
        .orderBy(...newestCreatedFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { articles: rows, total, totalIsLimited: matches > total, page, pageCount, pageSize };
    },

    /** Title, category and state of the given articles (the drafts a generation job made); deleted ones are left out. */
    async headlines(ids: readonly number[]): Promise<DraftHeadline[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: articles.id,
          title: articles.title,
          category: articles.category,
          publishedAt: articles.publishedAt,
          status: articles.status,
        })
        .from(articles)
        .where(inArray(articles.id, [...ids]));
    },

    /** An article with its body, draft or published, for the editor; null when there is none. */
    async findForEditing(id: number): Promise<EditableArticle | null> {
      const [row] = await db
        .select({ ...managedColumns, content: articles.content })
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .leftJoin(reviewer, eq(reviewer.id, articles.reviewerId))
        .leftJoin(reviewerProfile, eq(reviewerProfile.id, reviewer.authorId))
        .where(eq(articles.id, id))
        .limit(1);
      return row ?? null;
    },

    /** What the permission check needs to know of an article; null when there is none. */
    async facts(id: number): Promise<ArticleFacts | null> {
      const [row] = await db
        .select({ authorId: articles.authorId, status: articles.status, isAiGenerated: articles.isAiGenerated })
        .from(articles)
        .where(eq(articles.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * A new article written by hand: a draft signed by the admin's author profile. The spec's duplicate
     * check runs first; `allowDuplicate` is the editor's confirmation that a similar story is not a duplicate.
     * A possible follow-up of an earlier story is not a duplicate: the first save offers it
     * ("follow-up"), and the next, with `followUpSeen`, saves the draft, marked related to `relatedTo` if given.
     * A writer whose role may not list every article is compared only with published articles and their own, and
     * may relate their draft only to one of those: the answer never names someone else's unpublished work.
     */
    async create(
      input: ArticleInput,
      {
        authorId,
        role = null,
        allowDuplicate,
        followUpSeen = false,
        relatedTo = null,
        by = null,
        coauthorIds = [],
        tagNames = [],
      }: {
        authorId: number;
        /** The writer's role; null (the system) compares with every article. */
        role?: StaffRole | null;
        allowDuplicate: boolean;
        followUpSeen?: boolean;
        relatedTo?: number | null;
        /** The account that wrote it, named by its first revision; null for the system. */
        by?: number | null;
        /** Co-authors in byline order (editors and administrators choose them); refused with a CoauthorError. */
        coauthorIds?: readonly number[];
        /** Its tags' names in order, made when new; saved in the same transaction. */
        tagNames?: readonly string[];
      },
    ): Promise<CreateOutcome> {
      const compared: ComparedArticles =
        role === null || can({ role, authorId }, "article.listAll") ? null : { publishedOrSignedBy: authorId };
      if (!allowDuplicate) {
        const check = await checkStory(db, input, logger, storyJudge, compared);
        if (check.same) return { outcome: "duplicate", similar: check.same };
        if (check.followUp && !followUpSeen) return { outcome: "follow-up", earlier: check.followUp };
      }
      const now = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(articles)
          .values({ ...editedColumns(input), authorId, isAiGenerated: false, publishedAt: null, createdAt: now, updatedAt: now })
          .returning(revisionSnapshot);
        if (!row) throw new Error("The new article was not saved.");
        if (tagNames.length > 0) await saveArticleTags(tx, row.articleId, tagNames, now);
        await recordRevision(tx, row, { kind: "created", editorId: by, now });
        if (relatedTo !== null) {
          // The earlier story may have been deleted meanwhile, or be one the writer may not see: nothing to relate to.
          const [earlier] = await tx
            .select({ id: articles.id })
            .from(articles)
            .where(and(eq(articles.id, relatedTo), comparedArticlesFilter(compared)))
            .limit(1);
          if (earlier)
            await tx.insert(relatedArticles).values({ articleId: row.articleId, relatedId: earlier.id, createdAt: now });
        }
        if (coauthorIds.length > 0) await saveCoauthors(tx, row.articleId, coauthorIds);
        return { outcome: "created", id: row.articleId };
      });
    },

    /**
     * Saves the editor's fields. With `expectedUpdatedAt` (the version the editor opened) the save refuses
     * with "stale" when another admin changed the article in between, instead of silently overwriting them.
     * The save and its revision (`by`, the account that saved it; null for the system) are one transaction.
     */
    async update(
      id: number,
      input: ArticleInput,
      {
        expectedUpdatedAt,
        draftsOnly = false,
        by = null,
        coauthorIds,
        tagNames,
      }: {
        expectedUpdatedAt?: Date;
        draftsOnly?: boolean;
        by?: number | null;
        /** The co-authors in byline order, replacing the current ones in the same transaction; undefined keeps them. */
        coauthorIds?: readonly number[];
        /** The tags' names in order, replacing the current ones in the same transaction; undefined keeps them. */
        tagNames?: readonly string[];
      } = {},
    ): Promise<ChangeOutcome> {
      // Timestamps are compared to the millisecond, the precision the editor received. A contributor's save
      // (`draftsOnly`) also names the draft state, so it cannot land after the article was submitted.
      const matches = and(
        eq(articles.id, id),
        expectedUpdatedAt
          ? sql`date_trunc('milliseconds', ${articles.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`
          : undefined,
        draftsOnly ? eq(articles.status, "draft") : undefined,
      );
      let retagged = false;
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ aiOriginal: articles.aiOriginal, status: articles.status })
          .from(articles)
          .where(eq(articles.id, id));
        const rewritten = current?.aiOriginal ? { aiRewrittenPercent: rewrittenPercent(current.aiOriginal, input) } : {};
        const now = clock.now();
        const [row] = await tx
          .update(articles)
          .set({ ...editedColumns(input), ...rewritten, updatedAt: now })
          .where(matches)
          .returning(revisionSnapshot);
        if (row && tagNames !== undefined) {
          const before = await articleTagNames(tx, id);
          const after = await saveArticleTags(tx, id, tagNames, now);
          // A published article that joins or leaves a tag changes that tag's feeds.
          retagged = current?.status === "published" && before.join("\n") !== after.join("\n");
        }
        if (row) await recordRevision(tx, row, { kind: "edited", editorId: by, now });
        if (row && coauthorIds !== undefined) await saveCoauthors(tx, id, coauthorIds);
        return row !== undefined;
      });
      if (saved) {
        const outcome = await changed("done");
        // Pages first, then the hubs, as publishing does: they fetch the feeds at once.
        if (retagged) await onPublished([id]);
        return outcome;
      }
      return (await missingOrAlready(id)) === "missing" ? "missing" : "stale";
    },

    /**
     * One step of the editorial state machine, as one conditional UPDATE from the states the transition
     * starts from. Publishing records who took responsibility (`by`, a person; null only for the system's own
     * changes, such as tests and the demo) and when; sending back and
     * submitting keep the note. "already" means the article is no longer in a state the step starts from.
     */
    async transition(
      id: number,
      transition: PlainTransition,
      { by, note = "" }: { by: number | null; note?: string },
    ): Promise<ChangeOutcome> {
      const now = clock.now();
      const { from, to } = TRANSITIONS[transition];
      const changes =
        transition === "publish"
          ? { publishedAt: now, approvedBy: by, approvedAt: now, reviewNote: "" }
          : transition === "unpublish" || transition === "unschedule"
            ? { publishedAt: null }
            : transition === "submit"
              ? { reviewNote: note, reviewerId: null }
              : { reviewNote: note };
      const updated = await db
        .update(articles)
        .set({ ...changes, status: to, updatedAt: now })
        .where(and(eq(articles.id, id), inArray(articles.status, [...from])))
        .returning({ id: articles.id });
      if (updated.length > 0 && transition === "publish") {
        // Pages first, so a hub that fetches the feed at once gets the new one.
        const outcome = await changed("done");
        await onPublished([id]);
        return outcome;
      }
      // Only publishing and unpublishing change what readers see.
      if (updated.length > 0) return transition === "publish" || transition === "unpublish" ? changed("done") : "done";
      return missingOrAlready(id);
    },

    /**
     * Schedules a draft or an article in review to appear at `at`, or moves a scheduled one to another time: one
     * conditional UPDATE. The person scheduling takes the editorial responsibility publishing would (`by`). The
     * scheduler publishes it when the time comes (scheduler.server.ts); until then no reader query shows it.
     */
    async schedule(id: number, at: Date, { by }: { by: number | null }): Promise<ScheduleOutcome> {
      const now = clock.now();
      if (at.getTime() <= now.getTime()) return "past";
      const from = [...TRANSITIONS.schedule.from, ...TRANSITIONS.reschedule.from];
      const updated = await db
        .update(articles)
        .set({ status: "scheduled", publishedAt: at, approvedBy: by, approvedAt: now, reviewNote: "", updatedAt: now })
        .where(and(eq(articles.id, id), inArray(articles.status, from)))
        .returning({ id: articles.id });
      return updated.length > 0 ? "done" : missingOrAlready(id);
    },

    /** The author profiles an editor may choose as co-authors, by name. */
    async coauthorChoices(): Promise<{ id: number; name: string }[]> {
      return db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(authors.name);
    },

    /** An article's co-authors' ids in byline order (the lead author not included). */
    async coauthorIds(articleId: number): Promise<number[]> {
      const byline = (await listArticleAuthors(db, [articleId])).get(articleId) ?? [];
      return byline.slice(1).map((author) => author.id);
    },

    /** An article's tag names in the editor's order. */
    tagNames(articleId: number): Promise<string[]> {
      return articleTagNames(db, articleId);
    },

    /** Permanent. */
    async delete(id: number): Promise<ChangeOutcome> {
      const deleted = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
      return deleted.length > 0 ? changed("done") : "missing";
    },
  };
}

export type EditorialService = ReturnType<typeof createEditorialService>;
