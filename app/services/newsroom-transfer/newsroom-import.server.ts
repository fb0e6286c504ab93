import { eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import {
  addressMoves,
  admins,
  articleCoauthors,
  articleCorrections,
  articleRevisions,
  articleSources,
  articles,
  authors,
  generationJobs,
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
} from "../../db/schema";
import { SiteMenusInput } from "../../validation/menus";
import { readStoredSettings, SiteSettingsInput } from "../../validation/site-settings";
import { SectionInput } from "../../validation/sections";
import {
  EXPORT_ENTRY_SCHEMAS,
  EXPORT_SECTIONS,
  ExportHeader,
  type ExportMenus,
  type ExportSettings,
  type ExportSectionEntry,
  type ExportTags,
  type ExportArticle,
  type ExportPage,
  type ExportEntries,
  type ExportSection,
} from "../../validation/newsroom-export";
import type { RowError } from "../import/article-import.server";
import { importTagEntry } from "./newsroom-import-tags.server";
import { BROKEN_LINE, describeIssues, ExportLayoutError, type ExportPiece } from "./newsroom-import-reader.server";

/**
 * Writes a newsroom export (decision 027) back, from the pieces newsroom-import-reader.server.ts reads: entries are
 * checked one by one as they come and written in batches inside one transaction, so a database failure imports nothing
 * and memory stays bounded by a batch. Idempotent: an article, newsletter issue or author that is already here (same id
 * and creation time; same name; same address for a subscriber; same username for an account) is skipped, never
 * duplicated or overwritten.
 */

export interface NewsroomImportResult {
  exportedAt: Date;
  /** What was added, per part. */
  imported: Record<ExportSection, number>;
  /** What was already here and left as it was, per part. */
  skipped: Record<ExportSection, number>;
  errors: RowError[];
}

const LABELS: Record<ExportSection, string> = {
  sections: "section",
  authors: "author",
  accounts: "account",
  articles: "article",
  subscribers: "subscriber",
  newsletter_issues: "newsletter issue",
  settings: "settings record",
  tags: "tag record",
  menus: "menu record",
  pages: "page",
  address_moves: "address move",
};

/** The transaction an import runs in. */
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Which of `ids` a table already uses. */
async function takenIds(tx: Tx, table: typeof articleRevisions | typeof articleCorrections, ids: number[]): Promise<Set<number>> {
  const taken = new Set<number>();
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    if (chunk.length === 0) continue;
    const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.id, chunk));
    for (const row of rows) taken.add(row.id);
  }
  return taken;
}

const IDENTITY_TABLES = [
  "authors",
  "admins",
  "articles",
  "article_revisions",
  "article_corrections",
  "newsletter_subscribers",
  "newsletter_issues",
  "tags",
  "pages",
  "page_revisions",
] as const;

