import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { addressMoves, articleRevisions, articleTags, tags } from "../../db/schema";
import { feedPathsOf } from "../../utils/seo";
import { tagNameKey, tagPath } from "../../utils/tags";
import type { Clock } from "../clock.server";
import { recordAddressMove } from "../old-addresses/old-addresses.server";
import { findTagBySlug } from "./tag-pages.server";

/** A row of the Tags tab: a tag with how many articles carry it (drafts too). */
export interface TagSummary {
  id: number;
  name: string;
  slug: string;
  articles: number;
}

/** What a rename did: "done", or why not (no such tag, the name or the address belongs to another tag). */
export type RenameOutcome = "done" | "missing" | "nameTaken" | "slugTaken";
/** What a merge did: "done", or no such tag ("missing"), the target gone ("unknownTarget"), or the same tag ("same"). */
export type MergeOutcome = "done" | "missing" | "unknownTarget" | "same";

/** Suggestions in the editor: every tag, by name, up to this many. */
export const TAG_SUGGESTION_LIMIT = 1_000;

/**
 * The newsroom's side of tags: the editor's suggestions, and the Tags tab's table, rename, merge and
 * delete. Every change is one transaction and announces a content change, so every instance's pages, feeds and
 * memo follow at once. A changed address is recorded as moved (recordAddressMove): the old page and both its feeds
 * answer 301 to the new ones in one hop. Revisions keep tag names, so a rename, a merge or a delete rewrites the names
 * in them too: restoring an old revision brings back the tag as it is called now, never one that was merged or deleted.
 */
export function createTagService({
  db,
  clock,
  onPublicChange = async () => {},
  onFeedsMoved,
}: {
  db: Database;
  clock: Clock;
  /** Called after a change readers may see, so cached pages, feeds and memos are dropped on every instance. */
  onPublicChange?: () => Promise<unknown>;
  /** Tells WebSub hubs about a tag's feeds at a new address (a rename's) or with new items (a merge's target). */
  onFeedsMoved?: (paths: string[]) => Promise<void>;
}) {
  async function find(id: number) {
    const [tag] = await db.select({ id: tags.id, name: tags.name, slug: tags.slug }).from(tags).where(eq(tags.id, id));
    return tag ?? null;
  }

  return {
    find,

    /** The tag at an address, or null. */
    bySlug: (slug: string) => findTagBySlug(db, slug),

    /** Every tag with its article count, by name. */
    async list(): Promise<TagSummary[]> {
      return db
        .select({ id: tags.id, name: tags.name, slug: tags.slug, articles: count(articleTags.articleId) })
        .from(tags)
        .leftJoin(articleTags, eq(articleTags.tagId, tags.id))
        .groupBy(tags.id)
        .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
    },

    /** The names the editor suggests, by name. */
    async suggestions(): Promise<string[]> {
      const rows = await db
        .select({ name: tags.name })
        .from(tags)
        .orderBy(asc(sql`lower(${tags.name})`))
        .limit(TAG_SUGGESTION_LIMIT);
      return rows.map((row) => row.name);
    },

    /** Gives a tag another name and address. A new address records the move, so the old one answers 301. */
    async rename(id: number, { name, slug }: { name: string; slug: string }): Promise<RenameOutcome> {
      let addressChanged = false;
      const outcome = await db.transaction(async (tx): Promise<RenameOutcome> => {
        const [current] = await tx.select().from(tags).where(eq(tags.id, id)).for("update");
        if (!current) return "missing";
        const [sameName] = await tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(sql`lower(${tags.name}) = ${tagNameKey(name)}`, ne(tags.id, id)));
        if (sameName) return "nameTaken";
        const [sameSlug] = await tx
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.slug, slug), ne(tags.id, id)));
        if (sameSlug) return "slugTaken";
        await tx.update(tags).set({ name, slug }).where(eq(tags.id, id));
        addressChanged = current.slug !== slug;
        if (addressChanged) await recordAddressMove(tx, tagPath(current.slug), tagPath(slug), clock.now());
        if (current.name !== name)
          await tx
            .update(articleRevisions)
            .set({ tags: sql`array_replace(${articleRevisions.tags}, ${current.name}, ${name})` })
            .where(sql`${current.name} = any(${articleRevisions.tags})`);
        return "done";
      });
      if (outcome === "done") await onPublicChange();
      if (outcome === "done" && addressChanged) await onFeedsMoved?.(feedPathsOf(tagPath(slug)));
      return outcome;
    },

    /**
     * Merges tag `id` into `into`: its articles carry `into` instead (once, where they had both), its address moves to
     * `into`'s, and it is gone.
     */
    async merge(id: number, into: number): Promise<MergeOutcome> {
      if (id === into) return "same";
      let targetSlug = "";
      const outcome = await db.transaction(async (tx): Promise<MergeOutcome> => {
        // Both rows locked in id order, so two merges of the same pair the other way round cannot deadlock.
        const locked = await tx
          .select()
          .from(tags)
          .where(sql`${tags.id} in (${id}, ${into})`)
          .orderBy(asc(tags.id))
          .for("update");
        const source = locked.find((tag) => tag.id === id);
        const target = locked.find((tag) => tag.id === into);
        if (!source) return "missing";
        if (!target) return "unknownTarget";
        targetSlug = target.slug;
        await tx.execute(sql`
          insert into ${articleTags} (article_id, tag_id, position)
          select article_id, ${into}, position from ${articleTags} where tag_id = ${id}
          on conflict do nothing`);
        await tx.delete(tags).where(eq(tags.id, id));
        await recordAddressMove(tx, tagPath(source.slug), tagPath(target.slug), clock.now());
        await tx
          .update(articleRevisions)
          .set({ tags: sql`array_replace(${articleRevisions.tags}, ${source.name}, ${target.name})` })
          .where(sql`${source.name} = any(${articleRevisions.tags})`);
        return "done";
      });
      if (outcome === "done") await onPublicChange();
      // The merged tag's readers now follow the target's feeds, which carry its stories too.
      if (outcome === "done") await onFeedsMoved?.(feedPathsOf(tagPath(targetSlug)));
      return outcome;
    },

    /** Deletes a tag: its articles lose it, and its address (and any that led to it) is gone. */
    async delete(id: number): Promise<"done" | "missing"> {
      const outcome = await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(tags).where(eq(tags.id, id)).returning();
        if (!deleted) return "missing" as const;
        await tx.delete(addressMoves).where(eq(addressMoves.toPath, tagPath(deleted.slug)));
        await tx
          .update(articleRevisions)
          .set({ tags: sql`array_remove(${articleRevisions.tags}, ${deleted.name})` })
          .where(sql`${deleted.name} = any(${articleRevisions.tags})`);
        return "done" as const;
      });
      if (outcome === "done") await onPublicChange();
      return outcome;
    },
  };
}

export type TagService = ReturnType<typeof createTagService>;
