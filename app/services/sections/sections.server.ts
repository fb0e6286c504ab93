import { and, asc, count, eq, gt, lt, desc, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articleRevisions, articles, generationJobs, sections } from "../../db/schema";
import { CATEGORY_KEYWORDS } from "../generation/news-feeds/category-keywords.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { recordAddressMove } from "../old-addresses/old-addresses.server";
import { feedPathsOf } from "../../utils/seo";
import { defaultSections, SECTION_TEXTS, type Section, type SectionInfo, type SectionInput } from "../../validation/sections";

/** A refusal of a section form, field by field, in the words the form shows. */
export class SectionRefusal extends Error {
  constructor(readonly fieldErrors: Partial<Record<keyof SectionInput | "moveTo" | "form", string>>) {
    super(Object.values(fieldErrors).join(" "));
    this.name = "SectionRefusal";
  }
}

/** What the Sections screen lists: each section with how many articles it holds. */
export interface SectionRow extends Section {
  articles: number;
}

const categoryPath = (slug: string) => `/category/${slug}`;

/** The defaults as a fresh database holds them (ids in order), in force until the table has been read. */
const DEFAULTS: Section[] = defaultSections(CATEGORY_KEYWORDS).map((section, index) => ({ ...section, id: index + 1 }));

/** What pages may know of sections: never their keywords. */
function publicInfoOf(list: readonly Section[]): SectionInfo[] {
  return list.map(({ id, name, slug, description, colour, explore }) => ({ id, name, slug, description, colour, explore }));
}

/** The specification's sections as a fixed list: what a fresh database holds, for code run without one (tests, benches). */
export const SPEC_SECTIONS = {
  list: (): readonly Section[] => DEFAULTS,
  info: (): readonly SectionInfo[] => publicInfoOf(DEFAULTS),
  byName: (name: string): Section | undefined => DEFAULTS.find((section) => section.name === name),
};

/**
 * The newsroom's sections (decision 042). Each instance keeps the list in memory, ordered, and reads it again
 * whenever any instance announces a content change (`refresh`, wired in index.server.ts), so a renamed or added section
 * shows everywhere at once. Every change runs in one transaction, announces the change (which drops the page cache on
 * every instance), and leaves the old address answering 301.
 */