/** Imports the pieces in one transaction. Throws ExportLayoutError (nothing imported) when the document is not an export. */
export async function importNewsroom(
  { db, now }: { db: Database; now: Date },
  pieces: AsyncIterable<ExportPiece> | Iterable<ExportPiece>,
): Promise<NewsroomImportResult> {
  const zero = () => Object.fromEntries(EXPORT_SECTIONS.map((section) => [section, 0])) as Record<ExportSection, number>;
  const result: NewsroomImportResult = { exportedAt: now, imported: zero(), skipped: zero(), errors: [] };
  const reject = (section: ExportSection, row: number, reason: string) =>
    result.errors.push({ row, label: LABELS[section], reason });

  return db.transaction(async (tx) => {
    const authorIds = new Map<number, number>();
    const accountIds = new Map<number, number>();
    /** Articles of the document that are here now (imported, or found already): document id → id here. */
    const articleIds = new Map<number, number>();
    const correctionIds = new Map<number, number>();
    const tagIds = new Map<number, number>();
    const relatedPairs: { articleId: number; relatedId: number }[] = [];
    let pendingArticles: { row: number; article: ExportArticle }[] = [];
    let pendingSubscribers: { row: number; subscriber: ExportEntries["subscribers"] }[] = [];
    let sawHeader = false;

    const flushArticles = async () => {
      if (pendingArticles.length === 0) return;
      const batch = pendingArticles;
      pendingArticles = [];
      await importArticleBatch(tx, batch, {
        authorIds,
        accountIds,
        articleIds,
        correctionIds,
        relatedPairs,
        result,
        reject,
        now,
      });
    };
    const flushSubscribers = async () => {
      if (pendingSubscribers.length === 0) return;
      const batch = pendingSubscribers;
      pendingSubscribers = [];
      const inserted = await tx
        .insert(newsletterSubscribers)
        .values(
          batch.map(({ subscriber }) => ({
            email: subscriber.email,
            status: subscriber.status,
            createdAt: subscriber.created_at,
            updatedAt: subscriber.updated_at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      result.imported.subscribers += inserted.length;
      result.skipped.subscribers += batch.length - inserted.length;
    };

    // The sections the document's part names, kept or added here; the others go once the part ends (pruneSections).
    let sectionsOfDocument: Set<number> | null = null;
    const endSections = async () => {
      if (sectionsOfDocument) await pruneSections(tx, sectionsOfDocument);
      sectionsOfDocument = null;
    };

    for await (const piece of pieces) {
      if (piece.kind === "header") {
        const header = ExportHeader.safeParse(piece.value);
        if (!header.success) throw new ExportLayoutError(`the header: ${describeIssues(header.error)}`);
        result.exportedAt = header.data.exported_at;
        sawHeader = true;
        continue;
      }
      if (!sawHeader) throw new ExportLayoutError("the document has no header");
      const { section, row } = piece;
      if (section !== "sections") await endSections();
      if (section !== "articles") await flushArticles();
      if (section !== "subscribers") await flushSubscribers();
      if (piece.value === BROKEN_LINE) {
        reject(section, row, "is not valid JSON");
        continue;
      }
      const parsed = EXPORT_ENTRY_SCHEMAS[section].safeParse(piece.value);
      if (!parsed.success) {
        reject(section, row, describeIssues(parsed.error));
        continue;
      }
      switch (section) {
        case "authors":
          await importAuthor(tx, row, parsed.data as ExportEntries["authors"], { authorIds, result });
          break;
        case "accounts":
          await importAccount(tx, row, parsed.data as ExportEntries["accounts"], { authorIds, accountIds, result, reject });
          break;
        case "articles":
          pendingArticles.push({ row, article: parsed.data as ExportArticle });
          if (pendingArticles.length >= 500) await flushArticles();
          break;
        case "subscribers":
          pendingSubscribers.push({ row, subscriber: parsed.data as ExportEntries["subscribers"] });
          if (pendingSubscribers.length >= 1000) await flushSubscribers();
          break;
        case "sections":
          sectionsOfDocument ??= new Set();
          await importSection(tx, row, parsed.data as ExportSectionEntry, { result, reject, kept: sectionsOfDocument });
          break;
        case "settings":
          await importSettings(tx, row, parsed.data as ExportSettings, { accountIds, result, reject });
          break;
        case "tags":
          await importTagEntry(tx, row, parsed.data as ExportTags, { tagIds, articleIds, counts: result, reject });
          break;
        case "menus":
          await importMenus(tx, row, parsed.data as ExportMenus, { accountIds, result, reject });
          break;
        case "pages":
          await importPage(tx, parsed.data as ExportPage, { accountIds, result });
          break;
        case "address_moves":
          await importAddressMove(tx, parsed.data as ExportEntries["address_moves"], result);
          break;
        case "newsletter_issues":
          await importIssue(tx, row, parsed.data as ExportEntries["newsletter_issues"], {
            accountIds,
            articleIds,
            correctionIds,
            result,
            reject,
          });
          break;
      }
    }
    await endSections();
    await flushArticles();
    await flushSubscribers();
    if (!sawHeader) throw new ExportLayoutError("the document has no header");

    // Related stories link two articles of the document; both must be here.
    const pairs = relatedPairs.flatMap(({ articleId, relatedId }) => {
      const from = articleIds.get(articleId);
      const to = articleIds.get(relatedId);
      return from !== undefined && to !== undefined && from !== to ? [{ articleId: from, relatedId: to, createdAt: now }] : [];
    });
    for (let start = 0; start < pairs.length; start += 1000)
      await tx
        .insert(relatedArticles)
        .values(pairs.slice(start, start + 1000))
        .onConflictDoNothing();

    // Rows were written with their own ids: the next id each table hands out comes after the largest.
    for (const table of IDENTITY_TABLES)
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from "${table}"), 0) + 1, false)`,
        ),
      );
    result.errors.sort((a, b) => a.row - b.row);
    return result;
  });
}

async function importAuthor(
  tx: Tx,
  row: number,
  author: ExportEntries["authors"],
  { authorIds, result }: { authorIds: Map<number, number>; result: NewsroomImportResult },
) {
  // An author is one person per name here, as for every import; the one already here keeps their profile.
  const [existing] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.name, author.name));
  if (existing) {
    authorIds.set(author.id, existing.id);
    result.skipped.authors += 1;
    return;
  }
  const [idTaken] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.id, author.id));
  const [slugTaken] = await tx.select({ id: authors.id }).from(authors).where(eq(authors.slug, author.slug));
  const values = {
    name: author.name,
    // A slug another author has here is made afresh by the database (from the name).
    slug: slugTaken ? "" : author.slug,
    avatar: author.avatar,
    role: author.role,
    bio: author.bio,
    links: author.links,
    createdAt: author.created_at,
  };
  const [inserted] = idTaken
    ? await tx.insert(authors).values(values).returning({ id: authors.id })
    : await tx
        .insert(authors)
        .overridingSystemValue()
        .values({ ...values, id: author.id })
        .returning({ id: authors.id });
  if (!inserted) throw new Error(`Author on line ${row} was not created.`);
  authorIds.set(author.id, inserted.id);
  result.imported.authors += 1;
}

async function importAccount(
  tx: Tx,
  row: number,
  account: ExportEntries["accounts"],
  {
    authorIds,
    accountIds,
    result,
    reject,
  }: {
    authorIds: Map<number, number>;
    accountIds: Map<number, number>;
    result: NewsroomImportResult;
    reject: (section: ExportSection, row: number, reason: string) => void;
  },
) {
  const [existing] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${account.username})`);
  if (existing) {
    accountIds.set(account.id, existing.id);
    result.skipped.accounts += 1;
    return;
  }
  const authorId = authorIds.get(account.author_id);
  if (authorId === undefined) {
    reject("accounts", row, `author_id ${account.author_id} is not an author of this export`);
    return;
  }
  const [idTaken] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, account.id));
  const values = {
    username: account.username,
    // No password travels: the account signs in after `npm run admin -- password NAME` sets one.
    passwordHash: "",
    role: account.role,
    email: account.email,
    authorId,
    suspendedAt: account.suspended_at,
    createdAt: account.created_at,
    updatedAt: account.created_at,
  };
  const [inserted] = idTaken
    ? await tx.insert(admins).values(values).returning({ id: admins.id })
    : await tx
        .insert(admins)
        .overridingSystemValue()
        .values({ ...values, id: account.id })
        .returning({ id: admins.id });
  if (!inserted) throw new Error(`Account on line ${row} was not created.`);
  accountIds.set(account.id, inserted.id);
  result.imported.accounts += 1;
}

