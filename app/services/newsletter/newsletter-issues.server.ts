import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import type { DeliveryCounts, DeliveryStatus, NewsletterIssueStatus, NewsletterIssueView } from "../../domain/newsletter";
import type { Clock } from "../clock.server";
import { NEWSLETTER_TEXTS, NewsletterError } from "./newsletter-errors.server";

/** A rendered newsletter, ready to be stored as a draft or frozen for sending. */
export interface IssueContent {
  subject: string;
  html: string;
  text: string;
  articleIds: number[];
  /** The model that wrote it; null when it was made from the articles' excerpts. */
  model: string | null;
}

export interface StoredDraft extends IssueContent {
  id: number;
  createdAt: Date;
}

/** How many past issues the tab lists. */
export const ISSUE_HISTORY_LENGTH = 10;

function emptyCounts(): DeliveryCounts {
  return { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0, total: 0 };
}

/**
 * Newsletter issues and their deliveries: the one draft the tab works on, freezing an issue for sending
 * (one delivery per active subscriber, in one transaction), the weekly digest's claim on its week, and
 * the counts the tab shows. Every status change is a conditional UPDATE naming the state it expects.
 */
export function createNewsletterIssues({ db, clock }: { db: Database; clock: Clock }) {
  /** Counts by delivery status for these issues. */
  async function deliveryCounts(issueIds: number[]): Promise<Map<number, DeliveryCounts>> {
    const counts = new Map<number, DeliveryCounts>(issueIds.map((id) => [id, emptyCounts()]));
    if (issueIds.length === 0) return counts;
    const rows = await db
      .select({
        issueId: newsletterDeliveries.issueId,
        status: newsletterDeliveries.status,
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.issueId, issueIds))
      .groupBy(newsletterDeliveries.issueId, newsletterDeliveries.status);
    for (const row of rows) {
      const entry = counts.get(row.issueId) ?? emptyCounts();
      entry[row.status as DeliveryStatus] = row.count;
      entry.total += row.count;
      counts.set(row.issueId, entry);
    }
    return counts;
  }

  /**
   * Freezes an issue inside a transaction: one pending delivery per active subscriber (unique per issue
   * and subscriber), then the issue is `sending`. With no active subscriber nothing changes.
   */
  async function freeze(
    tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
    issueId: number,
    expected: NewsletterIssueStatus,
    content?: IssueContent,
  ): Promise<number> {
    const now = clock.now();
    const [frozen] = await tx
      .update(newsletterIssues)
      .set({ status: "sending", sendStartedAt: now, ...(content ?? {}) })
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, expected)))
      .returning({ id: newsletterIssues.id });
    if (!frozen) throw new NewsletterError("NOT_GENERATED", NEWSLETTER_TEXTS.notGenerated);
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into ${newsletterDeliveries} (issue_id, subscriber_id, email, next_attempt_at)
      select ${issueId}, ${newsletterSubscribers.id}, ${newsletterSubscribers.email}, ${now.toISOString()}::timestamptz
      from ${newsletterSubscribers}
      where ${newsletterSubscribers.status} = 'active'
      on conflict (issue_id, subscriber_id) do nothing
      returning id`);
    if (inserted.rows.length === 0) throw new NewsletterError("NO_SUBSCRIBERS", NEWSLETTER_TEXTS.noSubscribers);
    return inserted.rows.length;
  }

  /**
   * The people who received an issue containing the article: a `sent` delivery of an issue whose articles include it,
   * and still active today. Each once, however many such issues reached them. Correction notices list no articles,
   * so they never count.
   */
  function articleRecipients(db: Database, articleId: number) {
    return sql`
      select distinct ${newsletterSubscribers.id} as subscriber_id, ${newsletterSubscribers.email} as email
      from ${newsletterSubscribers}
      join ${newsletterDeliveries} on ${newsletterDeliveries.subscriberId} = ${newsletterSubscribers.id}
        and ${newsletterDeliveries.status} = 'sent'
      join ${newsletterIssues} on ${newsletterIssues.id} = ${newsletterDeliveries.issueId}
        and ${articleId}::integer = any(${newsletterIssues.articleIds})
      where ${newsletterSubscribers.status} = 'active'`;
  }

  return {
    deliveryCounts,

    /** How many people a correction notice about the article would go to (see articleRecipients). */
    async countArticleRecipients(articleId: number): Promise<number> {
      const result = await db.execute<{ count: number }>(
        sql`select count(*)::integer as count from (${articleRecipients(db, articleId)}) as recipients`,
      );
      return Number(result.rows[0]?.count ?? 0);
    },

    /**
     * A correction notice, frozen for sending inside the caller's transaction (the one that adds the correction): a
     * `sending` issue carrying `correction_id`, and one pending delivery per person who received the article. The
     * sender then delivers it like any issue. Nobody to notify: no issue, 0.
     */
    async freezeCorrectionNotice(
      tx: Database,
      {
        correctionId,
        articleId,
        content,
        createdBy,
      }: {
        correctionId: number;
        articleId: number;
        content: Pick<IssueContent, "subject" | "html" | "text">;
        createdBy: number | null;
      },
    ): Promise<{ issueId: number; recipients: number } | null> {
      const now = clock.now();
      const [issue] = await tx
        .insert(newsletterIssues)
        .values({ ...content, articleIds: [], status: "sending", correctionId, createdBy, createdAt: now, sendStartedAt: now })
        .returning({ id: newsletterIssues.id });
      if (!issue) throw new Error("The correction notice was not stored.");
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into ${newsletterDeliveries} (issue_id, subscriber_id, email, next_attempt_at)
        select ${issue.id}, recipients.subscriber_id, recipients.email, ${now.toISOString()}::timestamptz
        from (${articleRecipients(tx, articleId)}) as recipients
        on conflict (issue_id, subscriber_id) do nothing
        returning id`);
      if (inserted.rows.length === 0) {
        await tx.delete(newsletterIssues).where(eq(newsletterIssues.id, issue.id));
        return null;
      }
      return { issueId: issue.id, recipients: inserted.rows.length };
    },

    /** Replaces the draft (there is one at a time) with newly generated content. */
    async saveDraft(content: IssueContent, createdBy: number | null): Promise<StoredDraft> {
      return db.transaction(async (tx) => {
        await tx.delete(newsletterIssues).where(eq(newsletterIssues.status, "draft"));
        const [row] = await tx
          .insert(newsletterIssues)
          .values({ ...content, status: "draft", createdBy, createdAt: clock.now() })
          .returning();
        if (!row) throw new Error("The newsletter draft was not stored.");
        return { ...content, id: row.id, createdAt: row.createdAt };
      });
    },

    /** The draft waiting to be sent, if any. */
    async currentDraft(): Promise<StoredDraft | null> {
      const [row] = await db
        .select()
        .from(newsletterIssues)
        .where(eq(newsletterIssues.status, "draft"))
        .orderBy(desc(newsletterIssues.id))
        .limit(1);
      return row
        ? {
            id: row.id,
            subject: row.subject,
            html: row.html,
            text: row.text,
            articleIds: row.articleIds,
            model: row.model,
            createdAt: row.createdAt,
          }
        : null;
    },

    /**
     * Sends the draft: "Please generate newsletter content first" when there is none (or it was just sent
     * by someone else), "No active subscribers found" when nobody would receive it (the draft stays).
     */
    async sendDraft(draftId: number): Promise<{ issueId: number; recipients: number }> {
      const recipients = await db.transaction((tx) => freeze(tx, draftId, "draft"));
      return { issueId: draftId, recipients };
    },

    /**
     * The weekly digest's claim on its week: a `preparing` issue with this week key, or null when another
     * instance (or an earlier run) already made this week's issue.
     */
    async claimWeek(weekKey: string): Promise<number | null> {
      const [row] = await db
        .insert(newsletterIssues)
        .values({ status: "preparing", weekKey, createdAt: clock.now() })
        .onConflictDoNothing({ target: newsletterIssues.weekKey })
        .returning({ id: newsletterIssues.id });
      return row?.id ?? null;
    },

    /** Fills a claimed weekly issue and freezes it for sending; the number of recipients. */
    async sendPrepared(issueId: number, content: IssueContent): Promise<number> {
      return db.transaction((tx) => freeze(tx, issueId, "preparing", content));
    },

    /** A weekly issue that could not be prepared or had nobody to go to: kept, with the reason, in the history. */
    async failPrepared(issueId: number, error: string): Promise<void> {
      await db
        .update(newsletterIssues)
        .set({ status: "failed", error, finishedAt: clock.now() })
        .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "preparing")));
    },

    /** Weekly issues left `preparing` by a process that stopped before `olderThan`: failed, so the history says so. */
    async failAbandonedPreparations(olderThan: Date): Promise<number> {
      const rows = await db
        .update(newsletterIssues)
        .set({ status: "failed", error: "The server stopped while this digest was being prepared.", finishedAt: clock.now() })
        .where(
          and(
            eq(newsletterIssues.status, "preparing"),
            sql`${newsletterIssues.createdAt} < ${olderThan.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: newsletterIssues.id });
      return rows.length;
    },

    /** Issues being sent whose every delivery has settled become `sent`. */
    async finishSettledIssues(): Promise<number[]> {
      const rows = await db
        .update(newsletterIssues)
        .set({ status: "sent", finishedAt: clock.now() })
        .where(
          and(
            eq(newsletterIssues.status, "sending"),
            sql`not exists (select 1 from ${newsletterDeliveries} where ${newsletterDeliveries.issueId} = ${newsletterIssues.id} and ${newsletterDeliveries.status} in ('pending', 'sending'))`,
          ),
        )
        .returning({ id: newsletterIssues.id });
      return rows.map((row) => row.id);
    },

    /** The newest issues other than the draft, with their delivery counts, newest first. */
    async history(limit = ISSUE_HISTORY_LENGTH): Promise<NewsletterIssueView[]> {
      const rows = await db
        .select({
          id: newsletterIssues.id,
          subject: newsletterIssues.subject,
          status: newsletterIssues.status,
          weekKey: newsletterIssues.weekKey,
          correctionId: newsletterIssues.correctionId,
          createdAt: newsletterIssues.createdAt,
          sendStartedAt: newsletterIssues.sendStartedAt,
          finishedAt: newsletterIssues.finishedAt,
          error: newsletterIssues.error,
        })
        .from(newsletterIssues)
        .where(ne(newsletterIssues.status, "draft"))
        .orderBy(desc(newsletterIssues.createdAt), desc(newsletterIssues.id))
        .limit(limit);
      const counts = await deliveryCounts(rows.map((row) => row.id));
      return rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        origin: row.correctionId !== null ? "correction" : row.weekKey ? "weekly" : "manual",
        createdAt: row.createdAt.toISOString(),
        sendStartedAt: row.sendStartedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        error: row.error,
        counts: counts.get(row.id) ?? emptyCounts(),
      }));
    },

    /** The articles of the newest issue that went out (or is going out), to avoid sending the same stories twice. */
    async lastSentArticleIds(): Promise<number[]> {
      const [row] = await db
        .select({ articleIds: newsletterIssues.articleIds })
        .from(newsletterIssues)
        // A correction notice lists no stories: it says nothing about which ones went out last.
        .where(and(inArray(newsletterIssues.status, ["sending", "sent"]), isNull(newsletterIssues.correctionId)))
        .orderBy(desc(newsletterIssues.sendStartedAt), desc(newsletterIssues.id))
        .limit(1);
      return row?.articleIds ?? [];
    },

    /** A frozen issue's subject and bodies, for the sender. */
    async frozenContent(issueId: number): Promise<{ subject: string; html: string; text: string } | null> {
      const [row] = await db
        .select({ subject: newsletterIssues.subject, html: newsletterIssues.html, text: newsletterIssues.text })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["sending", "sent"])));
      return row ?? null;
    },
  };
}

export type NewsletterIssues = ReturnType<typeof createNewsletterIssues>;
