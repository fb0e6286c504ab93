import type { Database } from "../../db/client.server";
import { DEFAULT_MODEL_ID } from "../../utils/ai-models";
import type { NewsletterDraftView, NewsletterIssueView } from "../../domain/newsletter";
import type { AiProviders } from "../generation/ai-provider.server";
import { GenerationError } from "../generation/generation-errors.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { articlePath } from "../../utils/articles";
import { formatArticleDate } from "../../utils/dates";
import { absoluteUrl } from "../../utils/seo";
import { renderCorrectionNoticeEmail } from "./correction-notice-render.server";
import { createDigestWriter, type DigestWriting, type NewsletterSite } from "./digest.server";
import { NEWSLETTER_TEXTS, NewsletterError } from "./newsletter-errors.server";
import { createNewsletterIssues, type StoredDraft } from "./newsletter-issues.server";
import { createNewsletterSender, UNSUBSCRIBE_TOKEN_PLACEHOLDER, type SenderTimings } from "./newsletter-sender.server";
import type { SubscriberStatus } from "../../domain/newsletter";
import type { SubscriberService } from "./subscribers.server";
import { createUnsubscribeLinks } from "./unsubscribe-links.server";
import { isoWeekKey, startWeeklySchedule } from "./weekly-schedule.server";
import { messageSite } from "../mail/render-email.server";

/** Messages in flight at once, and SMTP connections kept open. */
export const SEND_CONCURRENCY = 5;
/** A weekly digest still `preparing` after this long lost its process. */
const PREPARATION_TIMEOUT_MS = 30 * 60_000;

export interface WeeklyOptions {
  /** NEWSLETTER_AUTO_SEND. */
  autoSend: boolean;
  /** A cron expression in the newsroom's time zone: NEWSLETTER_SCHEDULE, or the digest's day and time in force. */
  schedule: string | (() => string);
  /** Stories per issue, as the settings are now (the spec's 5 by default). */
  stories?: () => number;
  /** The footer text and postal address every issue carries, as the settings are now. */
  footer?: () => { text: string; postalAddress: string };
}

/** Where an unsubscribe link left its subscriber. */
export interface SubscriptionState {
  email: string;
  status: SubscriberStatus;
}

/**
 * The newsletter: generate the draft (the provider layer's model and key rules), send it (freeze, then the
 * sender delivers in the background), the weekly digest on its schedule, and the personal unsubscribe links.
 */
