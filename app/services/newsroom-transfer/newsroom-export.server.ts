import { and, asc, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import type { Clock } from "../clock.server";
import {
  addressMoves,
  admins,
  articleCoauthors,
  articleCorrections,
  articleRevisions,
  articleSources,
  articles,
  authors,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  pageRevisions,
  pages,
  relatedArticles,
  sections,
  siteMenus,
  siteMenuSaves,
  siteSettings,
  siteSettingsChanges,
  articleTags,
  tags,
} from "../../db/schema";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportEntryInput, type ExportSection } from "../../validation/newsroom-export";
import { readStoredSettings } from "../../validation/site-settings";

/**
 * The newsroom export (decision 027): everything a newsroom owns as one JSON document in the import format, written as
 * it is read, one entry per line, so neither side ever holds the whole newsroom as one string:
 *
 *   {"format":"byline-export","version":1,"exported_at":"…"
 *   ,"authors":[
 *   {…}
 *   ,{…}
 *   ]
 *   ,"accounts":[ … ]
 *   …
 *   }
 *
 * The lines joined are one valid JSON document; `npm run import` reads it back line by line.
 */

const ARTICLE_BATCH = 500;
const SUBSCRIBER_BATCH = 5_000;
const ISSUE_BATCH = 20;

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * The document's lines, each ending in "\n". Reads in keyset batches (never OFFSET), so a newsroom of 100,000 articles
 * is read in 200 article queries (plus their revisions, corrections, co-authors, related stories and old addresses).
 */
export async function* exportNewsroomLines(
  { db, now }: { db: Database; now: Date },
  counts: Partial<Record<ExportSection, number>> = {},
): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exported_at":${JSON.stringify(iso(now))}\n`;
  yield* section("sections", sectionEntries(db), counts);
  yield* section("authors", authorEntries(db), counts);
  yield* section("accounts", accountEntries(db), counts);
  yield* section("articles", articleEntries(db), counts);
  yield* section("subscribers", subscriberEntries(db), counts);
  yield* section("newsletter_issues", issueEntries(db), counts);
  yield* section("settings", settingsEntries(db), counts);
  yield* section("tags", tagEntries(db), counts);
  yield* section("menus", menuEntries(db), counts);
  yield* section("pages", pageEntries(db), counts);
  yield* section("address_moves", addressMoveEntries(db), counts);
  yield "}\n";
}