interface ArticleBatchContext {
  authorIds: Map<number, number>;
  accountIds: Map<number, number>;
  articleIds: Map<number, number>;
  correctionIds: Map<number, number>;
  relatedPairs: { articleId: number; relatedId: number }[];
  result: NewsroomImportResult;
  reject: (section: ExportSection, row: number, reason: string) => void;
  now: Date;
}

async function importArticleBatch(
  tx: Tx,
  batch: { row: number; article: ExportArticle }[],
  { authorIds, accountIds, articleIds, correctionIds, relatedPairs, result, reject }: ArticleBatchContext,
) {
  const existing = await tx
    .select({ id: articles.id, createdAt: articles.createdAt })
    .from(articles)
    .where(
      inArray(
        articles.id,
        batch.map(({ article }) => article.id),
      ),
    );
  const createdAtOf = new Map(existing.map((row) => [row.id, row.createdAt.getTime()]));
  const sectionNames = new Set((await tx.select({ name: sections.name }).from(sections)).map((section) => section.name));
  const fresh: { row: number; article: ExportArticle }[] = [];
  for (const entry of batch) {
    const { row, article } = entry;
    if (articleIds.has(article.id)) {
      reject("articles", row, `id ${article.id} appears twice in the export`);
      continue;
    }
    const here = createdAtOf.get(article.id);
    if (here !== undefined) {
      // The same article (id and creation time) was imported before: idempotent, it stays as it is here.
      if (here === article.created_at.getTime()) {
        articleIds.set(article.id, article.id);
        result.skipped.articles += 1;
        for (const correction of article.corrections) correctionIds.set(correction.id, correction.id);
      } else
        reject(
          "articles",
          row,
          `id ${article.id} belongs to another article here: an export imports into an empty newsroom or the one it came from`,
        );
      continue;
    }
    const missing = [article.author_id, ...article.coauthor_ids].find((authorId) => !authorIds.has(authorId));
    if (missing !== undefined) {
      reject("articles", row, `author ${missing} is not an author of this export`);
      continue;
    }
    const unknownSection = [article.category, ...article.revisions.map((revision) => revision.category)].find(
      (name) => !sectionNames.has(name),
    );
    if (unknownSection !== undefined) {
      reject("articles", row, `section "${unknownSection}" is not a section of this newsroom or of the export`);
      continue;
    }
    articleIds.set(article.id, article.id);
    fresh.push(entry);
  }
  if (fresh.length === 0) return;

  const account = (accountId: number | null) => (accountId === null ? null : (accountIds.get(accountId) ?? null));
  const author = (authorId: number) => {
    const mapped = authorIds.get(authorId);
    if (mapped === undefined) throw new Error(`Author ${authorId} was not mapped.`);
    return mapped;
  };
  await tx
    .insert(articles)
    .overridingSystemValue()
    .values(
      fresh.map(({ article }) => ({
        id: article.id,
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        category: article.category,
        image: article.image,
        status: article.status,
        authorId: author(article.author_id),
        publishedAt: article.published_at,
        createdAt: article.created_at,
        updatedAt: article.updated_at,
        readTime: article.read_time,
        isFeatured: article.is_featured,
        isPopular: article.is_popular,
        isAiGenerated: article.is_ai_generated,
        sources: article.sources,
        sourceLinks: article.source_links,
        reviewNote: article.review_note,
        reviewerId: account(article.reviewer_id),
        approvedBy: account(article.approved_by),
        approvedAt: article.approved_at,
        aiOriginal: article.ai_original,
        aiRewrittenPercent: article.ai_rewritten_percent,
      })),
    );
  result.imported.articles += fresh.length;

  const coauthorRows = fresh.flatMap(({ article }) =>
    article.coauthor_ids.map((authorId, index) => ({ articleId: article.id, authorId: author(authorId), position: index + 1 })),
  );
  if (coauthorRows.length) await tx.insert(articleCoauthors).values(coauthorRows);

  const sourceRows = fresh.flatMap(({ article }) =>
    article.old_addresses.map((address) => ({
      articleId: article.id,
      system: address.system,
      sourceId: address.source_id,
      oldPath: address.old_path,
    })),
  );
  if (sourceRows.length) await tx.insert(articleSources).values(sourceRows).onConflictDoNothing();

  for (const { article } of fresh)
    for (const relatedId of article.related_ids) relatedPairs.push({ articleId: article.id, relatedId });

  // Revisions and corrections keep their ids where this database has not used them (an empty one never has).
  const revisions = fresh.flatMap(({ article }) => article.revisions.map((revision) => ({ articleId: article.id, revision })));
  const takenRevisions = await takenIds(
    tx,
    articleRevisions,
    revisions.map(({ revision }) => revision.id),
  );
  const revisionIds = new Map<number, number>();
  for (let start = 0; start < revisions.length; start += 500) {
    const chunk = revisions.slice(start, start + 500);
    const values = chunk.map(({ articleId, revision }) => ({
      id: revision.id,
      articleId,
      kind: revision.kind,
      editorId: account(revision.editor_id),
      restoredFrom: revision.restored_from,
      title: revision.title,
      excerpt: revision.excerpt,
      content: revision.content,
      category: revision.category,
      image: revision.image,
      sources: revision.sources,
      sourceLinks: revision.source_links,
      tags: revision.tags ?? null,
      createdAt: revision.created_at,
      updatedAt: revision.updated_at,
    }));
    const keep = values.filter((value) => !takenRevisions.has(value.id));
    const renumber = values.filter((value) => takenRevisions.has(value.id));
    if (keep.length) {
      await tx.insert(articleRevisions).overridingSystemValue().values(keep);
      for (const value of keep) revisionIds.set(value.id, value.id);
    }
    for (const { id, ...value } of renumber) {
      const [inserted] = await tx.insert(articleRevisions).values(value).returning({ id: articleRevisions.id });
      if (inserted) revisionIds.set(id, inserted.id);
    }
    // A restore names the revision it brought back: follow it where that revision got another id.
    for (const value of values) {
      const restoredFrom = value.restoredFrom === null ? null : (revisionIds.get(value.restoredFrom) ?? null);
      const id = revisionIds.get(value.id);
      if (id !== undefined && restoredFrom !== value.restoredFrom)
        await tx.update(articleRevisions).set({ restoredFrom }).where(eq(articleRevisions.id, id));
    }
  }

  const corrections = fresh.flatMap(({ article }) =>
    article.corrections.map((correction) => ({ articleId: article.id, correction })),
  );
  const takenCorrections = await takenIds(
    tx,
    articleCorrections,
    corrections.map(({ correction }) => correction.id),
  );
  for (const { articleId, correction } of corrections) {
    const value = {
      articleId,
      kind: correction.kind,
      note: correction.note,
      createdBy: account(correction.created_by),
      createdAt: correction.created_at,
    };
    if (!takenCorrections.has(correction.id)) correctionIds.set(correction.id, correction.id);
    else {
      const [inserted] = await tx.insert(articleCorrections).values(value).returning({ id: articleCorrections.id });
      if (inserted) correctionIds.set(correction.id, inserted.id);
    }
  }
  const keptCorrections = corrections
    .filter(({ correction }) => !takenCorrections.has(correction.id))
    .map(({ articleId, correction }) => ({
      id: correction.id,
      articleId,
      kind: correction.kind,
      note: correction.note,
      createdBy: account(correction.created_by),
      createdAt: correction.created_at,
    }));
  for (let start = 0; start < keptCorrections.length; start += 1000)
    await tx
      .insert(articleCorrections)
      .overridingSystemValue()
      .values(keptCorrections.slice(start, start + 1000));
}

