import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { admins, articleRevisions, articles, authors } from "../../db/schema";
import type { RevisionKind } from "../../domain/history";
import type { RevisionSummary, RevisionVersion } from "../../utils/revisions";
import type { Clock } from "../clock.server";
import { rewrittenPercent } from "./provenance.server";
import { articleTagNames, saveArticleTags } from "../tags/article-tags.server";

/**
 * Saves by the same person within this long of the start of their latest revision (when nobody else's revision came
 * after it) update that revision instead of adding one, so an autosave or a run of small fixes is one entry.
 */
export const REVISION_COALESCE_MS = 5 * 60_000;

/** The kinds a later save by the same person may fold into; an AI original, a restore or an import is never changed. */
const COALESCING_KINDS: readonly RevisionKind[] = ["created", "edited"];

/**
 * Whether a save updates the latest revision instead of adding one: a `created`/`edited` save by the person whose own
 * `created`/`edited` revision is the latest and began less than `REVISION_COALESCE_MS` ago. Articles and pages
 * (services/pages) keep their histories by this one rule.
 */
export function foldsIntoLatest(
  latest: { kind: RevisionKind; editorId: number | null; createdAt: Date },
  save: { kind: RevisionKind; editorId: number | null; now: Date },
): boolean {
  return (
    save.editorId !== null &&
    COALESCING_KINDS.includes(save.kind) &&
    latest.editorId === save.editorId &&
    COALESCING_KINDS.includes(latest.kind) &&
    save.now.getTime() - latest.createdAt.getTime() < REVISION_COALESCE_MS
  );
}

/** The columns a revision keeps, as `returning` of an article insert or update gives them. */
export const revisionSnapshot = {
  articleId: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  content: articles.content,
  category: articles.category,
  image: articles.image,
  sources: articles.sources,
  sourceLinks: articles.sourceLinks,
};

export type RevisionSnapshot = Pick<
  typeof articleRevisions.$inferInsert,
  "articleId" | "title" | "excerpt" | "content" | "category" | "image" | "sources" | "sourceLinks" | "tags"
>;

/** A database or the transaction a save runs in. */
type Executor = Pick<Database, "select" | "insert" | "update">;

/** The snapshot with the article's tags as they are now, unless the caller names them. */
async function withTags(tx: Executor, snapshot: RevisionSnapshot): Promise<RevisionSnapshot> {
  return snapshot.tags === undefined ? { ...snapshot, tags: await articleTagNames(tx, snapshot.articleId) } : snapshot;
}

/**
 * Records a revision of a save, inside the save's transaction (after its INSERT or UPDATE, which holds the article's
 * row lock, so two saves of one article record their revisions one after the other). A save (`created`/`edited`) by a
 * person whose own `created`/`edited` revision is the article's latest and began less than `REVISION_COALESCE_MS` ago
 * updates that revision; anything else adds one.
 */
export async function recordRevision(
  tx: Executor,
  snapshot: RevisionSnapshot,
  {
    kind,
    editorId,
    now,
    restoredFrom = null,
  }: { kind: RevisionKind; editorId: number | null; now: Date; restoredFrom?: number | null },
): Promise<number> {
  snapshot = await withTags(tx, snapshot);
  if (editorId !== null && COALESCING_KINDS.includes(kind)) {
    const [latest] = await tx
      .select({
        id: articleRevisions.id,
        kind: articleRevisions.kind,
        editorId: articleRevisions.editorId,
        createdAt: articleRevisions.createdAt,
      })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, snapshot.articleId))
      .orderBy(desc(articleRevisions.id))
      .limit(1);
    if (latest && foldsIntoLatest(latest, { kind, editorId, now })) {
      const { articleId: _articleId, ...fields } = snapshot;
      await tx
        .update(articleRevisions)
        .set({ ...fields, updatedAt: now })
        .where(eq(articleRevisions.id, latest.id));
      return latest.id;
    }
  }
  const [row] = await tx
    .insert(articleRevisions)
    .values({ ...snapshot, kind, editorId, restoredFrom, createdAt: now, updatedAt: now })
    .returning({ id: articleRevisions.id });
  if (!row) throw new Error("The revision was not recorded.");
  return row.id;
}

/** Records one revision per article of a bulk insert (an import): never coalesced. */
export async function recordRevisions(
  tx: Executor,
  snapshots: readonly RevisionSnapshot[],
  { kind, now }: { kind: RevisionKind; now: Date },
): Promise<void> {
  if (snapshots.length === 0) return;
  await tx
    .insert(articleRevisions)
    .values(snapshots.map((snapshot) => ({ ...snapshot, kind, editorId: null, createdAt: now, updatedAt: now })));
}

const editorAccount = alias(admins, "revision_editor");
const editorProfile = alias(authors, "revision_editor_profile");

