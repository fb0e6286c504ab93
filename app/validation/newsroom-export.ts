import { z } from "zod";
import { DATABASE_INT_MAX, isStorableInstant } from "../utils/database-limits";
import { ARTICLE_STATUSES } from "../domain/article-status";
import { DELIVERY_STATUSES, NEWSLETTER_ISSUE_STATUSES } from "../domain/newsletter";
import { STAFF_ROLES } from "../domain/permissions";
import { isPlainMailbox, normalizedEmail } from "./email";
import { PAGE_ADDRESS_PATTERN, PageFields } from "./page";
import { PAGE_LAYOUTS, PAGE_STATUSES } from "../domain/pages";

/**
 * The newsroom export (decision 027): one JSON document that `npm run export` and the admin download write and
 * `npm run import` reads back. Every part is checked here, at the border, entry by entry, so a bad entry is reported
 * by its line and the rest still imports. Field names follow the import format of decision 003 (snake_case).
 */

export const EXPORT_FORMAT = "byline-export";
export const EXPORT_VERSION = 1;

/** The document's parts, in the order they are written and must be read (later parts refer to earlier ones). */
export const EXPORT_SECTIONS = [
  "sections",
  "authors",
  "accounts",
  "articles",
  "subscribers",
  "newsletter_issues",
  "settings",
  "tags",
  "menus",
  "pages",
  "address_moves",
] as const;
/** Parts an older export does not have yet: its import leaves them as they are here. */
export const OPTIONAL_SECTIONS: readonly ExportSection[] = ["sections", "settings", "tags", "menus", "pages", "address_moves"];
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** PostgreSQL text cannot hold NUL; everything else a database row held may travel as it was. */
const text = z.string().refine((value) => !value.includes("\u0000"), "contains a NUL character");
const nonEmpty = text.refine((value) => value.trim() !== "", "is required");
const id = z.number().int().positive().max(DATABASE_INT_MAX, "is larger than the database holds (2,147,483,647)");
/** An instant with its offset (as `toISOString` writes it), read as a Date, in years the database holds. */
const instant = z.iso
  .datetime({ offset: true, error: "is not an ISO 8601 time with a time zone" })
  .transform((value) => new Date(value))
  .refine(isStorableInstant, "is not a time between the years 1 and 9999");
const optionalInstant = instant.nullable();
/** A section's name: the articles' sections must be this newsroom's, or come in the document's "sections" part. */
const category = nonEmpty;

const SourceLink = z.strictObject({
  outlet: text,
  title: text,
  url: text,
  publishedAt: text.nullable(),
});

export const ExportHeader = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION, { error: `must be ${EXPORT_VERSION}: this Byline reads version ${EXPORT_VERSION} exports` }),
  exported_at: instant,
});
export type ExportHeader = z.infer<typeof ExportHeader>;

export const ExportAuthor = z.strictObject({
  id,
  name: nonEmpty,
  slug: nonEmpty,
  avatar: text,
  role: text,
  bio: text,
  links: z.array(z.strictObject({ label: text, url: text })),
  created_at: instant,
});
export type ExportAuthor = z.infer<typeof ExportAuthor>;

/** A staff account without its password hash: it imports able to sign in only after `npm run admin -- password NAME`. */
export const ExportAccount = z.strictObject({
  id,
  username: nonEmpty,
  role: z.enum(STAFF_ROLES),
  email: text,
  author_id: id,
  suspended_at: optionalInstant,
  created_at: instant,
});
export type ExportAccount = z.infer<typeof ExportAccount>;

export const ExportRevision = z.strictObject({
  id,
  kind: z.enum(["ai_original", "created", "edited", "restored", "imported"]),
  editor_id: id.nullable(),
  restored_from: id.nullable(),
  title: text,
  excerpt: text,
  content: text,
  category,
  image: text,
  sources: text,
  source_links: z.array(SourceLink),
  /** The article's tag names then; null when recorded before tags existed, absent in older exports. */
  tags: z.array(text).nullable().optional(),
  created_at: instant,
  updated_at: instant,
});
export type ExportRevision = z.infer<typeof ExportRevision>;

export const ExportCorrection = z.strictObject({
  id,
  kind: z.enum(["correction", "update"]),
  note: nonEmpty,
  created_by: id.nullable(),
  created_at: instant,
});
export type ExportCorrection = z.infer<typeof ExportCorrection>;