async function* section<S extends ExportSection>(
  name: S,
  entries: AsyncIterable<ExportEntryInput<S>>,
  counts: Partial<Record<ExportSection, number>>,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[\n`;
  let written = 0;
  for await (const entry of entries) {
    yield `${written === 0 ? "" : ","}${JSON.stringify(entry)}\n`;
    written += 1;
  }
  counts[name] = written;
  yield "]\n";
}

/**
 * The lines gathered into chunks of about `size` characters, for a file or a response: fewer, larger writes than one
 * per entry, and never the whole document at once.
 */
export async function* chunked(lines: AsyncIterable<string>, size = 1 << 20): AsyncGenerator<string> {
  let parts: string[] = [];
  let length = 0;
  for await (const line of lines) {
    parts.push(line);
    length += line.length;
    if (length >= size) {
      yield parts.join("");
      parts = [];
      length = 0;
    }
  }
  if (parts.length) yield parts.join("");
}

/** The newsroom's sections in their order (decision 042); articles name them. */
async function* sectionEntries(db: Database): AsyncGenerator<ExportEntryInput<"sections">> {
  const rows = await db.select().from(sections).orderBy(asc(sections.position), asc(sections.id));
  for (const { name, slug, description, colour, cover, keywords, explore, position } of rows)
    yield { name, slug, description, colour, cover, keywords, explore, position };
}

/** The stored settings (not the environment's pins), then every save, oldest first. Nothing when never stored. */
async function* settingsEntries(db: Database): AsyncGenerator<ExportEntryInput<"settings">> {
  const [row] = await db.select().from(siteSettings);
  if (!row) return;
  yield { kind: "settings", values: readStoredSettings(row.values), version: row.version, updated_at: iso(row.updatedAt) };
  const saves = await db.select().from(siteSettingsChanges).orderBy(asc(siteSettingsChanges.version));
  for (const save of saves)
    yield {
      kind: "change",
      version: save.version,
      admin_id: save.adminId,
      admin_name: save.adminName,
      changed_at: iso(save.changedAt),
      changes: save.changes,
    };
}

/** Every tag, then each article's tags in order. */
async function* tagEntries(db: Database): AsyncGenerator<ExportEntryInput<"tags">> {
  const list = await db.select().from(tags).orderBy(asc(tags.id));
  for (const tag of list) yield { kind: "tag", id: tag.id, name: tag.name, slug: tag.slug, created_at: iso(tag.createdAt) };
  let after = 0;
  for (;;) {
    const ids = (
      await db
        .selectDistinct({ articleId: articleTags.articleId })
        .from(articleTags)
        .where(gt(articleTags.articleId, after))
        .orderBy(asc(articleTags.articleId))
        .limit(ARTICLE_BATCH)
    ).map((row) => row.articleId);
    if (ids.length === 0) return;
    const rows = await db
      .select()
      .from(articleTags)
      .where(inArray(articleTags.articleId, ids))
      .orderBy(asc(articleTags.articleId), asc(articleTags.position), asc(articleTags.tagId));
    for (const [articleId, rowsOfArticle] of groupBy(rows, (row) => row.articleId))
      yield { kind: "article", article_id: articleId, tag_ids: rowsOfArticle.map((row) => row.tagId) };
    after = ids[ids.length - 1] ?? after;
  }
}

/** The stored menus, then every save, oldest first. Nothing when never saved (the specification's menus). */
async function* menuEntries(db: Database): AsyncGenerator<ExportEntryInput<"menus">> {
  const [row] = await db.select().from(siteMenus);
  if (!row) return;
  yield { kind: "menus", menus: row.menus, version: row.version, updated_at: iso(row.updatedAt) };
  const saves = await db.select().from(siteMenuSaves).orderBy(asc(siteMenuSaves.version));
  for (const save of saves)
    yield {
      kind: "save",
      version: save.version,
      admin_id: save.adminId,
      admin_name: save.adminName,
      saved_at: iso(save.savedAt),
      menus: save.menus,
    };
}

/** The old addresses of sections, tags and pages and where each leads now, by old address. */
async function* addressMoveEntries(db: Database): AsyncGenerator<ExportEntryInput<"address_moves">> {
  const rows = await db.select().from(addressMoves).orderBy(asc(addressMoves.fromPath));
  for (const row of rows) yield { from: row.fromPath, to: row.toPath, moved_at: iso(row.movedAt) };
}

/** The site's pages (decision 039), each with its revisions, oldest first. */
async function* pageEntries(db: Database): AsyncGenerator<ExportEntryInput<"pages">> {
  const [rows, revisions] = await Promise.all([
    db.select().from(pages).orderBy(asc(pages.id)),
    db.select().from(pageRevisions).orderBy(asc(pageRevisions.id)),
  ]);
  const byPage = groupBy(revisions, (revision) => revision.pageId);
  const text = (page: typeof pages.$inferSelect | typeof pageRevisions.$inferSelect) => ({
    slug: page.slug,
    title: page.title,
    heading: page.heading,
    eyebrow: page.eyebrow,
    lead: page.lead,
    description: page.description,
    body: page.body,
    show_contents: page.showContents,
    fields: page.fields,
  });
  for (const row of rows)
    yield {
      id: row.id,
      built_in: row.builtIn,
      layout: row.layout as ExportEntryInput<"pages">["layout"],
      status: row.status as ExportEntryInput<"pages">["status"],
      ...text(row),
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
      updated_by: row.updatedBy,
      deleted_at: isoOrNull(row.deletedAt),
      revisions: (byPage.get(row.id) ?? []).map((revision) => ({
        id: revision.id,
        kind: revision.kind,
        editor_id: revision.editorId,
        restored_from: revision.restoredFrom,
        ...text(revision),
        created_at: iso(revision.createdAt),
        updated_at: iso(revision.updatedAt),
      })),
    };
}

async function* authorEntries(db: Database): AsyncGenerator<ExportEntryInput<"authors">> {
  const rows = await db.select().from(authors).orderBy(asc(authors.id));
  for (const row of rows)
    yield {
      id: row.id,
      name: row.name,
      slug: row.slug,
      avatar: row.avatar,
      role: row.role,
      bio: row.bio,
      links: row.links,
      created_at: iso(row.createdAt),
    };
}

/** Accounts without password hashes, sign-in times or sessions (decision 027). */
async function* accountEntries(db: Database): AsyncGenerator<ExportEntryInput<"accounts">> {
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      email: admins.email,
      authorId: admins.authorId,
      suspendedAt: admins.suspendedAt,
      createdAt: admins.createdAt,
    })
    .from(admins)
    .orderBy(asc(admins.id));
  for (const row of rows)
    yield {
      id: row.id,
      username: row.username,
      role: row.role,
      email: row.email,
      author_id: row.authorId,
      suspended_at: isoOrNull(row.suspendedAt),
      created_at: iso(row.createdAt),
    };
}

async function* articleEntries(db: Database): AsyncGenerator<ExportEntryInput<"articles">> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: articles.id,
        title: articles.title,
        excerpt: articles.excerpt,
        content: articles.content,
        category: articles.category,
        image: articles.image,
        status: articles.status,
        authorId: articles.authorId,
        publishedAt: articles.publishedAt,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
        readTime: articles.readTime,
        isFeatured: articles.isFeatured,
        isPopular: articles.isPopular,
        isAiGenerated: articles.isAiGenerated,
        sources: articles.sources,
        sourceLinks: articles.sourceLinks,
        reviewNote: articles.reviewNote,
        reviewerId: articles.reviewerId,
        approvedBy: articles.approvedBy,
        approvedAt: articles.approvedAt,
        aiOriginal: articles.aiOriginal,
        aiRewrittenPercent: articles.aiRewrittenPercent,
      })
      .from(articles)
      .where(gt(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(ARTICLE_BATCH);
    if (batch.length === 0) return;
    const ids = batch.map((article) => article.id);
    const [coauthors, revisions, corrections, related, sources] = await Promise.all([
      db
        .select()
        .from(articleCoauthors)
        .where(inArray(articleCoauthors.articleId, ids))
        .orderBy(asc(articleCoauthors.articleId), asc(articleCoauthors.position)),
      db
        .select()
        .from(articleRevisions)
        .where(inArray(articleRevisions.articleId, ids))
        .orderBy(asc(articleRevisions.articleId), asc(articleRevisions.id)),
      db
        .select()
        .from(articleCorrections)
        .where(inArray(articleCorrections.articleId, ids))
        .orderBy(asc(articleCorrections.articleId), asc(articleCorrections.id)),
      db
        .select()
        .from(relatedArticles)
        .where(inArray(relatedArticles.articleId, ids))
        .orderBy(asc(relatedArticles.articleId), asc(relatedArticles.relatedId)),
      db
        .select()
        .from(articleSources)
        .where(inArray(articleSources.articleId, ids))
        .orderBy(asc(articleSources.articleId), asc(articleSources.id)),
    ]);
    const coauthorsOf = groupBy(coauthors, (row) => row.articleId);
    const revisionsOf = groupBy(revisions, (row) => row.articleId);
    const correctionsOf = groupBy(corrections, (row) => row.articleId);
    const relatedOf = groupBy(related, (row) => row.articleId);
    const sourcesOf = groupBy(sources, (row) => row.articleId);
    for (const article of batch) {
      yield {
        id: article.id,
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        category: article.category,
        image: article.image,
        status: article.status,
        author_id: article.authorId,
        coauthor_ids: (coauthorsOf.get(article.id) ?? []).map((row) => row.authorId),
        published_at: isoOrNull(article.publishedAt),
        created_at: iso(article.createdAt),
        updated_at: iso(article.updatedAt),
        read_time: article.readTime,
        is_featured: article.isFeatured,
        is_popular: article.isPopular,
        is_ai_generated: article.isAiGenerated,
        sources: article.sources,
        source_links: article.sourceLinks.map(({ outlet, title, url, publishedAt }) => ({
          outlet,
          title,
          url,
          publishedAt: publishedAt ?? null,
        })),
        review_note: article.reviewNote,
        reviewer_id: article.reviewerId,
        approved_by: article.approvedBy,
        approved_at: isoOrNull(article.approvedAt),
        ai_original: article.aiOriginal
          ? { title: article.aiOriginal.title, excerpt: article.aiOriginal.excerpt, content: article.aiOriginal.content }
          : null,
        ai_rewritten_percent: article.aiRewrittenPercent,
        related_ids: (relatedOf.get(article.id) ?? []).map((row) => row.relatedId),
        old_addresses: (sourcesOf.get(article.id) ?? []).map((row) => ({
          system: row.system,
          source_id: row.sourceId,
          old_path: row.oldPath,
        })),
        revisions: (revisionsOf.get(article.id) ?? []).map((row) => ({
          id: row.id,
          kind: row.kind,
          editor_id: row.editorId,
          restored_from: row.restoredFrom,
          title: row.title,
          excerpt: row.excerpt,
          content: row.content,
          category: row.category,
          image: row.image,
          sources: row.sources,
          source_links: row.sourceLinks.map(({ outlet, title, url, publishedAt }) => ({
            outlet,
            title,
            url,
            publishedAt: publishedAt ?? null,
          })),
          tags: row.tags,
          created_at: iso(row.createdAt),
          updated_at: iso(row.updatedAt),
        })),
        corrections: (correctionsOf.get(article.id) ?? []).map((row) => ({
          id: row.id,
          kind: row.kind,
          note: row.note,
          created_by: row.createdBy,
          created_at: iso(row.createdAt),
        })),
      };
    }
    after = ids[ids.length - 1] ?? after;
  }
}

/** Subscribers with their status, sign-up time and last status change; the confirmation throttle stays behind. */
async function* subscriberEntries(db: Database): AsyncGenerator<ExportEntryInput<"subscribers">> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        createdAt: newsletterSubscribers.createdAt,
        updatedAt: newsletterSubscribers.updatedAt,
      })
      .from(newsletterSubscribers)
      .where(gt(newsletterSubscribers.id, after))
      .orderBy(asc(newsletterSubscribers.id))
      .limit(SUBSCRIBER_BATCH);
    if (batch.length === 0) return;
    for (const row of batch)
      yield { email: row.email, status: row.status, created_at: iso(row.createdAt), updated_at: iso(row.updatedAt) };
    after = batch[batch.length - 1]?.id ?? after;
  }
}

/** Issues with who received each (their deliveries, without claim tokens or the mail servers' error replies). */
async function* issueEntries(db: Database): AsyncGenerator<ExportEntryInput<"newsletter_issues">> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(newsletterIssues)
      .where(gt(newsletterIssues.id, after))
      .orderBy(asc(newsletterIssues.id))
      .limit(ISSUE_BATCH);
    if (batch.length === 0) return;
    const deliveries = await db
      .select({
        issueId: newsletterDeliveries.issueId,
        email: newsletterDeliveries.email,
        status: newsletterDeliveries.status,
        attempts: newsletterDeliveries.attempts,
        sentAt: newsletterDeliveries.sentAt,
      })
      .from(newsletterDeliveries)
      .where(
        and(
          inArray(
            newsletterDeliveries.issueId,
            batch.map((issue) => issue.id),
          ),
        ),
      )
      .orderBy(asc(newsletterDeliveries.issueId), asc(newsletterDeliveries.id));
    const deliveriesOf = groupBy(deliveries, (row) => row.issueId);
    for (const issue of batch)
      yield {
        id: issue.id,
        status: issue.status,
        subject: issue.subject,
        html: issue.html,
        text: issue.text,
        article_ids: issue.articleIds,
        model: issue.model,
        week_key: issue.weekKey,
        correction_id: issue.correctionId,
        created_by: issue.createdBy,
        error: issue.error,
        created_at: iso(issue.createdAt),
        send_started_at: isoOrNull(issue.sendStartedAt),
        finished_at: isoOrNull(issue.finishedAt),
        deliveries: (deliveriesOf.get(issue.id) ?? []).map((row) => ({
          email: row.email,
          status: row.status,
          attempts: row.attempts,
          sent_at: isoOrNull(row.sentAt),
        })),
      };
    after = batch[batch.length - 1]?.id ?? after;
  }
}

/** The export as a service for the admin download: the document's chunks and its file name, at the clock's time. */
export function createNewsroomExportService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    start(): { fileName: string; chunks: AsyncGenerator<string> } {
      const now = clock.now();
      return { fileName: exportFileName(now), chunks: chunked(exportNewsroomLines({ db, now }), 256 * 1024) };
    },
  };
}

/** "byline-export-2026-11-26.json": the download's name, dated in UTC like the subscriber CSV. */
export function exportFileName(now: Date): string {
  return `byline-export-${now.toISOString().slice(0, 10)}.json`;
}