async function importIssue(
  tx: Tx,
  row: number,
  issue: ExportEntries["newsletter_issues"],
  {
    accountIds,
    articleIds,
    correctionIds,
    result,
    reject,
  }: {
    accountIds: Map<number, number>;
    articleIds: Map<number, number>;
    correctionIds: Map<number, number>;
    result: NewsroomImportResult;
    reject: (section: ExportSection, row: number, reason: string) => void;
  },
) {
  const [sameId] = await tx
    .select({ id: newsletterIssues.id, createdAt: newsletterIssues.createdAt })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issue.id));
  if (sameId && sameId.createdAt.getTime() === issue.created_at.getTime()) {
    result.skipped.newsletter_issues += 1;
    return;
  }
  if (issue.week_key !== null) {
    const [sameWeek] = await tx
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.weekKey, issue.week_key));
    if (sameWeek) {
      reject("newsletter_issues", row, `the weekly digest of ${issue.week_key} is already here as issue ${sameWeek.id}`);
      return;
    }
  }
  const values = {
    status: issue.status,
    subject: issue.subject,
    html: issue.html,
    text: issue.text,
    articleIds: issue.article_ids.flatMap((articleId) => {
      const here = articleIds.get(articleId);
      return here === undefined ? [] : [here];
    }),
    model: issue.model,
    weekKey: issue.week_key,
    correctionId: issue.correction_id === null ? null : (correctionIds.get(issue.correction_id) ?? null),
    createdBy: issue.created_by === null ? null : (accountIds.get(issue.created_by) ?? null),
    error: issue.error,
    createdAt: issue.created_at,
    sendStartedAt: issue.send_started_at,
    finishedAt: issue.finished_at,
  };
  const [inserted] = sameId
    ? await tx.insert(newsletterIssues).values(values).returning({ id: newsletterIssues.id })
    : await tx
        .insert(newsletterIssues)
        .overridingSystemValue()
        .values({ ...values, id: issue.id })
        .returning({ id: newsletterIssues.id });
  if (!inserted) throw new Error(`Newsletter issue on line ${row} was not created.`);
  result.imported.newsletter_issues += 1;

  // Deliveries belong to subscribers by address; one whose subscriber is not here (not in the export) is left out.
  for (let start = 0; start < issue.deliveries.length; start += 1000) {
    const chunk = issue.deliveries.slice(start, start + 1000);
    const subscribers = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(
        inArray(
          sql`lower(${newsletterSubscribers.email})`,
          chunk.map((delivery) => delivery.email),
        ),
      );
    const subscriberIdOf = new Map(subscribers.map((subscriber) => [subscriber.email.toLowerCase(), subscriber.id]));
    const rows = chunk.flatMap((delivery) => {
      const subscriberId = subscriberIdOf.get(delivery.email);
      if (subscriberId === undefined) return [];
      return [
        {
          issueId: inserted.id,
          subscriberId,
          email: delivery.email,
          // A message being handed over when the export was made was claimed by a process of the old site: here it
          // waits to be sent again, as after a crash.
          status: delivery.status === "sending" ? ("pending" as const) : delivery.status,
          attempts: delivery.attempts,
          sentAt: delivery.sent_at,
        },
      ];
    });
    if (rows.length) await tx.insert(newsletterDeliveries).values(rows).onConflictDoNothing();
  }
}

