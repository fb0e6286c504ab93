import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.server";
import { articleCoauthors, articleSources, articles, authors, sections } from "../../db/schema";
import { ArticleImportRow } from "../../validation/article-import";
import { staffBylines, withoutAccount } from "../articles/bylines.server";
import { recordRevisions, revisionSnapshot } from "../articles/revisions.server";
import { saveTagsOfArticles } from "../tags/article-tags.server";
import { failureReason } from "../logger.server";
import { normaliseOldPath } from "../../utils/old-addresses";
import { ghostData, convertGhostExport } from "./ghost-export.server";
import type { ConvertOptions, SourcedRow } from "./import-source.server";
import { convertWxr, looksLikeWxr, WordPressFileError } from "./wordpress-export.server";

export interface RowError {
  /** 1-based: the position in a JSON array, or the line number in NDJSON. */
  row: number;
  /** Names the row in another system's export: "Ghost post 'my-slug'". */
  label?: string;
  reason: string;
}

export type ImportFormat = "byline" | "ghost" | "wordpress";

export interface ParsedImport {
  rows: { row: number; value: unknown; label?: string; coauthors?: string[]; source?: SourcedRow["source"] }[];
  errors: RowError[];
}

/** A parsed file and what it was recognised as. */
export interface DetectedImport extends ParsedImport {
  format: ImportFormat;
  /** Articles (ours) or posts (Ghost, WordPress; pages and attachments not counted) found in the file. */
  found: number;
}

export interface ImportResult {
  imported: number;
  /** Rows from another system whose source id an earlier import already brought in. */
  skipped: number;
  errors: RowError[];
}

/** "Found a Ghost export: 37 posts": what the import recognised in the file. */
export function describeFormat({ format, found }: Pick<DetectedImport, "format" | "found">): string {
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  if (format === "ghost") return `Found a Ghost export: ${plural(found, "post")}`;
  if (format === "wordpress") return `Found a WordPress export (WXR): ${plural(found, "post")}`;
  return `Found Byline JSON: ${plural(found, "article")}`;
}

export class ImportFileError extends Error {
  readonly code = "INVALID_IMPORT_FILE";
}

const NO_OPTIONS: ConvertOptions = { categoryMap: new Map() };

function fromSources(format: ImportFormat, converted: ReturnType<typeof convertGhostExport>): DetectedImport {
  return {
    format,
    found: converted.posts,
    rows: converted.rows.map(({ row, label, value, coauthors, source }) => ({ row, label, value, coauthors, source })),
    errors: converted.errors,
  };
}

/**
 * Recognises the file by its content: a WordPress WXR export (XML in WordPress's export namespace), a Ghost JSON
 * export (an object with `db[0].meta` and `db[0].data.posts`), or ours: a JSON array of articles, or NDJSON (one
 * JSON object per line; blank lines are skipped).
 */
