import { asc, eq, inArray, like, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { addressMoves, articleTags, tags } from "../../db/schema";
import { tagNameKey, tagPath, tagSlug, uniqueTagSlug, type TagLink } from "../../utils/tags";

/** A database or the transaction a save runs in. */
export type TagExecutor = Pick<Database, "select" | "insert" | "update" | "delete">;

/**
 * The tag of this name, made when there is none: a name matches case-insensitively ("openai" finds "OpenAI", which
 * keeps its spelling), a new tag gets the address made from its name, with "-2" and on when it is taken. Two saves
 * making the same tag at once both end with the one tag: the second's insert waits for the first and does nothing.
 */
export async function findOrCreateTag(tx: TagExecutor, name: string, now: Date): Promise<TagLink & { id: number }> {
  const byName = sql`lower(${tags.name}) = ${tagNameKey(name)}`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [found] = await tx.select({ id: tags.id, name: tags.name, slug: tags.slug }).from(tags).where(byName).limit(1);
    if (found) return found;
    const base = tagSlug(name);
    const similar = await tx
      .select({ slug: tags.slug })
      .from(tags)
      .where(or(eq(tags.slug, base), like(tags.slug, `${base.slice(0, 50)}%`)));
    const taken = new Set(similar.map((row) => row.slug));
    const slug = uniqueTagSlug(base, (candidate) => taken.has(candidate));
    const [created] = await tx
      .insert(tags)
      .values({ name, slug, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: tags.id, name: tags.name, slug: tags.slug });
    if (created) {
      // A new tag at an address an earlier tag moved away from: the address is live again.
      await tx.delete(addressMoves).where(eq(addressMoves.fromPath, tagPath(slug)));
      return created;
    }
    // Another save made this name, or took this address, at the same moment: look again.
  }
  throw new Error(`The tag "${name}" could not be saved.`);
}

/**
 * Replaces an article's tags with `names` (already checked by ArticleTagNames), in that order, inside the caller's
 * transaction, making the tags that do not exist yet. Returns the names as the tags spell them.
 */
export async function saveArticleTags(
  tx: TagExecutor,
  articleId: number,
  names: readonly string[],
  now: Date,
): Promise<string[]> {
  const chosen: (TagLink & { id: number })[] = [];
  for (const name of names) {
    const tag = await findOrCreateTag(tx, name, now);
    if (!chosen.some((earlier) => earlier.id === tag.id)) chosen.push(tag);
  }
  await tx.delete(articleTags).where(eq(articleTags.articleId, articleId));
  if (chosen.length > 0)
    await tx.insert(articleTags).values(chosen.map((tag, index) => ({ articleId, tagId: tag.id, position: index + 1 })));
  return chosen.map((tag) => tag.name);
}

/**
 * The tags of many articles at once (an import), inside the caller's transaction: each name is looked up or made once,
 * then every article's tags are written in a few inserts. Returns each article's tag names as the tags spell them.
 */
export async function saveTagsOfArticles(
  tx: TagExecutor,
  entries: readonly { articleId: number; names: readonly string[] }[],
  now: Date,
): Promise<Map<number, string[]>> {
  const byKey = new Map<string, TagLink & { id: number }>();
  for (const { names } of entries)
    for (const name of names) if (!byKey.has(tagNameKey(name))) byKey.set(tagNameKey(name), await findOrCreateTag(tx, name, now));
  const saved = new Map<number, string[]>();
  const rows: (typeof articleTags.$inferInsert)[] = [];
  for (const { articleId, names } of entries) {
    const tagsOfNames = names.flatMap((name) => byKey.get(tagNameKey(name)) ?? []);
    const chosen = [...new Map(tagsOfNames.map((tag) => [tag.id, tag])).values()];
    chosen.forEach((tag, index) => rows.push({ articleId, tagId: tag.id, position: index + 1 }));
    saved.set(
      articleId,
      chosen.map((tag) => tag.name),
    );
  }
  for (let start = 0; start < rows.length; start += 1000) await tx.insert(articleTags).values(rows.slice(start, start + 1000));
  return saved;
}

/** Each article's tags in the editor's order, for the given articles; articles without tags are absent. */
export async function listArticleTags(
  db: Pick<Database, "select">,
  articleIds: readonly number[],
): Promise<Map<number, TagLink[]>> {
  const byArticle = new Map<number, TagLink[]>();
  if (articleIds.length === 0) return byArticle;
  const rows = await db
    .select({ articleId: articleTags.articleId, name: tags.name, slug: tags.slug })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(inArray(articleTags.articleId, [...new Set(articleIds)]))
    .orderBy(asc(articleTags.articleId), asc(articleTags.position), asc(tags.name));
  for (const { articleId, ...tag } of rows) {
    const list = byArticle.get(articleId);
    if (list) list.push(tag);
    else byArticle.set(articleId, [tag]);
  }
  return byArticle;
}

/** One article's tag names in order (what a revision keeps). */
export async function articleTagNames(db: Pick<Database, "select">, articleId: number): Promise<string[]> {
  return ((await listArticleTags(db, [articleId])).get(articleId) ?? []).map((tag) => tag.name);
}
