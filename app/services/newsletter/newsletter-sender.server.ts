import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterDeliveries, newsletterSubscribers } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { describeMailError, isTransientMailError, type Mailer } from "../mail/mailer.server";
import type { NewsletterIssues } from "./newsletter-issues.server";
import type { UnsubscribeLinks } from "./unsubscribe-links.server";
import { sleep } from "../../utils/timers";
import { escapeRegExp } from "../../utils/regexp";
import { NEWSLETTER_REF_PARAM, newsletterRef } from "../../validation/views";

/** Attempts per recipient before a delivery is failed for good. */
export const MAX_DELIVERY_ATTEMPTS = 3;

/**
 * Where each recipient's own unsubscribe link goes in a frozen issue's HTML and text. It is a valid
 * address (our own unsubscribe page, which calls it an invalid link), so a preview link goes nowhere harmful.
 */
export const UNSUBSCRIBE_TOKEN_PLACEHOLDER = "your-personal-link";

export interface SenderTimings {
  /** Deliveries claimed at once. */
  batchSize?: number;
  /** How often an idle sender looks for work. */
  pollMs?: number;
  /** The wait before a second attempt; the third waits four times as long. */
  retryDelayMs?: number;
  /** A claim not refreshed for this long belonged to a sender that stopped: its rows go back to pending. */
  staleAfterMs?: number;
  /** How often a sender refreshes the claims it is working on. */
  heartbeatMs?: number;
}

type ClaimedDelivery = {
  id: number;
  issue_id: number;
  subscriber_id: number;
  email: string;
  attempts: number;
  subscriber_active: boolean;
};

/**
 * An issue's article links with the issue's campaign parameter (decision 033): `https://site/article/12` becomes
 * `https://site/article/12?ref=newsletter-42`, in the HTML and in the text, so the view counter can tell reads that
 * came from this issue. Added when the issue is sent; the frozen issue keeps its plain links. The page cache ignores
 * the parameter, so these links share the article's cached page.
 */
export function withNewsletterRef(body: string, siteUrl: string, issueId: number): string {
  const origin = escapeRegExp(siteUrl.replace(/\/+$/, ""));
  const articleLink = new RegExp(`(${origin}/article/\\d+)(?![\\w/?#-])`, "g");
  return body.replace(articleLink, `$1?${NEWSLETTER_REF_PARAM}=${newsletterRef(issueId)}`);
}

/** The README's default wait before a temporary failure is tried again: 1 minute, then 4. */
export const DEFAULT_RETRY_DELAY_MS = 60_000;

/** The default time after which a claim nobody refreshed belonged to a sender that stopped: 2 minutes. */
export const DEFAULT_STALE_CLAIM_MS = 2 * 60_000;

/** How long a delivery waits after its `attempts`-th temporary failure: the base delay, times 4 for each one before. */
export function retryDelay(attempts: number, baseMs: number = DEFAULT_RETRY_DELAY_MS): number {
  return baseMs * 4 ** (attempts - 1);
}

/**
 * The newsletter sender. Any instance's sender claims due pending deliveries in batches (`FOR UPDATE SKIP
 * LOCKED`, so two never take the same row), skips subscribers who unsubscribed since the issue was frozen,
 * sends each message with its own unsubscribe link and RFC 8058 headers through the mailer (as many at
 * once as the mailer has connections), and records each outcome the moment it is known: sent, retried
 * later (a 4xx reply or a lost connection, with backoff, up to 3 attempts) or failed. A claim is refreshed
 * while it is worked on; claims left by a sender that stopped go back to pending, so nobody is lost. The
 * only duplicate possible is a message the SMTP server accepted in the instant before a crash.
 */