export const ExportArticle = z
  .strictObject({
    id,
    title: nonEmpty,
    excerpt: text,
    content: text,
    category,
    image: text,
    status: z.enum(ARTICLE_STATUSES),
    author_id: id,
    /** Co-authors in byline order after the lead author. */
    coauthor_ids: z.array(id),
    published_at: optionalInstant,
    created_at: instant,
    updated_at: instant,
    read_time: z.number().int().min(1).max(15),
    is_featured: z.boolean(),
    is_popular: z.boolean(),
    is_ai_generated: z.boolean(),
    sources: text,
    source_links: z.array(SourceLink),
    review_note: text,
    reviewer_id: id.nullable(),
    approved_by: id.nullable(),
    approved_at: optionalInstant,
    ai_original: z.strictObject({ title: text, excerpt: text, content: text }).nullable(),
    ai_rewritten_percent: z.number().int().min(0).max(100).nullable(),
    /** Earlier stories this one follows (related_articles, stored on the later article). */
    related_ids: z.array(id),
    /** Addresses on a Ghost or WordPress site this article came from, which redirect to it. */
    old_addresses: z.array(z.strictObject({ system: z.enum(["ghost", "wordpress"]), source_id: nonEmpty, old_path: nonEmpty })),
    revisions: z.array(ExportRevision),
    corrections: z.array(ExportCorrection),
  })
  .refine((article) => (article.status === "published" || article.status === "scheduled") === (article.published_at !== null), {
    message: "published_at must be set exactly when the status is published or scheduled",
    path: ["published_at"],
  })
  .refine(
    (article) =>
      !article.coauthor_ids.includes(article.author_id) && new Set(article.coauthor_ids).size === article.coauthor_ids.length,
    {
      message: "must name each co-author once, and not the lead author",
      path: ["coauthor_ids"],
    },
  );
export type ExportArticle = z.infer<typeof ExportArticle>;

const email = text.transform(normalizedEmail).refine(isPlainMailbox, "is not one plain mailbox (name@example.com)");

export const ExportSubscriber = z.strictObject({
  email,
  status: z.enum(["active", "pending", "unsubscribed"]),
  /** When they signed up. */
  created_at: instant,
  /** Their status's last change: for an active subscriber, when they confirmed (their consent). */
  updated_at: instant,
});
export type ExportSubscriber = z.infer<typeof ExportSubscriber>;

export const ExportDelivery = z.strictObject({
  email,
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int().min(0).max(DATABASE_INT_MAX),
  sent_at: optionalInstant,
});
export type ExportDelivery = z.infer<typeof ExportDelivery>;

export const ExportNewsletterIssue = z.strictObject({
  id,
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  subject: text,
  html: text,
  text,
  article_ids: z.array(id),
  model: text.nullable(),
  week_key: text.nullable(),
  correction_id: id.nullable(),
  created_by: id.nullable(),
  error: text.nullable(),
  created_at: instant,
  send_started_at: optionalInstant,
  finished_at: optionalInstant,
  deliveries: z.array(ExportDelivery),
});
export type ExportNewsletterIssue = z.infer<typeof ExportNewsletterIssue>;

/**
 * The newsroom's settings (decision 038): the stored document with its version, then every save with who made it (an
 * account of this export, or none) and what it changed. Never a secret: the settings hold none.
 */
export const ExportSettings = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("settings"),
    values: z.record(z.string(), z.unknown()),
    version: id,
    updated_at: instant,
  }),
  z.strictObject({
    kind: z.literal("change"),
    version: id,
    admin_id: id.nullable(),
    admin_name: text,
    changed_at: instant,
    changes: z.array(z.strictObject({ key: text, from: z.union([text, z.number()]), to: z.union([text, z.number()]) })),
  }),
]);
export type ExportSettings = z.infer<typeof ExportSettings>;

/** A section of the newsroom (decision 042), matched on import by its name, then by its address. */
export const ExportSectionEntry = z.strictObject({
  name: nonEmpty,
  slug: nonEmpty,
  description: text,
  colour: nonEmpty,
  cover: text,
  keywords: z.array(text),
  explore: z.number().int().min(0),
  position: z.number().int().min(0),
});
export type ExportSectionEntry = z.infer<typeof ExportSectionEntry>;
/**
 * Tags: every tag with its address, then each article's tags in order (articles of this export). An export
 * made before tags has no such part.
 */
export const ExportTags = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("tag"), id, name: nonEmpty, slug: nonEmpty, created_at: instant }),
  z.strictObject({ kind: z.literal("article"), article_id: id, tag_ids: z.array(id) }),
]);
export type ExportTags = z.infer<typeof ExportTags>;
/**
 * The header and footer menus (decision 040): the stored document with its version, then every save with who made it
 * (an account of this export, or none) and the menus it left. Absent when the newsroom never changed its menus.
 */
