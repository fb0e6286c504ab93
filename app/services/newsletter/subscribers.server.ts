import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import type { SubscriberListing, SubscriberStats, SubscriberStatus } from "../../domain/newsletter";
import { normalizedEmail } from "../../validation/email";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";
import { CONFIRMATION_LINK_LIFETIME_MS, createConfirmationLinks } from "./confirmation-links.server";
import { renderConfirmationEmail } from "./confirmation-render.server";
import { recordSubscriberEvent, type SubscriberEvent } from "../analytics/subscriber-counts.server";
import { newsroomDay, zoneNow, type ZoneSource } from "../../utils/dates";
import { escapeRegExp } from "../../utils/regexp";
import { messageSite, type MailSite } from "../mail/render-email.server";

/** Sign-ups from one client address: ten per quarter hour is plenty for people and little for a script. */
export const NEWSLETTER_SIGNUP_LIMIT: RateLimitPolicy = { bucket: "newsletter-signup", limit: 10, windowMs: 15 * 60_000 };

/**
 * Confirmation messages per address, so the public form cannot be used to flood someone's inbox: at most one
 * every 10 minutes, and at most 3 in a day-long window. Sign-ups beyond that get the same answer and no mail.
 */
export const CONFIRMATION_THROTTLE = { intervalMs: 10 * 60_000, perWindow: 3, windowMs: 24 * 60 * 60_000 } as const;

/** The public sign-up's answer: the same for a new, pending, unsubscribed or active address. */
export type SignUpResult =
  /** NEWSLETTER_DOUBLE_OPT_IN=false: active at once, as the spec did. */
  | { outcome: "subscribed" }
  /** Double opt-in: a confirmation message is on its way, unless the address is active already or throttled. */
  | { outcome: "checkInbox" }
  /** Double opt-in, and the address's last link is still waiting to be used: sent within 10 minutes, or the day's third. */
  | { outcome: "linkStillValid" | "linksToday" }
  | { outcome: "limited"; retryAfterMs: number };

/** Where a confirmation link leads. */
export type ConfirmationState =
  /** The link is good: following it (the page's button) makes the address active. `active`: it already is. */
  | { outcome: "valid"; email: string; active: boolean }
  /** Older than its lifetime, or older than the address's unsubscription: sign up again. */
  | { outcome: "expired" }
  /** Malformed, altered, or for no subscriber. */
  | { outcome: "invalid" };

export interface SignUpOptions {
  /** NEWSLETTER_DOUBLE_OPT_IN: sign-ups from the form wait for the confirmation link. */
  doubleOptIn: boolean;
  mailer: Mailer;
  logger: Logger;
  site: MailSite;
}

const listingColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  createdAt: newsletterSubscribers.createdAt,
};

/**
 * Newsletter subscribers: the public sign-up with its double opt-in, the confirmation links, and the counts and
 * lists of the Newsletter Management tab. The transitions, each one conditional UPDATE:
 * - sign-up (double opt-in): a new address is `pending`; a pending or unsubscribed one keeps its status and is
 *   sent a confirmation (throttled); an active one is left alone and sent nothing.
 * - sign-up (NEWSLETTER_DOUBLE_OPT_IN=false): upsert to `active`, the spec's behaviour.
 * - confirmation link: `pending` to `active`; `unsubscribed` to `active` only for a link issued after the
 *   unsubscription (an older link is void).
 * - unsubscribe link and Resubscribe button (setStatus): the signed token proves the mailbox.
 */