/**
 * A section: the one here with its name, or else with its address, takes the export's fields (a section renamed there
 * is renamed here, its articles following); one with neither is added. A name or address another section here holds
 * is refused with the row.
 */
async function importSection(
  tx: Database,
  row: number,
  entry: ExportSectionEntry,
  {
    result,
    reject,
    kept,
  }: {
    result: NewsroomImportResult;
    reject: (section: ExportSection, row: number, reason: string) => void;
    /** The ids of the sections the document has named so far. */
    kept: Set<number>;
  },
): Promise<void> {
  const problem = SectionInput.safeParse({ ...entry, keywords: entry.keywords.join("\n") });
  if (!problem.success) return reject("sections", row, describeIssues(problem.error));
  const here = await tx.select().from(sections);
  const same = here.find((section) => section.name === entry.name) ?? here.find((section) => section.slug === entry.slug);
  const clash = here.find((section) => section !== same && (section.name === entry.name || section.slug === entry.slug));
  if (clash) return reject("sections", row, `the name or address is another section's here ("${clash.name}")`);
  const fields = { ...problem.data, explore: entry.explore, position: entry.position, updatedAt: new Date() };
  if (!same) {
    const [added] = await tx.insert(sections).values(fields).returning({ id: sections.id });
    if (added) kept.add(added.id);
    result.imported.sections += 1;
    return;
  }
  kept.add(same.id);
  const unchanged =
    (Object.keys(problem.data) as (keyof typeof problem.data)[]).every(
      (key) => JSON.stringify(same[key]) === JSON.stringify(fields[key]),
    ) && same.position === entry.position;
  if (unchanged) {
    result.skipped.sections += 1;
    return;
  }
  await tx.update(sections).set(fields).where(eq(sections.id, same.id));
  result.imported.sections += 1;
}