export const ExportMenus = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("menus"),
    menus: z.record(z.string(), z.unknown()),
    version: id,
    updated_at: instant,
  }),
  z.strictObject({
    kind: z.literal("save"),
    version: id,
    admin_id: id.nullable(),
    admin_name: text,
    saved_at: instant,
    menus: z.record(z.string(), z.unknown()),
  }),
]);
export type ExportMenus = z.infer<typeof ExportMenus>;
/** What a page says, as the page and each of its revisions keep it (decision 039). */
const pageText = {
  slug: z.string().regex(PAGE_ADDRESS_PATTERN, "is not a page address (1 to 60 of a-z, 0-9 and -)"),
  title: text,
  heading: text,
  eyebrow: text,
  lead: text,
  description: text,
  body: text,
  show_contents: z.boolean(),
  fields: PageFields,
};

/**
 * A page of the site (decision 039) with its revisions, oldest first; who saved them is an account of this export, or
 * none. A page deleted by an editor travels too, with the time it was deleted.
 */
export const ExportPage = z.strictObject({
  id,
  built_in: text.nullable(),
  layout: z.enum(PAGE_LAYOUTS),
  status: z.enum(PAGE_STATUSES),
  ...pageText,
  created_at: instant,
  updated_at: instant,
  updated_by: id.nullable(),
  deleted_at: optionalInstant,
  revisions: z.array(
    z.strictObject({
      id,
      kind: z.enum(["ai_original", "created", "edited", "restored", "imported"]),
      editor_id: id.nullable(),
      restored_from: id.nullable(),
      ...pageText,
      created_at: instant,
      updated_at: instant,
    }),
  ),
});
export type ExportPage = z.infer<typeof ExportPage>;

/** A path on this site, as a moved address holds it: one leading slash (never `//` or `/\\`), no space, at most 500 characters. */
const sitePath = text.refine(
  (value) => value.length <= 500 && /^\/(?![/\\])[^\s\\]*$/.test(value),
  "is not a path on this site, such as /category/climate",
);

/**
 * A section's, tag's or page's old address and where it leads now (the `address_moves` table): the newsroom's old
 * links keep working after a move to another server.
 */
export const ExportAddressMove = z
  .strictObject({ from: sitePath, to: sitePath, moved_at: instant })
  .refine((move) => move.from !== move.to, { message: "leads to itself", path: ["to"] });
export type ExportAddressMove = z.infer<typeof ExportAddressMove>;

export const EXPORT_ENTRY_SCHEMAS = {
  sections: ExportSectionEntry,
  authors: ExportAuthor,
  accounts: ExportAccount,
  articles: ExportArticle,
  subscribers: ExportSubscriber,
  newsletter_issues: ExportNewsletterIssue,
  settings: ExportSettings,
  tags: ExportTags,
  menus: ExportMenus,
  pages: ExportPage,
  address_moves: ExportAddressMove,
} as const;

/** What one part's entry is once checked. */
export interface ExportEntries {
  sections: ExportSectionEntry;
  authors: ExportAuthor;
  accounts: ExportAccount;
  articles: ExportArticle;
  subscribers: ExportSubscriber;
  newsletter_issues: ExportNewsletterIssue;
  settings: ExportSettings;
  tags: ExportTags;
  menus: ExportMenus;
  pages: ExportPage;
  address_moves: ExportAddressMove;
}

/** The input shape of each entry (dates as ISO strings), as the exporter writes it. */
export type ExportEntryInput<S extends ExportSection> = z.input<(typeof EXPORT_ENTRY_SCHEMAS)[S]>;

/** The whole document, for a file small enough to read at once (tests, and documents not written one entry per line). */
export const NewsroomExport = z.strictObject({
  ...ExportHeader.shape,
  sections: z.array(z.unknown()).optional(),
  authors: z.array(z.unknown()),
  accounts: z.array(z.unknown()),
  articles: z.array(z.unknown()),
  subscribers: z.array(z.unknown()),
  newsletter_issues: z.array(z.unknown()),
  settings: z.array(z.unknown()).optional(),
  tags: z.array(z.unknown()).optional(),
  menus: z.array(z.unknown()).optional(),
  pages: z.array(z.unknown()).optional(),
  address_moves: z.array(z.unknown()).optional(),
});
