import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { addressMoves, admins, authors, pageRevisions, pages } from "../../db/schema";
import type { RevisionKind } from "../../domain/history";
import type { RevisionSummary } from "../../utils/revisions";
import type { PageInput } from "../../validation/page";
import type { PageFields, PageLayout, PageStatus } from "../../domain/pages";
import { PageFields as PageFieldsSchema } from "../../validation/page";
import { foldsIntoLatest } from "../articles/revisions.server";
import type { Clock } from "../clock.server";
import { recordAddressMove } from "../old-addresses/old-addresses.server";
import { DEFAULT_PAGES } from "./default-pages.server";

/** What a page says, as a revision keeps it and the editor shows it. */
export interface PageText {
  slug: string;
  title: string;
  heading: string;
  eyebrow: string;
  lead: string;
  description: string;
  body: string;
  showContents: boolean;
  fields: PageFields;
}

export interface Page extends PageText {
  id: number;
  builtIn: string | null;
  layout: PageLayout;
  status: PageStatus;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type PageRevisionVersion = RevisionSummary & PageText;

export type PageSaveOutcome =
  { outcome: "done"; id: number } | { outcome: "missing" } | { outcome: "stale" } | { outcome: "taken" };

type Executor = Pick<Database, "select" | "insert" | "update" | "delete">;

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  builtIn: pages.builtIn,
  layout: pages.layout,
  title: pages.title,
  heading: pages.heading,
  eyebrow: pages.eyebrow,
  lead: pages.lead,
  description: pages.description,
  body: pages.body,
  showContents: pages.showContents,
  fields: pages.fields,
  status: pages.status,
  createdAt: pages.createdAt,
  updatedAt: pages.updatedAt,
  deletedAt: pages.deletedAt,
};

type PageRow = Omit<Page, "layout" | "status" | "fields"> & { layout: string; status: string; fields: unknown };

/** A row as the rest of the code knows it: its layout and status checked by the table, its fields filled out. */
function pageOf(row: PageRow): Page {
  return {
    ...row,
    layout: row.layout as PageLayout,
    status: row.status as PageStatus,
    fields: PageFieldsSchema.parse(row.fields ?? {}),
  };
}

function textOf(page: PageText): PageText {
  const { slug, title, heading, eyebrow, lead, description, body, showContents, fields } = page;
  return { slug, title, heading, eyebrow, lead, description, body, showContents, fields };
}

/** The text of a save, from the editor's input. */
function textFromInput(input: PageInput): PageText {
  const { address, title, heading, eyebrow, lead, description, body, showContents, fields } = input;
  return { slug: address, title, heading, eyebrow, lead, description, body, showContents, fields };
}

/** Same instant to the millisecond: what a form carries of `updated_at` against what the database holds. */
const sameVersion = (stored: Date, opened: Date) => stored.getTime() === opened.getTime();

async function recordPageRevision(
  tx: Executor,
  pageId: number,
  text: PageText,
  {
    kind,
    editorId,
    now,
    restoredFrom = null,
  }: { kind: RevisionKind; editorId: number | null; now: Date; restoredFrom?: number | null },
): Promise<number> {
  const [latest] = await tx
    .select({
      id: pageRevisions.id,
      kind: pageRevisions.kind,
      editorId: pageRevisions.editorId,
      createdAt: pageRevisions.createdAt,
    })
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, pageId))
    .orderBy(desc(pageRevisions.id))
    .limit(1);
  if (latest && foldsIntoLatest(latest, { kind, editorId, now })) {
    await tx
      .update(pageRevisions)
      .set({ ...textOf(text), updatedAt: now })
      .where(eq(pageRevisions.id, latest.id));
    return latest.id;
  }
  const [row] = await tx
    .insert(pageRevisions)
    .values({ pageId, ...textOf(text), kind, editorId, restoredFrom, createdAt: now, updatedAt: now })
    .returning({ id: pageRevisions.id });
  if (!row) throw new Error("The page revision was not recorded.");
  return row.id;
}

const editorAccount = alias(admins, "page_revision_editor");
const editorProfile = alias(authors, "page_revision_editor_profile");

const summaryColumns = {
  id: pageRevisions.id,
  kind: pageRevisions.kind,
  editorName: editorProfile.name,
  restoredFrom: pageRevisions.restoredFrom,
  createdAt: pageRevisions.createdAt,
  updatedAt: pageRevisions.updatedAt,
};

/**
 * The site's pages (decision 039): the specification's seven, put in place on an empty table, and the ones
 * editors add. Every save is a revision (the articles' rule, decision 018), a changed address leaves a permanent
 * redirect behind, and every change that readers may see is announced, so every instance drops its cached pages.
 */