/**
 * After the document's sections: the ones here it does not name go, unless an article, a revision or a generation job
 * is in them (a fresh install's defaults give way to the newsroom's own list; nothing of this newsroom is lost).
 */
async function pruneSections(tx: Database, kept: ReadonlySet<number>): Promise<void> {
  const here = await tx.select({ id: sections.id, name: sections.name }).from(sections);
  for (const section of here) {
    if (kept.has(section.id)) continue;
    const [inUse] = await tx
      .execute<{ used: boolean }>(
        sql`select exists (select 1 from ${articles} where ${articles.category} = ${section.name})
        or exists (select 1 from ${articleRevisions} where ${articleRevisions.category} = ${section.name})
        or exists (select 1 from ${generationJobs} where ${generationJobs.category} = ${section.name}) as used`,
      )
      .then((answer) => answer.rows);
    if (!inUse?.used) await tx.delete(sections).where(eq(sections.id, section.id));
  }
}

/**
 * The settings: the stored document goes in when this newsroom has never saved its own (a fresh install, or the one the
 * export came from, where it is the same), with its version; each save goes in unless one with its version is here.
 */
async function importSettings(
  tx: Database,
  row: number,
  entry: ExportSettings,
  {
    accountIds,
    result,
    reject,
  }: {
    accountIds: Map<number, number>;
    result: NewsroomImportResult;
    reject: (section: ExportSection, row: number, reason: string) => void;
  },
): Promise<void> {
  if (entry.kind === "change") {
    const inserted = await tx
      .insert(siteSettingsChanges)
      .values({
        version: entry.version,
        adminId: entry.admin_id === null ? null : (accountIds.get(entry.admin_id) ?? null),
        adminName: entry.admin_name,
        changedAt: entry.changed_at,
        changes: entry.changes,
      })
      .onConflictDoNothing()
      .returning({ id: siteSettingsChanges.id });
    if (inserted.length) result.imported.settings += 1;
    else result.skipped.settings += 1;
    return;
  }
  const checked = SiteSettingsInput.safeParse(readStoredSettings(entry.values));
  if (!checked.success) return reject("settings", row, describeIssues(checked.error));
  const [saved] = await tx.select({ id: siteSettingsChanges.id }).from(siteSettingsChanges).limit(1);
  if (saved) {
    result.skipped.settings += 1;
    return;
  }
  const values = { values: checked.data, version: entry.version, updatedAt: entry.updated_at };
  await tx
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values });
  result.imported.settings += 1;
}