export function createSections({
  db,
  clock,
  logger,
  onPublicChange,
  onFeedsMoved,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  onPublicChange: () => Promise<unknown>;
  /** Tells WebSub hubs about a section's feeds at a new address. */
  onFeedsMoved?: (paths: string[]) => Promise<void>;
}) {
  let inForce: readonly Section[] = DEFAULTS;
  let info: readonly SectionInfo[] = publicInfoOf(DEFAULTS);

  async function load(): Promise<void> {
    const rows = await db.select().from(sections).orderBy(asc(sections.position), asc(sections.id));
    inForce = rows.map(({ updatedAt: _updated, ...section }) => section);
    info = publicInfoOf(inForce);
  }

  async function changed(): Promise<void> {
    await load();
    await onPublicChange();
  }

  /** The refusals a unique index gives, as the form's sentences. */
  function uniqueRefusal(error: unknown): SectionRefusal | null {
    const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
    if (text.includes("sections_name_unique")) return new SectionRefusal({ name: SECTION_TEXTS.nameTaken });
    if (text.includes("sections_slug_unique")) return new SectionRefusal({ slug: SECTION_TEXTS.slugTaken });
    return null;
  }

  /** Runs a change, turning a clash on a unique name or address into the form's refusal. */
  async function write<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      throw uniqueRefusal(error) ?? error;
    }
  }

  return {
    /** The sections in force here, in their order. */
    list(): readonly Section[] {
      return inForce;
    },

    /** The same without keywords: what the root loader hands every page. The same array until a change. */
    info(): readonly SectionInfo[] {
      return info;
    },

    byName(name: string): Section | undefined {
      return inForce.find((section) => section.name === name);
    },

    /** The section at /category/{slug}; the address is matched in lower case. */
    bySlug(slug: string): Section | undefined {
      const wanted = slug.toLowerCase();
      return inForce.find((section) => section.slug === wanted);
    },

    /** The path of a section's page, by its name. */
    pathOf(name: string): string {
      return categoryPath(this.byName(name)?.slug ?? name.toLowerCase());
    },

    load,

    /** Loads, and logs instead of throwing: for the content-change listener, which must go on dropping pages. */
    async refresh(): Promise<void> {
      try {
        await load();
      } catch (error) {
        logger.warn({ err: error }, "could not read the sections; the ones in force stay until the next change");
      }
    },

    /** Every section with its article count, for the Sections screen. */
    async rows(): Promise<SectionRow[]> {
      const counts = await db
        .select({ category: articles.category, articles: count() })
        .from(articles)
        .groupBy(articles.category);
      const byName = new Map(counts.map((row) => [row.category, row.articles]));
      const rows = await db.select().from(sections).orderBy(asc(sections.position), asc(sections.id));
      return rows.map(({ updatedAt: _updated, ...section }) => ({ ...section, articles: byName.get(section.name) ?? 0 }));
    },

    /** Adds a section at the end of the list. */
    async create(input: SectionInput): Promise<Section> {
      const created = await write(() =>
        db.transaction(async (tx) => {
          const [last] = await tx
            .select({ position: sections.position })
            .from(sections)
            .orderBy(desc(sections.position))
            .limit(1);
          const [row] = await tx
            .insert(sections)
            .values({ ...input, position: (last?.position ?? -1) + 1, updatedAt: clock.now() })
            .returning();
          if (!row) throw new Error("The new section was not stored.");
          // A section made at an address that had moved away takes the address back.
          await recordAddressMove(tx, categoryPath(input.slug), categoryPath(input.slug), clock.now());
          return row;
        }),
      );
      await changed();
      const { updatedAt: _updated, ...section } = created;
      return section;
    },

    /**
     * Changes a section: a new name follows to every article, revision and job (the foreign key cascades); a new
     * address leaves the old one (page, RSS and JSON Feed) answering 301 to it for good.
     */
    async update(id: number, input: SectionInput): Promise<void> {
      const before = await write(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(sections).where(eq(sections.id, id)).for("update");
          if (!row) throw new SectionRefusal({ form: SECTION_TEXTS.notFound });
          await tx
            .update(sections)
            .set({ ...input, updatedAt: clock.now() })
            .where(eq(sections.id, id));
          if (row.slug !== input.slug) await recordAddressMove(tx, categoryPath(row.slug), categoryPath(input.slug), clock.now());
          return row;
        }),
      );
      await changed();
      if (before.slug !== input.slug) await onFeedsMoved?.(feedPathsOf(categoryPath(input.slug)));
    },

    /** Moves a section one place up or down the list (the header's and the filters' order). */
    async move(id: number, direction: "up" | "down"): Promise<void> {
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sections).where(eq(sections.id, id)).for("update");
        if (!row) throw new SectionRefusal({ form: SECTION_TEXTS.notFound });
        const [neighbour] = await tx
          .select()
          .from(sections)
          .where(direction === "up" ? lt(sections.position, row.position) : gt(sections.position, row.position))
          .orderBy(direction === "up" ? desc(sections.position) : asc(sections.position))
          .limit(1)
          .for("update");
        if (!neighbour) return false;
        await tx.update(sections).set({ position: neighbour.position }).where(eq(sections.id, row.id));
        await tx.update(sections).set({ position: row.position }).where(eq(sections.id, neighbour.id));
        return true;
      });
      if (moved) await changed();
    },

    /**
     * Deletes a section after moving everything it holds (articles, their revisions, generation jobs) to another, in
     * one transaction, so no article is ever left without a section; its address then leads to the other section's.
     * Returns how many articles moved.
     */
    async remove(id: number, moveTo: number): Promise<number> {
      const moved = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(sections).where(eq(sections.id, id)).for("update");
        if (!row) throw new SectionRefusal({ form: SECTION_TEXTS.notFound });
        const [target] = await tx
          .select()
          .from(sections)
          .where(and(eq(sections.id, moveTo), ne(sections.id, id)))
          .for("update");
        if (!target) {
          const [{ others = 0 } = {}] = await tx.select({ others: count() }).from(sections).where(ne(sections.id, id));
          throw new SectionRefusal({ moveTo: others === 0 ? SECTION_TEXTS.lastSection : SECTION_TEXTS.moveTo });
        }
        const articlesMoved = await tx
          .update(articles)
          .set({ category: target.name })
          .where(eq(articles.category, row.name))
          .returning({ id: articles.id });
        await tx.update(articleRevisions).set({ category: target.name }).where(eq(articleRevisions.category, row.name));
        await tx.update(generationJobs).set({ category: target.name }).where(eq(generationJobs.category, row.name));
        await tx.delete(sections).where(eq(sections.id, id));
        await tx
          .update(sections)
          .set({ position: sql`${sections.position} - 1` })
          .where(gt(sections.position, row.position));
        await recordAddressMove(tx, categoryPath(row.slug), categoryPath(target.slug), clock.now());
        return articlesMoved.length;
      });
      await changed();
      return moved;
    },
  };
}

export type SectionsService = ReturnType<typeof createSections>;