export function createNewsletterService({
  db,
  clock,
  logger,
  providers,
  subscribers,
  mailer,
  site,
  weekly,
  senderTimings,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: AiProviders;
  subscribers: SubscriberService;
  mailer: Mailer;
  site: NewsletterSite;
  weekly: WeeklyOptions;
  senderTimings?: SenderTimings;
}) {
  const issues = createNewsletterIssues({ db, clock });
  const links = createUnsubscribeLinks({ db, siteUrl: site.url });
  const digest = createDigestWriter({ db, providers, site, clock, logger, stories: weekly.stories, footer: weekly.footer });
  const weeklyPattern = () => (typeof weekly.schedule === "function" ? weekly.schedule() : weekly.schedule);
  const sender = createNewsletterSender({
    db,
    clock,
    logger,
    mailer,
    links,
    issues,
    siteUrl: site.url,
    concurrency: SEND_CONCURRENCY,
    timings: senderTimings,
  });
  let schedule: (ReturnType<typeof startWeeklySchedule> & { pattern: string; timeZone: string }) | undefined;

  function draftView(draft: StoredDraft): NewsletterDraftView {
    return {
      id: draft.id,
      subject: draft.subject,
      html: draft.html,
      text: draft.text,
      modelName: draft.model ? (providers.catalogue.find((model) => model.id === draft.model)?.name ?? draft.model) : null,
      articleIds: draft.articleIds,
      createdAt: draft.createdAt.toISOString(),
    };
  }

  /** The model the weekly digest uses: the default one when its key is on the server, else the first that is. */
  function weeklyModel() {
    const keyed = providers.catalogue.filter((model) => providers.hasServerKey(model.provider));
    return keyed.find((model) => model.id === DEFAULT_MODEL_ID) ?? keyed[0];
  }

  async function sendWeeklyDigest(firedAt: Date): Promise<{ issueId: number; recipients: number } | null> {
    await issues.failAbandonedPreparations(new Date(clock.now().getTime() - PREPARATION_TIMEOUT_MS));
    const weekKey = isoWeekKey(firedAt, site.timeZone);
    const issueId = await issues.claimWeek(weekKey);
    if (issueId === null) {
      logger.info({ weekKey }, "this week's digest was already made");
      return null;
    }
    try {
      const sources = await digest.latestArticles();
      const alreadySent = new Set(await issues.lastSentArticleIds());
      if (sources.every((source) => alreadySent.has(source.id))) {
        throw new NewsletterError("NOTHING_NEW", NEWSLETTER_TEXTS.nothingNew);
      }
      const model = weeklyModel();
      let writing: DigestWriting = digest.writeFromExcerpts(sources);
      if (model) {
        try {
          writing = await digest.writeWithModel(sources, model, providers.resolveKey(model, undefined));
        } catch (error) {
          logger.warn({ err: error, model: model.id }, "the weekly digest falls back to the articles' excerpts");
        }
      }
      const recipients = await issues.sendPrepared(issueId, await digest.render(sources, writing));
      sender.wake();
      logger.info({ weekKey, issueId, recipients }, "the weekly digest is being sent");
      return { issueId, recipients };
    } catch (error) {
      const reason = error instanceof NewsletterError ? error.message : NEWSLETTER_TEXTS.sendFailed;
      if (!(error instanceof NewsletterError)) logger.error({ err: error, weekKey }, "the weekly digest failed");
      else logger.warn({ weekKey, reason }, "the weekly digest was not sent");
      await issues.failPrepared(issueId, reason);
      return null;
    }
  }

  function startSchedule(): void {
    if (!weekly.autoSend || schedule) return;
    const pattern = weeklyPattern();
    const timeZone = site.timeZone;
    schedule = {
      pattern,
      timeZone,
      ...startWeeklySchedule({
        pattern,
        timeZone,
        task: async (firedAt) => void (await sendWeeklyDigest(firedAt)),
        onError: (error) => logger.error({ err: error }, "the weekly digest run failed"),
      }),
    };
    logger.info({ nextRun: schedule.nextRun()?.toISOString() }, "weekly digest scheduled");
  }

  async function statusByToken(token: string, status?: "active" | "unsubscribed"): Promise<SubscriptionState | null> {
    const subscriberId = await links.verify(token);
    if (subscriberId === null) return null;
    return status ? subscribers.setStatus(subscriberId, status) : subscribers.find(subscriberId);
  }

  return {
    links,
    sender,
    sendWeeklyDigest,

    /**
     * Correction notices: a short message to the people who received an issue containing a corrected
     * article, delivered by the same sender as every issue (once each, with the unsubscribe link and headers).
     */
    correctionNotices: {
      /** How many people received the article in an issue and are still subscribed. */
      countRecipients: (articleId: number) => issues.countArticleRecipients(articleId),
      /** The notice's subject and bodies, with the unsubscribe placeholder the sender fills per recipient. */
      render: ({
        kind,
        article,
        note,
        at,
      }: {
        kind: "correction" | "update";
        article: { id: number; title: string };
        note: string;
        at: Date;
      }) =>
        renderCorrectionNoticeEmail({
          ...messageSite(site),
          kind,
          articleTitle: article.title,
          articleUrl: absoluteUrl(site, articlePath(article.id)),
          note,
          date: formatArticleDate(at, site.timeZone),
          unsubscribeUrl: `${site.url}/unsubscribe/${UNSUBSCRIBE_TOKEN_PLACEHOLDER}`,
        }),
      /** Freezes the notice inside the caller's transaction; call `wake` once it has committed. */
      freeze: issues.freezeCorrectionNotice,
      /** Tells the sender there is work, after the notice's transaction committed. */
      wake: () => sender.wake(),
    },

    /**
     * Generates the draft from the 5 newest published articles with the chosen model. Spec texts: "Unknown
     * model: {id}", "{Provider} API key is required for model {id}", "Failed to initialize {provider}
     * client. …", "No articles available for newsletter", "Failed to generate newsletter".
     */
    async generate({
      modelId,
      formKey,
      adminId,
    }: {
      modelId: string;
      formKey?: string;
      adminId: number | null;
    }): Promise<NewsletterDraftView> {
      let model, apiKey;
      try {
        model = providers.resolveModel(modelId);
        apiKey = providers.resolveKey(model, formKey);
      } catch (error) {
        if (
          error instanceof GenerationError &&
          (error.code === "UNKNOWN_MODEL" || error.code === "MISSING_KEY" || error.code === "INVALID_KEY_FORMAT")
        ) {
          throw new NewsletterError(error.code, error.message);
        }
        throw error;
      }
      const sources = await digest.latestArticles();
      const writing = await digest.writeWithModel(sources, model, apiKey);
      const draft = await issues.saveDraft(await digest.render(sources, writing), adminId);
      logger.info({ issueId: draft.id, model: model.id, articles: sources.length }, "newsletter draft generated");
      return draftView(draft);
    },

    /** The draft waiting to be sent. */
    async currentDraft(): Promise<NewsletterDraftView | null> {
      const draft = await issues.currentDraft();
      return draft ? draftView(draft) : null;
    },

    /** Sends the draft to every active subscriber; the number of recipients. */
    async sendDraft(draftId: number): Promise<{ issueId: number; recipients: number }> {
      const sent = await issues.sendDraft(draftId);
      sender.wake();
      logger.info(sent, "newsletter issue frozen for sending");
      return sent;
    },

    /** Past and current issues with their delivery counts, newest first. */
    history(): Promise<NewsletterIssueView[]> {
      return issues.history();
    },

    /** The unsubscribe link: the subscriber becomes unsubscribed; null for an invalid link. */
    unsubscribe: (token: string) => statusByToken(token, "unsubscribed"),
    /** The confirmation page's button: active again. */
    resubscribe: (token: string) => statusByToken(token, "active"),
    /** Where a link's subscriber stands, without changing it. */
    subscription: (token: string) => statusByToken(token),

    /** Starts the sender and, with NEWSLETTER_AUTO_SEND, the weekly schedule. */
    start({ exclusive }: { exclusive: boolean }): void {
      sender.start({ exclusive });
      startSchedule();
    },

    /** Runs the weekly schedule again from the day, time and time zone in force, when they changed (settings). */
    reschedule(): void {
      if (!schedule || (schedule.pattern === weeklyPattern() && schedule.timeZone === site.timeZone)) return;
      schedule.stop();
      schedule = undefined;
      startSchedule();
    },

    async stop(): Promise<void> {
      schedule?.stop();
      schedule = undefined;
      await sender.stop();
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
