import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articleCorrections, articles } from "../../db/schema";
import type { CorrectionKind as Kind } from "../../domain/history";
import type { CorrectionNote, CorrectionsPage, PublicCorrection } from "../../utils/corrections";
import { CorrectionKind, CorrectionNote as NoteSchema, CORRECTION_TEXTS } from "../../validation/correction";
import type { Clock } from "../clock.server";
import { noReaderMemo, type ReaderMemo } from "../reader-memo.server";
import type { Logger } from "../logger.server";
import type { NewsletterService } from "../newsletter/newsletter.server";
import {
  FEED_ITEM_LIMIT,
  renderCorrectionsJsonFeed,
  renderCorrectionsRss,
  type SyndicationSite,
} from "../syndication/syndication.server";
import { CATEGORY_PAGE_SIZE, isPublished, visibleToReaders } from "./articles.server";

/** Why a correction was refused: the note breaks a rule, the article is not published, or it is gone. */
export type CorrectionErrorCode = "INVALID_NOTE" | "NOT_PUBLISHED" | "MISSING";

export class CorrectionError extends Error {
  constructor(
    readonly code: CorrectionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "CorrectionError";
  }
}

/** A note as the editor asks for it. */
export interface NewCorrection {
  articleId: number;
  kind: Kind;
  note: string;
  /** The admin who adds it; null for the system (tests, the demo). */
  by: number | null;
  /** Send a correction notice to the newsletter readers who received the article. */
  notify?: boolean;
}

const noteColumns = {
  id: articleCorrections.id,
  kind: articleCorrections.kind,
  note: articleCorrections.note,
  createdAt: articleCorrections.createdAt,
};

/** The public list's order: newest first, the id breaking ties so pages never overlap. */
const newestNoteFirst = [desc(articleCorrections.createdAt), desc(articleCorrections.id)] as const;

/**
 * Corrections and updates: dated notes on a published article, shown at the top of its page, in its
 * JSON-LD, on /corrections and in its feed. Adding one moves the article's `updated_at` (its dateModified) and, when
 * asked, freezes a correction notice for the newsletter readers who received the article, all in one transaction;
 * then every instance drops its cached pages. A normal save of the article never makes one.
 */
export function createCorrectionService({
  db,
  clock,
  logger,
  site,
  notices,
  onPublicChange = async () => {},
  memo = noReaderMemo,
}: {
  db: Database;
  clock: Clock;
  logger?: Logger;
  site: SyndicationSite;
  /** The newsletter's correction notices; without them (some tests) nobody is notified. */
  notices?: NewsletterService["correctionNotices"];
  /** Called after a change readers may see, so cached pages are dropped on every instance. */
  onPublicChange?: () => Promise<unknown>;
  /** The article page's notes, remembered per content version like the article itself. */
  memo?: Pick<ReaderMemo, "read">;
}) {
  /** One page of the public list: notes on articles readers may see now. */
  async function recent(page = 1, pageSize = CATEGORY_PAGE_SIZE): Promise<CorrectionsPage> {
    const visible = visibleToReaders(clock.now());
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(articleCorrections)
      .innerJoin(articles, eq(articles.id, articleCorrections.articleId))
      .where(visible);
    const rows: PublicCorrection[] = await db
      .select({ ...noteColumns, articleId: articles.id, articleTitle: articles.title })
      .from(articleCorrections)
      .innerJoin(articles, eq(articles.id, articleCorrections.articleId))
      .where(visible)
      .orderBy(...newestNoteFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { corrections: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  return {
    /**
     * Adds a correction or an update to a published article. Throws CorrectionError: INVALID_NOTE (empty, over 500
     * characters, control characters), NOT_PUBLISHED, MISSING. Nothing is kept when any step fails.
     */
    async add({
      articleId,
      kind,
      note,
      by,
      notify = false,
    }: NewCorrection): Promise<{ correction: CorrectionNote; notified: number }> {
      const parsedKind = CorrectionKind.safeParse(kind);
      if (!parsedKind.success) throw new CorrectionError("INVALID_NOTE", CORRECTION_TEXTS.kind);
      const parsedNote = NoteSchema.safeParse(note);
      if (!parsedNote.success)
        throw new CorrectionError("INVALID_NOTE", parsedNote.error.issues[0]?.message ?? CORRECTION_TEXTS.noteRequired);
      const text = parsedNote.data;

      const [article] = await db
        .select({ id: articles.id, title: articles.title, status: articles.status })
        .from(articles)
        .where(eq(articles.id, articleId))
        .limit(1);
      if (!article) throw new CorrectionError("MISSING", CORRECTION_TEXTS.missing);
      if (article.status !== "published") throw new CorrectionError("NOT_PUBLISHED", CORRECTION_TEXTS.notPublished);

      const now = clock.now();
      // Rendered before the transaction, so it holds no lock while React Email works.
      const notice = notify && notices ? await notices.render({ kind: parsedKind.data, article, note: text, at: now }) : null;

      const { correction, sent } = await db.transaction(async (tx) => {
        // The state this change expects: still published (someone may have unpublished it meanwhile).
        const bumped = await tx
          .update(articles)
          .set({ updatedAt: now })
          .where(and(eq(articles.id, articleId), isPublished))
          .returning({ id: articles.id });
        if (bumped.length === 0) throw new CorrectionError("NOT_PUBLISHED", CORRECTION_TEXTS.notPublished);
        const [row] = await tx
          .insert(articleCorrections)
          .values({ articleId, kind: parsedKind.data, note: text, createdBy: by, createdAt: now })
          .returning(noteColumns);
        if (!row) throw new Error("The correction was not stored.");
        const frozen =
          notice && notices
            ? await notices.freeze(tx, { correctionId: row.id, articleId, content: notice, createdBy: by })
            : null;
        return { correction: row, sent: frozen };
      });
      if (sent) {
        notices?.wake();
        logger?.info({ articleId, correctionId: correction.id, ...sent }, "correction notice frozen for sending");
      }
      await onPublicChange();
      return { correction, notified: sent?.recipients ?? 0 };
    },

    /** An article's notes, newest first (the article page's boxes and the Corrections page's list). */
    listForArticle(articleId: number): Promise<CorrectionNote[]> {
      return memo.read(`corrections:${articleId}`, () =>
        db
          .select(noteColumns)
          .from(articleCorrections)
          .where(eq(articleCorrections.articleId, articleId))
          .orderBy(...newestNoteFirst),
      );
    },

    /** How many people a notice about this article would reach. */
    async recipientsToNotify(articleId: number): Promise<number> {
      return notices ? notices.countRecipients(articleId) : 0;
    },

    recent,

    /** The corrections feed: the newest notes on articles readers may see. */
    async rss(): Promise<string> {
      const { corrections } = await recent(1, FEED_ITEM_LIMIT);
      return renderCorrectionsRss(site, corrections);
    },

    /** The corrections feed as JSON Feed 1.1. */
    async jsonFeed(): Promise<string> {
      const { corrections } = await recent(1, FEED_ITEM_LIMIT);
      return renderCorrectionsJsonFeed(site, corrections);
    },

    /** Deletes a note added by mistake; "missing" when it is not this article's or already gone. */
    async delete(articleId: number, correctionId: number): Promise<"done" | "missing"> {
      const deleted = await db
        .delete(articleCorrections)
        .where(and(eq(articleCorrections.id, correctionId), eq(articleCorrections.articleId, articleId)))
        .returning({ id: articleCorrections.id });
      if (deleted.length === 0) return "missing";
      await onPublicChange();
      return "done";
    },
  };
}

export type CorrectionService = ReturnType<typeof createCorrectionService>;