export function createPageService({
  db,
  clock,
  onPublicChange = async () => undefined,
}: {
  db: Database;
  clock: Clock;
  /** Tells every instance that what readers see changed (content-changes.server.ts). */
  onPublicChange?: () => Promise<unknown>;
}) {
  async function findRow(executor: Executor, id: number, lock = false): Promise<Page | null> {
    const query = executor.select(pageColumns).from(pages).where(eq(pages.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    return row ? pageOf(row) : null;
  }

  async function addressTaken(executor: Executor, slug: string, exceptId?: number): Promise<boolean> {
    const [row] = await executor
      .select({ id: pages.id })
      .from(pages)
      .where(exceptId === undefined ? eq(pages.slug, slug) : and(eq(pages.slug, slug), ne(pages.id, exceptId)))
      .limit(1);
    return row !== undefined;
  }

  return {
    /**
     * Puts in place each of the specification's pages that the table does not have (a fresh install, or one from
     * before pages were data), published, with a first revision. Several instances starting at once insert each once.
     */
    async ensureDefaults(): Promise<number> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        let added = 0;
        for (const page of DEFAULT_PAGES) {
          const { builtIn, layout, ...text } = page;
          const [row] = await tx
            .insert(pages)
            .values({ ...text, builtIn, layout, status: "published", createdAt: now, updatedAt: now })
            .onConflictDoNothing()
            .returning({ id: pages.id });
          if (!row) continue;
          await recordPageRevision(tx, row.id, text, { kind: "created", editorId: null, now });
          added += 1;
        }
        return added;
      });
    },

    /** Every page, the specification's first, deleted ones included (the list shows them apart). */
    async list(): Promise<Page[]> {
      const rows = await db
        .select(pageColumns)
        .from(pages)
        .orderBy(sql`${pages.builtIn} is null`, asc(pages.id));
      return rows.map(pageOf);
    },

    async find(id: number): Promise<Page | null> {
      return findRow(db, id);
    },

    /** The page readers see at `/{slug}`: published and not deleted; null otherwise. */
    async published(slug: string): Promise<Page | null> {
      if (slug.length > 60) return null;
      const [row] = await db
        .select(pageColumns)
        .from(pages)
        .where(and(eq(pages.slug, slug), eq(pages.status, "published"), isNull(pages.deletedAt)))
        .limit(1);
      return row ? pageOf(row) : null;
    },

    /** The published pages' addresses and last changes, for the sitemap. */
    async sitemapEntries(): Promise<{ path: string; lastModified: Date }[]> {
      const rows = await db
        .select({ slug: pages.slug, updatedAt: pages.updatedAt })
        .from(pages)
        .where(and(eq(pages.status, "published"), isNull(pages.deletedAt)))
        .orderBy(sql`${pages.builtIn} is null`, asc(pages.id));
      return rows.map((row) => ({ path: `/${row.slug}`, lastModified: row.updatedAt }));
    },

    /** A new page of the plain layout. "taken" when another page has the address. */
    async create(input: PageInput, { by }: { by: number | null }): Promise<PageSaveOutcome> {
      const now = clock.now();
      const text = textFromInput(input);
      const outcome = await db.transaction(async (tx): Promise<PageSaveOutcome> => {
        if (await addressTaken(tx, text.slug)) return { outcome: "taken" };
        const [row] = await tx
          .insert(pages)
          .values({ ...text, layout: "page", status: input.status, createdAt: now, updatedAt: now, updatedBy: by })
          .onConflictDoNothing()
          .returning({ id: pages.id });
        if (!row) return { outcome: "taken" };
        // The address may have been an older page's before it moved: a live page there now answers instead.
        await tx.delete(addressMoves).where(eq(addressMoves.fromPath, `/${text.slug}`));
        await recordPageRevision(tx, row.id, text, { kind: "created", editorId: by, now });
        return { outcome: "done", id: row.id };
      });
      if (outcome.outcome === "done") await onPublicChange();
      return outcome;
    },

    /**
     * Saves the editor's form over the page, unless someone saved it since the form was opened (`openedAt`, its
     * `updated_at` then): "stale", nothing saved. A new address records the move, so the old one answers 301.
     */
    async update(
      id: number,
      input: PageInput,
      { by, openedAt }: { by: number | null; openedAt?: Date },
    ): Promise<PageSaveOutcome> {
      const now = clock.now();
      const text = textFromInput(input);
      const outcome = await db.transaction(async (tx): Promise<PageSaveOutcome> => {
        const current = await findRow(tx, id, true);
        // A deleted page is edited only once it is brought back.
        if (!current || current.deletedAt) return { outcome: "missing" };
        if (openedAt && !sameVersion(current.updatedAt, openedAt)) return { outcome: "stale" };
        if (text.slug !== current.slug && (await addressTaken(tx, text.slug, id))) return { outcome: "taken" };
        await tx
          .update(pages)
          .set({ ...text, status: input.status, updatedAt: now, updatedBy: by })
          .where(eq(pages.id, id));
        if (text.slug !== current.slug) await recordAddressMove(tx, `/${current.slug}`, `/${text.slug}`, now);
        await recordPageRevision(tx, id, text, { kind: "edited", editorId: by, now });
        return { outcome: "done", id };
      });
      if (outcome.outcome === "done") await onPublicChange();
      return outcome;
    },

    /**
     * Deletes a page an editor added: it leaves the site and the list, but its row and revisions stay, so "Bring back"
     * undoes it. The specification's pages can only be unpublished ("built-in").
     */
    async remove(id: number): Promise<"done" | "missing" | "built-in"> {
      const current = await findRow(db, id);
      if (!current || current.deletedAt) return "missing";
      if (current.builtIn) return "built-in";
      await db.update(pages).set({ deletedAt: clock.now() }).where(eq(pages.id, id));
      await onPublicChange();
      return "done";
    },

    /** Brings a deleted page back, as a draft, at its address. */
    async undelete(id: number): Promise<"done" | "missing"> {
      const [row] = await db
        .update(pages)
        .set({ deletedAt: null, status: "draft", updatedAt: clock.now() })
        .where(and(eq(pages.id, id), sql`${pages.deletedAt} is not null`))
        .returning({ id: pages.id });
      return row ? "done" : "missing";
    },

    /** Every revision of a page, newest first, with who saved it. */
    async revisions(pageId: number): Promise<RevisionSummary[]> {
      return db
        .select(summaryColumns)
        .from(pageRevisions)
        .leftJoin(editorAccount, eq(editorAccount.id, pageRevisions.editorId))
        .leftJoin(editorProfile, eq(editorProfile.id, editorAccount.authorId))
        .where(eq(pageRevisions.pageId, pageId))
        .orderBy(desc(pageRevisions.id));
    },

    /** The given revisions of a page in full; ids that are not this page's are left out. */
    async versions(pageId: number, ids: readonly number[]): Promise<PageRevisionVersion[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          ...summaryColumns,
          slug: pageRevisions.slug,
          title: pageRevisions.title,
          heading: pageRevisions.heading,
          eyebrow: pageRevisions.eyebrow,
          lead: pageRevisions.lead,
          description: pageRevisions.description,
          body: pageRevisions.body,
          showContents: pageRevisions.showContents,
          fields: pageRevisions.fields,
        })
        .from(pageRevisions)
        .leftJoin(editorAccount, eq(editorAccount.id, pageRevisions.editorId))
        .leftJoin(editorProfile, eq(editorProfile.id, editorAccount.authorId))
        .where(and(eq(pageRevisions.pageId, pageId), inArray(pageRevisions.id, [...ids])));
      return rows.map((row) => ({ ...row, fields: PageFieldsSchema.parse(row.fields ?? {}) }));
    },

    /** The revisions that show what changed since the editor opened the page at `openedAt`, as for articles. */
    async sinceOpened(pageId: number, openedAt: Date | undefined): Promise<{ from?: number; to?: number }> {
      const [latest] = await db
        .select({ id: pageRevisions.id })
        .from(pageRevisions)
        .where(eq(pageRevisions.pageId, pageId))
        .orderBy(desc(pageRevisions.id))
        .limit(1);
      if (!latest) return {};
      if (!openedAt) return { to: latest.id };
      const [opened] = await db
        .select({ id: pageRevisions.id })
        .from(pageRevisions)
        .where(
          and(
            eq(pageRevisions.pageId, pageId),
            sql`date_trunc('milliseconds', ${pageRevisions.updatedAt}) <= ${openedAt.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(desc(pageRevisions.id))
        .limit(1);
      return opened && opened.id !== latest.id ? { from: opened.id, to: latest.id } : { to: latest.id };
    },

    /**
     * Brings a revision's text back: the page takes its title, texts and fields; its address and status stay as they
     * are (an address change is a move, made in the editor). Recorded as a `restored` revision.
     */
    async restore(
      pageId: number,
      revisionId: number,
      { by }: { by: number | null },
    ): Promise<{ outcome: "done"; revisionId: number } | { outcome: "missing" }> {
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const [revision] = await tx
          .select()
          .from(pageRevisions)
          .where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.pageId, pageId)))
          .limit(1);
        const current = await findRow(tx, pageId, true);
        if (!revision || !current) return { outcome: "missing" as const };
        const text: PageText = {
          ...textOf({ ...revision, fields: PageFieldsSchema.parse(revision.fields ?? {}) }),
          slug: current.slug,
        };
        await tx
          .update(pages)
          .set({ ...text, updatedAt: now, updatedBy: by })
          .where(eq(pages.id, pageId));
        const id = await recordPageRevision(tx, pageId, text, { kind: "restored", editorId: by, now, restoredFrom: revision.id });
        return { outcome: "done" as const, revisionId: id };
      });
      if (outcome.outcome === "done") await onPublicChange();
      return outcome;
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