export function createSubscriberService({
  db,
  clock,
  rateLimiter,
  timeZone = "UTC",
  signUp: options,
}: {
  db: Database;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** The newsroom's calendar, for the sign-ups, confirmations and unsubscribes counted per day. */
  timeZone?: ZoneSource;
  signUp: SignUpOptions;
}) {
  const { mailer, logger, site } = options;

  /** Counts a change for the Insights tab; a failure there is logged and never fails the reader's request. */
  async function countChange(event: SubscriberEvent): Promise<void> {
    try {
      await recordSubscriberEvent(db, newsroomDay(clock.now(), zoneNow(timeZone)), event);
    } catch (error) {
      logger.warn({ err: error, event }, "could not count a subscriber change");
    }
  }
  const links = createConfirmationLinks({ db, clock, siteUrl: site.url });
  const mailDomain = new URL(site.url).hostname;
  /** Confirmation messages being rendered and sent after the sign-up was answered. */
  const inFlight = new Set<Promise<void>>();

  async function subscribe(email: string): Promise<void> {
    const now = clock.now().toISOString();
    const address = normalizedEmail(email);
    // Drizzle's conflict target takes columns only; the unique index is on lower(email). The CTE sees the row as it
    // was before the statement: a sign-up is counted when the address was new or not active.
    const result = await db.execute<{ previous: SubscriberStatus | null }>(sql`
      with previous as (select status from ${newsletterSubscribers} where lower(email) = ${address}),
      upsert as (
        insert into ${newsletterSubscribers} (email, status, created_at, updated_at)
        values (${address}, 'active', ${now}::timestamptz, ${now}::timestamptz)
        on conflict (lower(email)) do update set status = 'active', updated_at = excluded.updated_at
        returning id)
      select (select status from previous) as previous from upsert`);
    if (result.rows[0]?.previous !== "active") await countChange("signUp");
  }

  /** A new address becomes pending; an existing one keeps its status. Its id and status. */
  async function recordSignUp(address: string, now: Date): Promise<{ id: number; status: SubscriberStatus }> {
    const at = now.toISOString();
    const result = await db.execute<{ id: number; status: SubscriberStatus; inserted: boolean }>(sql`
      insert into ${newsletterSubscribers} (email, status, created_at, updated_at)
      values (${address}, 'pending', ${at}::timestamptz, ${at}::timestamptz)
      on conflict (lower(email)) do update set email = ${newsletterSubscribers.email}
      returning id, status, (xmax = 0) as inserted`);
    const row = result.rows[0];
    if (!row) throw new Error("The sign-up was not stored.");
    // A new address, or one that left and asks to come back, is a sign-up; asking again while pending is not.
    if (row.inserted || row.status === "unsubscribed") await countChange("signUp");
    return { id: Number(row.id), status: row.status };
  }

  /**
   * Takes a confirmation slot for a subscriber who is not active, within the throttle: "claimed" when a message
   * may be sent now, else why not. One UPDATE, so two sign-ups at once (on any instances) take one slot between them.
   * The throttle counts only links still waiting to be used: confirming or unsubscribing clears it (clearThrottle).
   */
  async function claimConfirmationSlot(subscriberId: number, now: Date): Promise<"claimed" | "active" | "recent" | "daily"> {
    const at = now.toISOString();
    const intervalAgo = new Date(now.getTime() - CONFIRMATION_THROTTLE.intervalMs).toISOString();
    const windowAgo = new Date(now.getTime() - CONFIRMATION_THROTTLE.windowMs).toISOString();
    const windowOver = sql`(confirmation_window_started_at is null or confirmation_window_started_at <= ${windowAgo}::timestamptz)`;
    const result = await db.execute<{ id: number }>(sql`
      update ${newsletterSubscribers} set
        confirmation_sent_at = ${at}::timestamptz,
        confirmation_window_started_at = case when ${windowOver} then ${at}::timestamptz else confirmation_window_started_at end,
        confirmations_in_window = case when ${windowOver} then 1 else confirmations_in_window + 1 end
      where id = ${subscriberId} and status <> 'active'
        and (confirmation_sent_at is null or confirmation_sent_at <= ${intervalAgo}::timestamptz)
        and (${windowOver} or confirmations_in_window < ${CONFIRMATION_THROTTLE.perWindow})
      returning id`);
    if (result.rows.length > 0) return "claimed";
    const [row] = await db
      .select({ status: newsletterSubscribers.status, sentAt: newsletterSubscribers.confirmationSentAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId));
    if (!row || row.status === "active") return "active";
    return row.sentAt && row.sentAt.getTime() > now.getTime() - CONFIRMATION_THROTTLE.intervalMs ? "recent" : "daily";
  }

  /** Links sent before this moment are used or void: the throttle no longer holds a new one back for them. */
  const clearThrottle = {
    confirmationSentAt: null,
    confirmationWindowStartedAt: null,
    confirmationsInWindow: 0,
  } as const;

  /** Gives back a slot whose message was not sent, so the next sign-up sends it. */
  async function releaseConfirmationSlot(subscriberId: number, claimedAt: Date): Promise<void> {
    await db.execute(sql`
      update ${newsletterSubscribers}
      set confirmation_sent_at = null, confirmations_in_window = greatest(confirmations_in_window - 1, 0)
      where id = ${subscriberId} and confirmation_sent_at = ${claimedAt.toISOString()}::timestamptz`);
  }

  async function sendConfirmation(subscriberId: number, address: string, issuedAt: Date): Promise<void> {
    try {
      const confirmUrl = await links.linkFor(subscriberId, issuedAt);
      const content = await renderConfirmationEmail({
        ...messageSite(site),
        confirmUrl,
        validDays: Math.round(CONFIRMATION_LINK_LIFETIME_MS / (24 * 60 * 60_000)),
      });
      await mailer.send({
        to: address,
        ...content,
        headers: {},
        messageId: `<confirm-${subscriberId}-${issuedAt.getTime().toString(36)}@${mailDomain}>`,
      });
      logger.info({ subscriberId }, "sign-up confirmation sent");
    } catch (error) {
      // The server's reply may quote the address; the log keeps neither it nor the link.
      const quoted = new RegExp(escapeRegExp(address), "gi");
      const reason = describeMailError(error).replace(quoted, "[address]");
      logger.warn({ subscriberId, reason }, "a sign-up confirmation was not sent; the next sign-up sends it again");
      await releaseConfirmationSlot(subscriberId, issuedAt).catch((releaseError: unknown) =>
        logger.warn({ err: releaseError, subscriberId }, "could not release a confirmation slot"),
      );
    }
  }

  /** Renders and sends in the background, so the answer takes as long whether or not a message goes out. */
  function sendInBackground(subscriberId: number, address: string, issuedAt: Date): void {
    const sending = sendConfirmation(subscriberId, address, issuedAt).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }

  /** Records the sign-up and sends a link when the throttle allows; the reader is told when it held one back. */
  async function requestConfirmation(email: string): Promise<SignUpResult> {
    const now = clock.now();
    const address = normalizedEmail(email);
    const subscriber = await recordSignUp(address, now);
    // The same statements whatever the status: the claim itself leaves an active address alone.
    const claim = await claimConfirmationSlot(subscriber.id, now);
    if (claim === "claimed") sendInBackground(subscriber.id, address, now);
    if (claim === "recent") return { outcome: "linkStillValid" };
    if (claim === "daily") return { outcome: "linksToday" };
    return { outcome: "checkInbox" };
  }

  /** The link's subscriber and whether the link may (still) make it active. */
  async function inspect(
    token: string,
  ): Promise<
    | { outcome: "valid"; subscriberId: number; issuedAt: Date; email: string; status: SubscriberStatus }
    | { outcome: "expired" | "invalid" }
  > {
    const check = await links.verify(token);
    if (check.outcome === "invalid") return { outcome: "invalid" };
    const [row] = await db
      .select({
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
        updatedAt: newsletterSubscribers.updatedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, check.subscriberId));
    if (!row) return { outcome: "invalid" };
    if (check.outcome === "expired") return { outcome: "expired" };
    // A link issued before the address unsubscribed does not bring it back.
    if (row.status === "unsubscribed" && row.updatedAt.getTime() > check.issuedAt.getTime()) return { outcome: "expired" };
    return { outcome: "valid", subscriberId: check.subscriberId, issuedAt: check.issuedAt, email: row.email, status: row.status };
  }

  async function confirmation(token: string): Promise<ConfirmationState> {
    const state = await inspect(token);
    if (state.outcome !== "valid") return state;
    return { outcome: "valid", email: state.email, active: state.status === "active" };
  }

  return {
    /**
     * Upserts by email (stored lower-cased) with status active, so an address that had unsubscribed
     * becomes active again. Signing up twice is not an error. The spec's sign-up, used when
     * NEWSLETTER_DOUBLE_OPT_IN=false.
     */
    subscribe,

    /**
     * The public sign-up: counted against the client's budget first. With double opt-in the address is recorded
     * (pending when new) and sent a confirmation link unless it is active or throttled; the answer is the same
     * in every case, so the form tells nobody who subscribes.
     */
    async signUp(email: string, clientAddress: string): Promise<SignUpResult> {
      const { allowed, retryAfterMs } = await rateLimiter.hit(NEWSLETTER_SIGNUP_LIMIT, clientAddress);
      if (!allowed) return { outcome: "limited", retryAfterMs };
      if (!options.doubleOptIn) {
        await subscribe(email);
        return { outcome: "subscribed" };
      }
      return requestConfirmation(email);
    },

    /** Resolves when the confirmation messages started so far are sent or have failed (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** Where a confirmation link stands, without changing anything (the page a link opens). */
    confirmation,

    /** Follows a confirmation link: the address becomes active. Following it again changes nothing. */
    async confirm(token: string): Promise<ConfirmationState> {
      const state = await inspect(token);
      if (state.outcome !== "valid") return state;
      if (state.status === "active") return { outcome: "valid", email: state.email, active: true };
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ status: "active", updatedAt: clock.now(), ...clearThrottle })
        .where(
          sql`${newsletterSubscribers.id} = ${state.subscriberId} and (${newsletterSubscribers.status} = 'pending' or (${newsletterSubscribers.status} = 'unsubscribed' and ${newsletterSubscribers.updatedAt} <= ${state.issuedAt.toISOString()}::timestamptz))`,
        )
        .returning({ email: newsletterSubscribers.email });
      if (row) {
        logger.info({ subscriberId: state.subscriberId }, "newsletter subscription confirmed");
        await countChange("confirmation");
        return { outcome: "valid", email: row.email, active: true };
      }
      // Changed in between (confirmed by another click, or unsubscribed): read it again.
      return confirmation(token);
    },

    /** Total, active, pending and unsubscribed, counted in one pass. */
    async stats(): Promise<SubscriberStats> {
      const [row] = await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'active')`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'pending')`.mapWith(Number),
        })
        .from(newsletterSubscribers);
      const total = row?.total ?? 0;
      const active = row?.active ?? 0;
      const pending = row?.pending ?? 0;
      return { total, active, pending, unsubscribed: total - active - pending };
    },

    /** The newest subscribers first (the tab shows 10). */
    recent(limit: number): Promise<SubscriberListing[]> {
      return db
        .select(listingColumns)
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(limit);
    },

    /** Sets one subscriber's status (unsubscribe, resubscribe); their address and new status, or null when there is no such subscriber. */
    async setStatus(id: number, status: "active" | "unsubscribed"): Promise<{ email: string; status: SubscriberStatus } | null> {
      // The CTE reads the status before the change: only a real change is counted (unsubscribe, or a sign-up back).
      // Unsubscribing voids every link sent before it, so the throttle stops counting them.
      const voidLinks =
        status === "unsubscribed"
          ? sql`, confirmation_sent_at = null, confirmation_window_started_at = null, confirmations_in_window = 0`
          : sql``;
      const result = await db.execute<{ email: string; status: SubscriberStatus; previous: SubscriberStatus }>(sql`
        with previous as (select id, status from ${newsletterSubscribers} where id = ${id})
        update ${newsletterSubscribers} as s set status = ${status}, updated_at = ${clock.now().toISOString()}::timestamptz${voidLinks}
        from previous where s.id = previous.id
        returning s.email, s.status, previous.status as previous`);
      const row = result.rows[0];
      if (!row) return null;
      if (row.previous !== status) await countChange(status === "unsubscribed" ? "unsubscribe" : "signUp");
      return { email: row.email, status: row.status };
    },

    /** One subscriber's address and status, or null. */
    async find(id: number): Promise<{ email: string; status: SubscriberStatus } | null> {
      const [row] = await db
        .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id));
      return row ?? null;
    },

    /** Every subscriber, oldest first, for the CSV export. */
    all(): Promise<SubscriberListing[]> {
      return db
        .select(listingColumns)
        .from(newsletterSubscribers)
        .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
    },
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