const summaryColumns = {
  id: articleRevisions.id,
  kind: articleRevisions.kind,
  editorName: editorProfile.name,
  restoredFrom: articleRevisions.restoredFrom,
  createdAt: articleRevisions.createdAt,
  updatedAt: articleRevisions.updatedAt,
};

export type RestoreOutcome = { outcome: "done"; revisionId: number } | { outcome: "missing" };

/**
 * An article's history: its revisions, two of them in full for a comparison, and restoring one. Restoring copies the
 * revision's fields to the article (its status and publication time stay) and is itself recorded as a new revision.
 */
export function createRevisionService({
  db,
  clock,
  onPublicChange = async () => {},
}: {
  db: Database;
  clock: Clock;
  /** Called after a restore, which readers may see, so cached pages are dropped. */
  onPublicChange?: () => Promise<unknown>;
}) {
  return {
    /** Every revision of an article, newest first, with the name of the person who saved it (null for the system). */
    async list(articleId: number): Promise<RevisionSummary[]> {
      return db
        .select(summaryColumns)
        .from(articleRevisions)
        .leftJoin(editorAccount, eq(editorAccount.id, articleRevisions.editorId))
        .leftJoin(editorProfile, eq(editorProfile.id, editorAccount.authorId))
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.id));
    },

    /** The given revisions of an article in full; ids that are not this article's are left out. */
    async versions(articleId: number, ids: readonly number[]): Promise<RevisionVersion[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          ...summaryColumns,
          title: articleRevisions.title,
          excerpt: articleRevisions.excerpt,
          content: articleRevisions.content,
          category: articleRevisions.category,
          image: articleRevisions.image,
          sources: articleRevisions.sources,
          tags: sql<string>`array_to_string(coalesce(${articleRevisions.tags}, '{}'), ', ')`,
        })
        .from(articleRevisions)
        .leftJoin(editorAccount, eq(editorAccount.id, articleRevisions.editorId))
        .leftJoin(editorProfile, eq(editorProfile.id, editorAccount.authorId))
        .where(and(eq(articleRevisions.articleId, articleId), inArray(articleRevisions.id, [...ids])));
    },

    /**
     * The two revisions that show what changed since an editor opened the article at `openedAt` (its `updated_at`
     * then): the latest revision saved by then, and the latest of all. Without a time, or when none is that old,
     * only the latest.
     */
    async sinceOpened(articleId: number, openedAt: Date | undefined): Promise<{ from?: number; to?: number }> {
      const [latest] = await db
        .select({ id: articleRevisions.id })
        .from(articleRevisions)
        .where(eq(articleRevisions.articleId, articleId))
        .orderBy(desc(articleRevisions.id))
        .limit(1);
      if (!latest) return {};
      if (!openedAt) return { to: latest.id };
      const [opened] = await db
        .select({ id: articleRevisions.id })
        .from(articleRevisions)
        .where(
          and(
            eq(articleRevisions.articleId, articleId),
            sql`date_trunc('milliseconds', ${articleRevisions.updatedAt}) <= ${openedAt.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(articleRevisions.id))
        .limit(1);
      return opened && opened.id !== latest.id ? { from: opened.id, to: latest.id } : { to: latest.id };
    },

    /**
     * Brings a revision back: one transaction that copies its fields to the article, recomputes how much of an AI
     * draft was rewritten, and records a `restored` revision naming the one it came from. "missing" when the article
     * or that revision of it is gone.
     */
    async restore(articleId: number, revisionId: number, { by }: { by: number | null }): Promise<RestoreOutcome> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx): Promise<RestoreOutcome> => {
        const [revision] = await tx
          .select()
          .from(articleRevisions)
          .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId)))
          .limit(1);
        if (!revision) return { outcome: "missing" };
        const [current] = await tx
          .select({ aiOriginal: articles.aiOriginal })
          .from(articles)
          .where(eq(articles.id, articleId))
          .for("update");
        if (!current) return { outcome: "missing" };
        const { title, excerpt, content, category, image, sources, sourceLinks, tags } = revision;
        const fields = { title, excerpt, content, category, image, sources, sourceLinks };
        const rewritten = current.aiOriginal ? { aiRewrittenPercent: rewrittenPercent(current.aiOriginal, fields) } : {};
        const [saved] = await tx
          .update(articles)
          .set({ ...fields, ...rewritten, updatedAt: now })
          .where(eq(articles.id, articleId))
          .returning(revisionSnapshot);
        if (!saved) return { outcome: "missing" };
        // A revision recorded before tags existed (null) leaves the article's tags as they are.
        if (tags !== null) await saveArticleTags(tx, articleId, tags, now);
        const id = await recordRevision(tx, saved, { kind: "restored", editorId: by, now, restoredFrom: revision.id });
        return { outcome: "done", revisionId: id };
      });
      if (outcome.outcome === "done") await onPublicChange();
      return outcome;
    },
  };
}

export type RevisionService = ReturnType<typeof createRevisionService>;
