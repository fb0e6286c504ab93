import type { Database } from "../../app/db/client.server";
import { articles, authors, type ArticleRow, type AuthorRow, type NewArticleRow } from "../../app/db/schema";
import { ArticleInput } from "../../app/validation/article";

/** What a test says about an article: a title, plus whatever the test is about. */
export type ArticleValues = Partial<Omit<NewArticleRow, "authorId">> & { title: string; authorId?: number };

export const DEFAULT_AUTHOR = {
  name: "Daniel Reyes",
  avatar: "/images/avatars/daniel-reyes.svg",
  role: "Tech Correspondent",
} as const;

/** The editor's form as the browser posts it, parsed as the action does: a complete article, and what the test changes. */
export function articleFormInput(fields: Record<string, string> = {}): ArticleInput {
  return ArticleInput.parse({
    title: "Chip makers race to 2 nm",
    excerpt: "Three foundries promise the next node within a year.",
    content: "## The race\n\nFoundries are spending billions.",
    category: "Gadgets",
    readTime: "6",
    sources: "The Verge, Ars Technica",
    image: "/images/stock/ai-technology.svg",
    ...fields,
  });
}

/** A fixed publication time, `day` days into March 2025 (noon UTC): later days are newer. */
export function publishedOn(day: number): Date {
  return new Date(Date.UTC(2025, 2, day, 12));
}

/** Inserts an author; the default is the one reader pages show in most tests. */
export async function insertAuthor(db: Database, values: Partial<typeof authors.$inferInsert> = {}): Promise<AuthorRow> {
  const [author] = await db
    .insert(authors)
    .values({ ...DEFAULT_AUTHOR, ...values })
    .returning();
  if (!author) throw new Error("The author was not inserted.");
  return author;
}

/**
 * Inserts articles in the given order and returns them in that order. Unless a test says otherwise an
 * article is a published AI story by the default author (created on first use), with a neutral excerpt and body.
 */
export async function insertArticles(db: Database, ...values: ArticleValues[]): Promise<ArticleRow[]> {
  const needsAuthor = values.some((value) => value.authorId === undefined);
  const authorId = needsAuthor ? await defaultAuthorId(db) : undefined;
  const inserted: ArticleRow[] = [];
  for (const value of values) {
    const [row] = await db
      .insert(articles)
      .values({
        excerpt: "A short summary.",
        content: "Some body text.",
        category: "AI",
        publishedAt: publishedOn(1),
        ...value,
        // The state follows the publication time unless the test names one (a database check holds them together).
        status: value.status ?? (value.publishedAt === null ? "draft" : "published"),
        authorId: value.authorId ?? authorId!,
      })
      .returning();
    if (!row) throw new Error(`The article "${value.title}" was not inserted.`);
    inserted.push(row);
  }
  return inserted;
}

async function defaultAuthorId(db: Database): Promise<number> {
  const existing = await db.query.authors.findFirst({ where: (table, { eq }) => eq(table.name, DEFAULT_AUTHOR.name) });
  return existing?.id ?? (await insertAuthor(db)).id;
}