/**
 * The menus, as the settings: the stored document goes in when this newsroom has never saved its own, with its version;
 * each save goes in unless one with its version is here. Menus that break today's rules (a javascript: target) are
 * refused, never stored.
 */
async function importMenus(
  tx: Database,
  row: number,
  entry: ExportMenus,
  {
    accountIds,
    result,
    reject,
  }: {
    accountIds: Map<number, number>;
    result: NewsroomImportResult;
    reject: (section: ExportSection, row: number, reason: string) => void;
  },
): Promise<void> {
  const checked = SiteMenusInput.safeParse(entry.menus);
  if (!checked.success) return reject("menus", row, describeIssues(checked.error));
  const menus = checked.data as unknown as Record<string, unknown>;
  if (entry.kind === "save") {
    const inserted = await tx
      .insert(siteMenuSaves)
      .values({
        version: entry.version,
        adminId: entry.admin_id === null ? null : (accountIds.get(entry.admin_id) ?? null),
        adminName: entry.admin_name,
        savedAt: entry.saved_at,
        menus,
      })
      .onConflictDoNothing()
      .returning({ id: siteMenuSaves.id });
    if (inserted.length) result.imported.menus += 1;
    else result.skipped.menus += 1;
    return;
  }
  const [saved] = await tx.select({ id: siteMenuSaves.id }).from(siteMenuSaves).limit(1);
  if (saved) {
    result.skipped.menus += 1;
    return;
  }
  const values = { menus, version: entry.version, updatedAt: entry.updated_at };
  await tx
    .insert(siteMenus)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteMenus.id, set: values });
  result.imported.menus += 1;
}

/**
 * A page with its revisions, under its own id. A page of the specification that this install only put in place (its
 * one revision is the start-up's, nobody edited it) gives way to the exported one, so a fresh install restored from an
 * export shows the exported text; a page already here (the same one, or another at its address) stays as it is.
 */