export function createNewsletterSender({
  db,
  clock,
  logger,
  mailer,
  links,
  issues,
  siteUrl,
  concurrency,
  timings = {},
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  links: UnsubscribeLinks;
  issues: NewsletterIssues;
  siteUrl: string;
  /** Messages in flight at once. */
  concurrency: number;
  timings?: SenderTimings;
}) {
  const batchSize = timings.batchSize ?? 50;
  const pollMs = timings.pollMs ?? 2_000;
  const retryDelayMs = timings.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const staleAfterMs = timings.staleAfterMs ?? DEFAULT_STALE_CLAIM_MS;
  const heartbeatMs = timings.heartbeatMs ?? 15_000;
  const mailDomain = new URL(siteUrl).hostname;
  const contentCache = new Map<number, { subject: string; html: string; text: string } | null>();
  const placeholderUrl = `${siteUrl}/unsubscribe/${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`;

  let controller = new AbortController();
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  /** Claims up to `batchSize` due pending deliveries, marking them with this claim's token. */
  async function claimBatch(token: string): Promise<ClaimedDelivery[]> {
    const now = clock.now().toISOString();
    const result = await db.execute<ClaimedDelivery>(sql`
      update ${newsletterDeliveries} as d
      set status = 'sending', claimed_at = ${now}::timestamptz, claim_token = ${token}, attempts = d.attempts + 1
      from ${newsletterSubscribers} as s
      where s.id = d.subscriber_id and d.id in (
        select id from ${newsletterDeliveries}
        where status = 'pending' and next_attempt_at <= ${now}::timestamptz
        order by next_attempt_at, id
        limit ${batchSize}
        for update skip locked)
      returning d.id, d.issue_id, d.subscriber_id, d.email, d.attempts, s.status = 'active' as subscriber_active`);
    return result.rows;
  }

  /**
   * Changes claimed rows only while they still carry this claim: a sender that fell behind (its claim went
   * stale and another sender took the rows over) changes nothing. Every change ends the claim.
   */
  async function underClaim(token: string, ids: number[], changes: SQL): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`
      update ${newsletterDeliveries} set ${changes}, claimed_at = null, claim_token = null
      where status = 'sending' and claim_token = ${token} and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  }

  async function contentOf(issueId: number) {
    if (!contentCache.has(issueId)) {
      const frozen = await issues.frozenContent(issueId);
      contentCache.set(
        issueId,
        frozen && {
          subject: frozen.subject,
          html: withNewsletterRef(frozen.html, siteUrl, issueId),
          text: withNewsletterRef(frozen.text, siteUrl, issueId),
        },
      );
    }
    return contentCache.get(issueId) ?? null;
  }

  async function deliver(delivery: ClaimedDelivery, token: string, linkFor: (subscriberId: number) => string): Promise<void> {
    const settle = (changes: SQL) => underClaim(token, [delivery.id], changes);
    const content = await contentOf(delivery.issue_id);
    if (!content) {
      await settle(sql`status = 'failed', last_error = 'The issue is no longer available.'`);
      return;
    }
    const unsubscribeUrl = linkFor(delivery.subscriber_id);
    try {
      await mailer.send({
        to: delivery.email,
        subject: content.subject,
        html: content.html.replaceAll(placeholderUrl, unsubscribeUrl),
        text: content.text.replaceAll(placeholderUrl, unsubscribeUrl),
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        messageId: `<newsletter-${delivery.issue_id}-${delivery.subscriber_id}@${mailDomain}>`,
      });
    } catch (error) {
      const reason = describeMailError(error);
      const again = isTransientMailError(error) && delivery.attempts < MAX_DELIVERY_ATTEMPTS;
      logger.warn(
        { issueId: delivery.issue_id, deliveryId: delivery.id, attempt: delivery.attempts, retry: again, reason },
        "a newsletter message was not accepted",
      );
      if (again) {
        const retryAt = new Date(clock.now().getTime() + retryDelay(delivery.attempts, retryDelayMs)).toISOString();
        await settle(sql`status = 'pending', last_error = ${reason}, next_attempt_at = ${retryAt}::timestamptz`);
      } else {
        await settle(sql`status = 'failed', last_error = ${reason}`);
      }
      return;
    }
    await settle(sql`status = 'sent', sent_at = ${clock.now().toISOString()}::timestamptz, last_error = null`);
  }

  /** Works through one claimed batch; the number of deliveries claimed. */
  async function sendBatch(signal: AbortSignal = new AbortController().signal): Promise<number> {
    const token = randomUUID();
    const claimed = await claimBatch(token);
    if (claimed.length === 0) return 0;
    const skipped = claimed.filter((delivery) => !delivery.subscriber_active).map((delivery) => delivery.id);
    await underClaim(token, skipped, sql`status = 'skipped'`);
    const queue = claimed.filter((delivery) => delivery.subscriber_active);
    const waiting = new Set(queue.map((delivery) => delivery.id));
    const heartbeat = setInterval(() => {
      if (waiting.size === 0) return;
      db.execute(
        sql`
        update ${newsletterDeliveries} set claimed_at = ${clock.now().toISOString()}::timestamptz
        where status = 'sending' and claim_token = ${token} and id in (${sql.join(
          [...waiting].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ).catch((error: unknown) => logger.warn({ err: error }, "could not refresh newsletter delivery claims"));
    }, heartbeatMs);
    heartbeat.unref();
    try {
      const linkFor = await links.linkMaker();
      const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          if (signal.aborted) {
            queue.unshift(next);
            return;
          }
          await deliver(next, token, linkFor);
          waiting.delete(next.id);
        }
      });
      await Promise.all(workers);
      // Stopping: the rest of the batch goes back to pending, the attempt not counted.
      const unsent = queue.map((delivery) => delivery.id);
      await underClaim(token, unsent, sql`status = 'pending', attempts = greatest(attempts - 1, 0)`);
    } finally {
      clearInterval(heartbeat);
    }
    const finished = await issues.finishSettledIssues();
    for (const issueId of finished) {
      contentCache.delete(issueId);
      logger.info({ issueId }, "newsletter issue sent");
    }
    return claimed.length;
  }

  /** Claims whose sender stopped go back to pending (all of them when `everyClaim`: no other sender can exist). */
  async function recoverStaleClaims({ everyClaim = false } = {}): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - staleAfterMs).toISOString();
    const result = await db.execute<{ id: number }>(sql`
      update ${newsletterDeliveries}
      set status = 'pending', attempts = greatest(attempts - 1, 0), claimed_at = null, claim_token = null,
          last_error = 'The sending process stopped before this message was confirmed.'
      where status = 'sending' and (${everyClaim} or claimed_at < ${cutoff}::timestamptz)
      returning id`);
    if (result.rows.length > 0)
      logger.warn({ count: result.rows.length, everyClaim }, "newsletter deliveries of a stopped sender will be sent again");
    return result.rows.length;
  }

  async function run(signal: AbortSignal): Promise<void> {
    let lastRecovery = 0;
    while (!signal.aborted) {
      try {
        if (Date.now() - lastRecovery > staleAfterMs / 4) {
          lastRecovery = Date.now();
          await recoverStaleClaims();
          await issues.finishSettledIssues();
        }
        const claimed = await sendBatch(signal);
        // Each look ends with this line (at debug level), sent or idle: whoever watches the logs knows the sender
        // is alive, and that anything due when the look began has been claimed by now.
        logger.debug({ claimed }, "the newsletter sender looked for due deliveries");
        if (claimed > 0) continue;
      } catch (error) {
        if (signal.aborted) return;
        logger.error({ err: error }, "the newsletter sender failed; trying again shortly");
      }
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        void sleep(pollMs, signal).then(resolve);
      });
      wakeUp = undefined;
    }
  }

  return {
    sendBatch,
    recoverStaleClaims,

    /** Starts sending in the background. `exclusive`: this process is the only one on the database (embedded). */
    start({ exclusive }: { exclusive: boolean }): void {
      if (loop) return;
      controller = new AbortController();
      const signal = controller.signal;
      loop = (async () => {
        if (exclusive)
          await recoverStaleClaims({ everyClaim: true }).catch((error: unknown) =>
            logger.error({ err: error }, "could not recover newsletter deliveries"),
          );
        await run(signal);
      })();
    },

    /** Looks for work now, such as right after an issue was frozen. */
    wake(): void {
      wakeUp?.();
    },

    /** Finishes the messages in flight, gives back the rest of the batch, and closes the mail connections. */
    async stop(): Promise<void> {
      controller.abort();
      wakeUp?.();
      await loop;
      loop = undefined;
      mailer.close();
    },
  };
}

export type NewsletterSender = ReturnType<typeof createNewsletterSender>;
