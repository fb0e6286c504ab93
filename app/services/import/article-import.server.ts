import { inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import { ArticleImportRow } from "../../validation/article-import";
import { recordRevisions, revisionSnapshot } from "../articles/revisions.server";
import { failureReason } from "../logger.server";

export interface RowError {
  /** 1-based: the position in a JSON array, or the line number in NDJSON. */
  row: number;
  reason: string;
}

export interface ParsedImport {
  rows: { row: number; value: unknown }[];
  errors: RowError[];
}

export interface ImportResult {
  imported: number;
  errors: RowError[];
}

export class ImportFileError extends Error {
  readonly code = "INVALID_IMPORT_FILE";
}

/** Reads a JSON array of articles, or NDJSON (one JSON object per line; blank lines are skipped). */
export function parseImportFile(text: string): ParsedImport {
  const trimmed = text.trim();
  if (trimmed === "") throw new ImportFileError("The file is empty.");
  if (trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new ImportFileError(`The file starts with "[" but is not valid JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new ImportFileError("Expected a JSON array of articles.");
    return { rows: parsed.map((value, index) => ({ row: index + 1, value })), errors: [] };
  }
  const result: ParsedImport = { rows: [], errors: [] };
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    try {
      result.rows.push({ row: index + 1, value: JSON.parse(line) });
    } catch {
      result.errors.push({ row: index + 1, reason: "is not valid JSON" });
    }
  });
  return result;
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

/** Checks every row; good rows are imported together in one transaction, bad rows reported by number. */
export async function importArticles({ db, now }: { db: Database; now: Date }, parsed: ParsedImport): Promise<ImportResult> {
  const errors = [...parsed.errors];
  const good: { row: number; value: ArticleImportRow }[] = [];
  for (const { row, value } of parsed.rows) {
    const result = ArticleImportRow.safeParse(value);
    if (result.success) good.push({ row, value: result.data });
    else errors.push({ row, reason: describeIssues(result.error) });
  }
  errors.sort((a, b) => a.row - b.row);
  if (good.length === 0) return { imported: 0, errors };

  const imported = await db.transaction(async (tx) => {
    const names = [...new Set(good.map(({ value }) => value.author))];
    await tx
      .insert(authors)
      .values(names.map((name) => ({ name, role: "Contributor" })))
      .onConflictDoNothing({ target: authors.name });
    const authorRows = await tx.select({ id: authors.id, name: authors.name }).from(authors).where(inArray(authors.name, names));
    const authorIds = new Map(authorRows.map((author) => [author.name, author.id]));
    const values = good.map(({ value }) => {
      const authorId = authorIds.get(value.author);
      if (authorId === undefined) throw new Error(`Author "${value.author}" was not created.`);
      // A publication time still to come makes a scheduled article (issue 19): the scheduler publishes it then.
      const scheduled = value.published_at !== null && value.published_at > now;
      const createdAt = value.created_at ?? (value.published_at && !scheduled ? value.published_at : now);
      return {
        title: value.title,
        excerpt: value.excerpt,
        content: value.content,
        category: value.category,
        image: value.image,
        authorId,
        publishedAt: value.published_at,
        status: scheduled ? ("scheduled" as const) : value.published_at ? ("published" as const) : ("draft" as const),
        createdAt,
        updatedAt: now,
        readTime: value.read_time,
        isFeatured: value.is_featured,
        isPopular: value.is_popular,
        isAiGenerated: value.is_ai_generated,
        sources: value.sources,
        sourceLinks: value.source_links,
      };
    });
    let count = 0;
    for (let start = 0; start < values.length; start += 500) {
      const inserted = await tx
        .insert(articles)
        .values(values.slice(start, start + 500))
        .returning(revisionSnapshot);
      // Each imported article starts its history with the text as imported.
      await recordRevisions(tx, inserted, { kind: "imported", now });
      count += inserted.length;
    }
    return count;
  });
  return { imported, errors };
}
