import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articleTags, tags } from "../../db/schema";
import { TAG_SLUG_PATTERN, tagNameKey, tagSlug, uniqueTagSlug } from "../../utils/tags";
import type { ExportSection, ExportTags } from "../../validation/newsroom-export";
import { TagName } from "../../validation/tags";

/** What the tags part needs of the import under way. */
export interface TagImportContext {
  /** Tags of the document that are here now: document id → id here. */
  tagIds: Map<number, number>;
  /** Articles of the document that are here now: document id → id here. */
  articleIds: Map<number, number>;
  counts: { imported: Record<ExportSection, number>; skipped: Record<ExportSection, number> };
  reject: (section: ExportSection, row: number, reason: string) => void;
}

/**
 * One entry of the export's tags part. A tag whose name is here already (any case) is that tag; a new one
 * keeps its id and address where this database has not used them. An article's tags are written when it has none
 * here yet (it was just imported), so importing again changes nothing and never undoes an editor's later choice.
 */
export async function importTagEntry(tx: Database, row: number, entry: ExportTags, context: TagImportContext): Promise<void> {
  const { tagIds, articleIds, counts, reject } = context;
  if (entry.kind === "tag") {
    const name = TagName.safeParse(entry.name);
    if (!name.success) return reject("tags", row, `name ${name.error.issues[0]?.message ?? "is not a tag name"}`);
    const [same] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(sql`lower(${tags.name}) = ${tagNameKey(name.data)}`);
    if (same) {
      tagIds.set(entry.id, same.id);
      counts.skipped.tags += 1;
      return;
    }
    const wanted = TAG_SLUG_PATTERN.test(entry.slug) && entry.slug.length <= 60 ? entry.slug : tagSlug(name.data);
    const taken = new Set(
      (
        await tx
          .select({ slug: tags.slug })
          .from(tags)
          .where(sql`${tags.slug} like ${`${wanted.slice(0, 50)}%`}`)
      ).map((tag) => tag.slug),
    );
    const slug = uniqueTagSlug(wanted, (candidate) => taken.has(candidate));
    const [idTaken] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, entry.id));
    const values = { name: name.data, slug, createdAt: entry.created_at };
    const [inserted] = idTaken
      ? await tx.insert(tags).values(values).returning({ id: tags.id })
      : await tx
          .insert(tags)
          .overridingSystemValue()
          .values({ id: entry.id, ...values })
          .returning({ id: tags.id });
    if (!inserted) throw new Error(`The tag "${name.data}" was not imported.`);
    tagIds.set(entry.id, inserted.id);
    counts.imported.tags += 1;
    return;
  }
  const articleId = articleIds.get(entry.article_id);
  if (articleId === undefined) return reject("tags", row, `article ${entry.article_id} is not an article of this export`);
  const missing = entry.tag_ids.find((tagId) => !tagIds.has(tagId));
  if (missing !== undefined) return reject("tags", row, `tag ${missing} is not a tag of this export`);
  const [existing] = await tx.select({ value: count() }).from(articleTags).where(eq(articleTags.articleId, articleId));
  if ((existing?.value ?? 0) > 0) {
    counts.skipped.tags += 1;
    return;
  }
  const ids = [...new Set(entry.tag_ids.map((tagId) => tagIds.get(tagId) ?? 0))];
  if (ids.length > 0) await tx.insert(articleTags).values(ids.map((tagId, index) => ({ articleId, tagId, position: index + 1 })));
  counts.imported.tags += 1;
}