export function parseImportFile(text: string, options: ConvertOptions = NO_OPTIONS): DetectedImport {
  const trimmed = text.trim();
  if (trimmed === "") throw new ImportFileError("The file is empty.");
  if (trimmed.startsWith("<")) {
    if (!looksLikeWxr(trimmed))
      throw new ImportFileError("The file is XML but not a WordPress export (WXR): its namespace wp: is missing.");
    try {
      return fromSources("wordpress", convertWxr(trimmed, options));
    } catch (error) {
      if (error instanceof WordPressFileError) throw new ImportFileError(error.message);
      throw error;
    }
  }
  if (trimmed.startsWith("{")) {
    // A Ghost export; otherwise NDJSON, read line by line below.
    const ghost = ghostOf(trimmed);
    if (ghost) return fromSources("ghost", convertGhostExport(ghost, options));
  }
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new ImportFileError(`The file starts with "[" but is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new ImportFileError("Expected a JSON array of articles.");
    return {
      format: "byline",
      found: parsed.length,
      rows: parsed.map((value, index) => ({ row: index + 1, value })),
      errors: [],
    };
  }
  const result: DetectedImport = { format: "byline", found: 0, rows: [], errors: [] };
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      result.rows.push({ row: index + 1, value: JSON.parse(line) });
    } catch {
      result.errors.push({ row: index + 1, reason: "is not valid JSON" });
    }
  });
  result.found = result.rows.length + result.errors.length;
  return result;
}

function ghostOf(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return ghostData(parsed);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
      if (issue.code === "invalid_type" && issue.input === undefined) return `${field} is required`;
      if (issue.code === "invalid_type")
        return `${field} must be ${issue.expected === "object" ? "a JSON object" : `a ${issue.expected}`}`;
      return field ? `${field} ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * Why the database refused the import, in one line: PostgreSQL's reason without drizzle's "Failed query:"
 * (which would print the SQL for every row) and without any row's values.
 */
export const importFailureReason = failureReason;

/**
 * Checks every row; good rows are imported together in one transaction, bad rows reported by number. Rows from
 * Ghost or WordPress whose source id was imported before are skipped, so the same export can be run again.
 */
export async function importArticles({ db, now }: { db: Database; now: Date }, parsed: ParsedImport): Promise<ImportResult> {
  const errors = [...parsed.errors];
  const good: { row: number; value: ArticleImportRow; coauthors: string[]; source?: SourcedRow["source"] }[] = [];
  // An export that holds the same post twice (by its own id) imports it once; the copy is reported.
  const firstRowOf = new Map<string, number>();
  for (const { row, value, label, coauthors, source } of parsed.rows) {
    const named = label ? { label } : {};
    const key = source ? `${source.system}:${source.sourceId}` : null;
    const firstRow = key ? firstRowOf.get(key) : undefined;
    if (firstRow !== undefined) {
      errors.push({ row, ...named, reason: `is the same post as row ${firstRow}` });
      continue;
    }
    const result = ArticleImportRow.safeParse(value);
    if (!result.success) {
      errors.push({ row, ...named, reason: describeIssues(result.error) });
      continue;
    }
    if (key) firstRowOf.set(key, row);
    good.push({ row, value: result.data, coauthors: coauthors ?? [], source });
  }
  // Each row's section is one of the newsroom's (decision 042), named in any case.
  const sectionNames = (await db.select({ name: sections.name }).from(sections).orderBy(asc(sections.position))).map(
    (section) => section.name,
  );
  const inSections = good.filter((entry) => {
    const named = sectionNames.find((name) => name.toLowerCase() === entry.value.category.toLowerCase());
    if (named) entry.value.category = named;
    else {
      const label = parsed.rows.find((candidate) => candidate.row === entry.row)?.label;
      errors.push({
        row: entry.row,
        ...(label ? { label } : {}),
        reason: `category must be one of ${sectionNames.join(", ")} (got "${entry.value.category}")`,
      });
    }
    return named !== undefined;
  });
  good.splice(0, good.length, ...inSections);
  errors.sort((a, b) => a.row - b.row);
  if (good.length === 0) return { imported: 0, skipped: 0, errors };

  return db.transaction(async (tx) => {
    const sourced = good.flatMap(({ source }) => (source ? [source] : []));
    const known = new Set<string>();
    for (let start = 0; start < sourced.length; start += 500) {
      const batch = sourced.slice(start, start + 500);
      const rows = await tx
        .selectDistinct({ system: articleSources.system, sourceId: articleSources.sourceId })
        .from(articleSources)
        .where(
          or(
            ...batch.map((source) => and(eq(articleSources.system, source.system), eq(articleSources.sourceId, source.sourceId))),
          ),
        );
      for (const row of rows) known.add(`${row.system}:${row.sourceId}`);
    }
    const unseen = good.filter(({ source }) => !source || !known.has(`${source.system}:${source.sourceId}`));
    const skipped = good.length - unseen.length;

    // An imported article is signed only by authors without an account: a row that names a staff member's byline
    // (as lead or co-author) is refused, so nobody can rename their profile to collect someone else's articles.
    const staff = await staffBylines(tx, [...new Set(unseen.flatMap(({ value, coauthors }) => [value.author, ...coauthors]))]);
    const fresh = unseen.filter((entry) => {
      const name = [entry.value.author, ...entry.coauthors].find((candidate) => staff.has(candidate));
      if (name === undefined) return true;
      const label = parsed.rows.find((candidate) => candidate.row === entry.row)?.label;
      errors.push({
        row: entry.row,
        ...(label ? { label } : {}),
        reason: `author "${name}" is the byline of a staff account; imported articles are signed only by authors without one`,
      });
      return false;
    });
    errors.sort((a, b) => a.row - b.row);
    if (fresh.length === 0) return { imported: 0, skipped, errors };

    const names = [...new Set(fresh.flatMap(({ value, coauthors }) => [value.author, ...coauthors]))];
    await tx
      .insert(authors)
      .values(names.map((name) => ({ name, role: "Contributor" })))
      .onConflictDoNothing({ target: authors.name });
    const authorRows = await tx
      .select({ id: authors.id, name: authors.name })
      .from(authors)
      .where(and(inArray(authors.name, names), withoutAccount()));
    const authorIds = new Map(authorRows.map((author) => [author.name, author.id]));
    const authorIdOf = (name: string) => {
      const authorId = authorIds.get(name);
      if (authorId === undefined) throw new Error(`Author "${name}" was not created.`);
      return authorId;
    };
    const values = fresh.map(({ value }) => {
      // A publication time still to come makes a scheduled article: the scheduler publishes it then.
      const scheduled = value.published_at !== null && value.published_at > now;
      const createdAt = value.created_at ?? (value.published_at && !scheduled ? value.published_at : now);
      return {
        title: value.title,
        excerpt: value.excerpt,
        content: value.content,
        category: value.category,
        image: value.image,
        authorId: authorIdOf(value.author),
        publishedAt: value.published_at,
        status: scheduled ? ("scheduled" as const) : value.published_at ? ("published" as const) : ("draft" as const),
        createdAt,
        // Imported as it was published: not "Updated" by the import (decision 027). The article's last change is its
        // publication (a scheduled one: its creation), so dateModified equals datePublished until someone edits it.
        updatedAt: value.published_at && !scheduled ? value.published_at : createdAt,
        readTime: value.read_time,
        isFeatured: value.is_featured,
        isPopular: value.is_popular,
        isAiGenerated: value.is_ai_generated,
        sources: value.sources,
        sourceLinks: value.source_links,
      };
    });
    let imported = 0;
    for (let start = 0; start < values.length; start += 500) {
      const inserted = await tx
        .insert(articles)
        .values(values.slice(start, start + 500))
        .returning(revisionSnapshot);
      // Its tags, then the revision that starts its history with the text and tags as imported.
      const tagged = await saveTagsOfArticles(
        tx,
        inserted.map((article, index) => ({ articleId: article.articleId, names: fresh[start + index]?.value.tags ?? [] })),
        now,
      );
      await recordRevisions(
        tx,
        inserted.map((article) => ({ ...article, tags: tagged.get(article.articleId) ?? [] })),
        { kind: "imported", now },
      );
      const coauthorRows: (typeof articleCoauthors.$inferInsert)[] = [];
      const sourceRows: (typeof articleSources.$inferInsert)[] = [];
      // PostgreSQL returns a multi-row insert's rows in the order of its VALUES.
      inserted.forEach((article, index) => {
        const entry = fresh[start + index];
        if (!entry) throw new Error("The database returned more articles than were inserted.");
        const lead = authorIdOf(entry.value.author);
        const coauthorIds = [...new Set(entry.coauthors.map(authorIdOf))].filter((authorId) => authorId !== lead);
        coauthorIds.forEach((authorId, position) =>
          coauthorRows.push({ articleId: article.articleId, authorId, position: position + 1 }),
        );
        if (entry.source) {
          const { system, sourceId, oldPaths } = entry.source;
          // The source id is always remembered, even for a post that had no address of its own.
          const paths = oldPaths.length ? oldPaths : [`#${sourceId}`];
          for (const oldPath of new Set(paths.map(normaliseOldPath)))
            sourceRows.push({ articleId: article.articleId, system, sourceId, oldPath });
        }
      });
      if (coauthorRows.length) await tx.insert(articleCoauthors).values(coauthorRows);
      if (sourceRows.length) await tx.insert(articleSources).values(sourceRows);
      imported += inserted.length;
    }
    return { imported, skipped, errors };
  });
}