async function importPage(
  tx: Database,
  entry: ExportPage,
  { accountIds, result }: { accountIds: Map<number, number>; result: NewsroomImportResult },
): Promise<void> {
  const account = (id: number | null) => (id === null ? null : (accountIds.get(id) ?? null));
  const clashes = await tx
    .select({ id: pages.id, builtIn: pages.builtIn })
    .from(pages)
    .where(
      or(
        eq(pages.id, entry.id),
        eq(pages.slug, entry.slug),
        entry.built_in === null ? undefined : eq(pages.builtIn, entry.built_in),
      ),
    );
  for (const clash of clashes) {
    const untouched =
      clash.builtIn !== null &&
      clash.builtIn === entry.built_in &&
      (await tx
        .select({ kind: pageRevisions.kind, editorId: pageRevisions.editorId })
        .from(pageRevisions)
        .where(eq(pageRevisions.pageId, clash.id))
        .then((revisions) => revisions.every((revision) => revision.kind === "created" && revision.editorId === null)));
    const sameAsExported = untouched && clash.id === entry.id && (await samePage(tx, entry));
    if (!untouched || sameAsExported) {
      result.skipped.pages += 1;
      return;
    }
  }
  for (const clash of clashes) await tx.delete(pages).where(eq(pages.id, clash.id));
  const text = (page: ExportPage | ExportPage["revisions"][number]) => ({
    slug: page.slug,
    title: page.title,
    heading: page.heading,
    eyebrow: page.eyebrow,
    lead: page.lead,
    description: page.description,
    body: page.body,
    showContents: page.show_contents,
    fields: page.fields,
  });
  await tx
    .insert(pages)
    .overridingSystemValue()
    .values({
      id: entry.id,
      builtIn: entry.built_in,
      layout: entry.layout,
      status: entry.status,
      ...text(entry),
      createdAt: entry.created_at,
      updatedAt: entry.updated_at,
      updatedBy: account(entry.updated_by),
      deletedAt: entry.deleted_at,
    });
  if (entry.revisions.length)
    await tx
      .insert(pageRevisions)
      .overridingSystemValue()
      .values(
        entry.revisions.map((revision) => ({
          id: revision.id,
          pageId: entry.id,
          kind: revision.kind,
          editorId: account(revision.editor_id),
          restoredFrom: revision.restored_from,
          ...text(revision),
          createdAt: revision.created_at,
          updatedAt: revision.updated_at,
        })),
      )
      .onConflictDoNothing();
  result.imported.pages += 1;
}

/** The page here under the entry's id says what the entry says and changed when it did: importing it again adds nothing. */
async function samePage(tx: Database, entry: ExportPage): Promise<boolean> {
  const [here] = await tx.select({ updatedAt: pages.updatedAt, slug: pages.slug }).from(pages).where(eq(pages.id, entry.id));
  return here !== undefined && here.slug === entry.slug && here.updatedAt.getTime() === entry.updated_at.getTime();
}

/** "Found a Byline export of 2026-11-26T…": what the import recognised. */
export function describeNewsroomResult({ imported, skipped }: Pick<NewsroomImportResult, "imported" | "skipped">): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const parts = EXPORT_SECTIONS.map((section) => plural(imported[section], LABELS[section]));
  const skippedTotal = EXPORT_SECTIONS.reduce((sum, section) => sum + skipped[section], 0);
  const skippedParts = EXPORT_SECTIONS.filter((section) => skipped[section] > 0).map((section) =>
    plural(skipped[section], LABELS[section]),
  );
  return `Imported ${parts.join(", ")}${skippedTotal ? `; skipped ${skippedParts.join(", ")} already here` : ""}`;
}

/**
 * A moved address goes in unless this newsroom already sends its old address somewhere (its own move stays). The
 * document's moves were collapsed to one hop when they were made, and a live page always answers before a move.
 */
async function importAddressMove(tx: Tx, move: ExportEntries["address_moves"], result: NewsroomImportResult): Promise<void> {
  const inserted = await tx
    .insert(addressMoves)
    .values({ fromPath: move.from, toPath: move.to, movedAt: move.moved_at })
    .onConflictDoNothing()
    .returning({ fromPath: addressMoves.fromPath });
  if (inserted.length) result.imported.address_moves += 1;
  else result.skipped.address_moves += 1;
}
