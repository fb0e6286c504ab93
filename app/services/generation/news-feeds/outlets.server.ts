import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { Category } from "../../../domain/sections";

/*
 * The outlets come from NEWS_FEEDS_FILE, a JSON array that operators and tests write by hand:
 *   [{ "outlet": "Name", "homepage": "https://...", "showcase": true,
 *      "feeds": [{ "url": "https://.../feed", "categories": ["AI", "Startups"] }] }]
 * `showcase` marks the outlets listed on the generator tab; `categories` names sections by name or address, and a feed
 * without it covers every section. `"allowPrivateAddresses": true` on an outlet (or on one of its feeds) lets its feeds
 * reach loopback, link-local and private networks (safe-fetch.server.ts).
 */

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const HttpUrl = z
  .string({ error: "must be an http:// or https:// URL" })
  .trim()
  .refine(isHttpUrl, "must be an http:// or https:// URL");

const AllowPrivateAddresses = z.boolean({ error: "must be true or false" });

const FeedEntry = z.strictObject(
  {
    url: HttpUrl,
    allowPrivateAddresses: AllowPrivateAddresses.optional(),
    // Sections by name or address ("AI", "ai"): the newsroom's own list is in the database, so a name no section has
    // simply matches nothing (the start-up log names it, see unknownFeedSections).
    categories: z
      .array(z.string({ error: "must be a section's name or address" }).trim().min(1, "must be a section's name or address"), {
        error: "must be a list of sections",
      })
      .min(1, "must list at least one section, or be left out to cover every section")
      .optional(),
  },
  { error: 'must be an object with a "url"' },
);

const OutletEntry = z.strictObject(
  {
    outlet: z.string({ error: "must be the outlet's name" }).trim().min(1, "must be the outlet's name"),
    homepage: HttpUrl,
    showcase: z.boolean({ error: "must be true or false" }).default(false),
    allowPrivateAddresses: AllowPrivateAddresses.default(false),
    feeds: z.array(FeedEntry, { error: "must be a list of feeds" }).min(1, "must list at least one feed"),
  },
  { error: 'must be an object with "outlet", "homepage" and "feeds"' },
);

/** The NEWS_FEEDS_FILE format: a JSON array of outlets with unique names. */
export const NewsOutletsFile = z
  .array(OutletEntry, { error: "must be a JSON array of outlets" })
  .min(1, "must list at least one outlet")
  .superRefine((outlets, context) => {
    const seen = new Map<string, number>();
    outlets.forEach((entry, index) => {
      const key = entry.outlet.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else context.addIssue({ code: "custom", path: [index, "outlet"], message: `repeats the name of entry [${first}]` });
    });
  });

export interface NewsFeed {
  url: string;
  /** The sections this feed covers, by name or address as the file gives them; empty for every section. */
  categories: Category[];
  /** May be fetched from (and redirected to) loopback, link-local and private addresses: the file says so. */
  allowPrivateAddresses: boolean;
}

export interface NewsOutlet {
  outlet: string;
  homepage: string;
  /** Listed on the generator tab as a trusted news source. */
  showcase: boolean;
  feeds: NewsFeed[];
}

export class NewsFeedsFileError extends Error {
  readonly code = "INVALID_NEWS_FEEDS_FILE";
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .replace(/^\./, "");
}

/** Parses the outlets of a NEWS_FEEDS_FILE text; `path` only names the file in error messages. */
export function parseNewsOutlets(text: string, path: string): NewsOutlet[] {
  if (!text.trim()) throw new NewsFeedsFileError(`The news feeds file ${path} is empty.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/\s+/g, " ") : String(error);
    throw new NewsFeedsFileError(`The news feeds file ${path} is not valid JSON: ${detail}`);
  }
  const parsed = NewsOutletsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issuePath(issue?.path ?? []);
    const problem =
      issue?.code === "unrecognized_keys" ? `has an unknown field "${issue.keys[0] ?? ""}"` : (issue?.message ?? "is invalid");
    const index = issue?.path[0];
    const entry = typeof index === "number" && Array.isArray(json) ? (json[index] as { outlet?: unknown } | null) : undefined;
    const name = typeof entry?.outlet === "string" && entry.outlet.trim() ? ` (outlet "${entry.outlet.trim()}")` : "";
    throw new NewsFeedsFileError(`Invalid news feeds file ${path}: ${where ? `${where} ` : ""}${problem}${name}.`);
  }
  return parsed.data.map((entry) => ({
    outlet: entry.outlet,
    homepage: entry.homepage,
    showcase: entry.showcase,
    feeds: entry.feeds.map((feed) => ({
      url: feed.url,
      categories: feed.categories ? [...new Set(feed.categories)] : [],
      allowPrivateAddresses: feed.allowPrivateAddresses ?? entry.allowPrivateAddresses,
    })),
  }));
}

/** Reads NEWS_FEEDS_FILE. Throws a NewsFeedsFileError whose one-line message names the file and the problem. */
export async function loadNewsOutlets(path: string): Promise<NewsOutlet[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "the file does not exist" : code === "EISDIR" ? "it is a directory" : (code ?? String(error));
    throw new NewsFeedsFileError(`Cannot read the news feeds file ${path}: ${reason}.`);
  }
  return parseNewsOutlets(text, path);
}

/** Whether a feed's list (names or addresses, any case; empty for every section) covers a section. */
export function feedCovers(categories: readonly Category[], section: { name: string; slug: string }): boolean {
  if (categories.length === 0) return true;
  const name = section.name.toLowerCase();
  return categories.some((category) => {
    const key = category.toLowerCase();
    return key === name || key === section.slug;
  });
}

/** The names in the feeds file that no section has (by name or address), for the start-up log. */
export function unknownFeedSections(
  outlets: readonly NewsOutlet[],
  sections: readonly { name: string; slug: string }[],
): string[] {
  const named = outlets.flatMap((outlet) => outlet.feeds.flatMap((feed) => feed.categories));
  return [...new Set(named)].filter((category) => !sections.some((section) => feedCovers([category], section)));
}
