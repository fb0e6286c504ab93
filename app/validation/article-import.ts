import { z } from "zod";
import { isStorableInstant } from "../utils/database-limits";
import { IMPORT_DEFAULT_AUTHOR } from "../domain/bylines";
import type { Category } from "../domain/sections";
import { isImageAddress } from "./article";
import { allowedText, NOT_ALLOWED } from "./text";
import { TagName } from "./tags";
import { tagNameKey } from "../utils/tags";

/** Tags an imported article may carry: every tag of a Ghost or WordPress post is kept (the editor adds up to 10). */
export const IMPORT_TAGS_MAX = 100;

/** Control characters refused as in the editor (app/validation/text.ts); the import names the field itself. */
const singleLine = allowedText("", { message: NOT_ALLOWED });
const multiLine = allowedText("", { lines: "multi-line", message: NOT_ALLOWED });

/** An ISO 8601 date-time, or null / empty for "not published". */
const optionalDate = z
  .union([z.string().trim().check(singleLine), z.null()])
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === null || value === "") return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime()) || !isStorableInstant(date)) {
      context.addIssue({ code: "custom", message: `is not a date (got "${value}"); use ISO 8601 such as 2025-03-05T09:30:00Z` });
      return z.NEVER;
    }
    return date;
  });

const SourceLinkInput = z.object({
  outlet: z.string().trim().min(1).check(singleLine),
  title: z.string().trim().min(1).check(singleLine),
  url: z
    .string()
    .check(singleLine)
    .pipe(z.url({ protocol: /^https?$/ })),
  publishedAt: z.string().check(singleLine).nullable().default(null),
});

/**
 * One article in an import file, in the spec's field names. `author` is a name
 * (created when missing); `id`, `updated_at` and `author_id` from an export are ignored.
 */
export const ArticleImportRow = z
  .strictObject({
    title: z.string().trim().min(1, "is required").max(300, "must be at most 300 characters").check(singleLine),
    excerpt: z.string().trim().min(1, "is required").max(1000, "must be at most 1000 characters").check(multiLine),
    content: z.string().trim().min(1, "is required").check(multiLine),
    // A section's name, any case: the import matches it to one of the newsroom's sections (importArticles).
    category: z
      .string()
      .check(singleLine)
      .transform((value): Category => value.trim()),
    image: z
      .string()
      .trim()
      .max(2000)
      .refine(isImageAddress, "must be an http(s) URL or a path on this site such as /images/stock/ai-technology.svg")
      .check(singleLine)
      .default(""),
    published_at: optionalDate,
    created_at: optionalDate,
    is_featured: z.boolean().default(false),
    is_popular: z.boolean().default(false),
    is_ai_generated: z.boolean().default(false),
    read_time: z
      .number({ error: "must be a whole number of minutes from 1 to 15" })
      .int("must be a whole number of minutes from 1 to 15")
      .min(1, "must be a whole number of minutes from 1 to 15")
      .max(15, "must be a whole number of minutes from 1 to 15")
      .default(5),
    sources: z.string().trim().check(singleLine).default(""),
    source_links: z.array(SourceLinkInput).default([]),
    author: z.string().trim().min(1, "must not be empty").max(200).check(singleLine).default(IMPORT_DEFAULT_AUTHOR),
    /** Its tags' names, made when new; the same name twice (any case) is kept once. */
    tags: z
      .array(TagName)
      .max(IMPORT_TAGS_MAX, `must list at most ${IMPORT_TAGS_MAX} tags`)
      .default([])
      .transform((names) => [...new Map(names.map((name) => [tagNameKey(name), name])).values()]),
    id: z.unknown().optional(),
    updated_at: z.unknown().optional(),
    author_id: z.unknown().optional(),
  })
  // An export's own id, update time and author id are read and dropped, so nothing unchecked travels on.
  .transform(({ id: _id, updated_at: _updatedAt, author_id: _authorId, ...row }) => row);

export type ArticleImportRow = z.infer<typeof ArticleImportRow>;
