import type { DatabaseHandle } from "../db/client.server";
import type { Clock } from "./clock.server";
import { createArticleService } from "./articles/articles.server";
import { createCorrectionService } from "./articles/corrections.server";
import { createEditorialService } from "./articles/editorial.server";
import { createScheduler } from "./articles/scheduler.server";
import { createRevisionService } from "./articles/revisions.server";
import { createStoryJudge } from "./articles/story-judge.server";
import { createAdminService } from "./auth/admins.server";
import { createInvitationService } from "./auth/invitations.server";
import { createPasswordResetService } from "./auth/password-resets.server";
import { createPasskeySignIn } from "./auth/passkey-sign-in.server";
import { createPasskeyService } from "./auth/passkeys.server";
import { createChallengeStore } from "./auth/webauthn-challenges.server";
import { createSessionService } from "./auth/sessions.server";
import { createStaffSignIn } from "./auth/staff-sign-in.server";
import { createSignInAlerts } from "./auth/sign-in-alerts.server";
import { createEmailChangeService } from "./auth/email-changes.server";
import { createSecurityLog } from "./security/security-log.server";
import { createSecurityNotices } from "./security/security-notices.server";
import { createOldAddressService } from "./old-addresses/old-addresses.server";
import { createSubscriberService } from "./newsletter/subscribers.server";
import { createNewsroomExportService } from "./newsroom-transfer/newsroom-export.server";
import { createNewsletterService, SEND_CONCURRENCY } from "./newsletter/newsletter.server";
import type { SenderTimings } from "./newsletter/newsletter-sender.server";
import { createMailer } from "./mail/mailer.server";
import { createContentChanges } from "./content-changes.server";
import { createDatabaseUpkeep } from "./database-upkeep.server";
import { createReaderMemo, noReaderMemo, type ReaderMemo } from "./reader-memo.server";
import { createRateLimiter } from "./rate-limits/rate-limiter.server";
import { createSearchService } from "./search/search.server";
import { createSyndicationService } from "./syndication/syndication.server";
import { createTagPages } from "./tags/tag-pages.server";
import { createTagService } from "./tags/tags.server";
import { createWebSub } from "./syndication/websub.server";
import { createViewCounter } from "./analytics/view-counter.server";
import { createInsights } from "./analytics/insights.server";
import { createUploadService } from "./uploads/uploads.server";
import { createImageService } from "./images/images.server";
import path from "node:path";
import type { Config } from "./env.server";
import { createAiProviders } from "./generation/ai-provider.server";
import { createArticleGenerator } from "./generation/article-generator.server";
import { createGenerationJobService } from "./generation/generation-jobs.server";
import { createNewsFeedReader } from "./generation/news-feeds/feed-reader.server";
import type { NewsOutlet } from "./generation/news-feeds/outlets.server";
import type { Logger } from "./logger.server";
import { createPageService } from "./pages/pages.server";
import { createSiteSettings, liveSite, newsletterSender } from "./settings/site-settings.server";
import { createSections } from "./sections/sections.server";
import { createSiteMenus } from "./menus/site-menus.server";
import { digestCron, twoStepRolesOf } from "../validation/site-settings";

/** Rate-limit windows are at most this long, so older rows can be forgotten. */
const LONGEST_RATE_LIMIT_WINDOW_MS = 60 * 60_000;

export { systemClock, type Clock } from "./clock.server";

export interface ServiceDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
  /** The trusted outlets of NEWS_FEEDS_FILE, read at start-up. */
  newsOutlets?: NewsOutlet[];
  /** Tests make the newsletter sender's waits short. */
  senderTimings?: SenderTimings;
  /** The stock SVG covers (build/client/images/stock in production); public/images/stock by default. */
  stockDirectory?: string;
}

/** Builds every service once, at start-up; loaders receive them through the router context. */
export function createServices({
  config,
  database,
  logger,
  clock,
  newsOutlets = [],
  senderTimings,
  stockDirectory = path.resolve("public/images/stock"),
}: ServiceDependencies) {
  const { db } = database;
  const contentChanges = createContentChanges({ database, logger });
  // The append-only security log (issue 50): every sign-in, second step, session, role and settings event.
  const securityLog = createSecurityLog({ db, clock });
  // The settings in force, read again on every instance whenever content changes anywhere (decision 038).
  const settings = createSiteSettings({
    db,
    clock,
    logger,
    environment: config.settings,
    onPublicChange: contentChanges.announce,
    securityLog,
  });
  contentChanges.refreshFirst(settings.refresh);
  const oldAddresses = createOldAddressService({ db, clock });
  // The header and footer menus, read again the same way; their site paths follow moved addresses (decision 040).
  const menus = createSiteMenus({
    db,
    clock,
    logger,
    movedTo: oldAddresses.movedTo,
    onPublicChange: contentChanges.announce,
  });
  contentChanges.refreshFirst(menus.refresh);
  /** What pages, feeds and mails may know about the site, always as the settings are now; never a secret. */
  const { site, snapshot: siteSnapshot } = liveSite(settings, { url: config.siteUrl, analytics: config.analytics });
  const uploads = createUploadService({ dataDir: config.dataDir });
  const providers = createAiProviders(config);

  // Only where a provider is configured on the server; null otherwise, and the duplicate check decides alone.
  const storyJudge = createStoryJudge({ providers, logger });
  const rateLimiter = createRateLimiter({ db, clock });
  // Reader reads kept until content changes here or on another instance (decision 028).
  const readerMemo = createReaderMemo({ clock });
  contentChanges.onChange(readerMemo.clear);
  const admins = createAdminService({ db, clock, onPublicChange: contentChanges.announce, securityLog });
  // A sign-in from a browser new to an account mails its owner (signInAlerts, made once the mailer is).
  const sessions = createSessionService({ db, clock, securityLog, onNewBrowser: (signIn) => signInAlerts.newBrowser(signIn) });
  // Password, then the second step (an app, recovery codes, passkeys), required per role by the settings (issue 50).
  const { login, secondStep } = createStaffSignIn({
    db,
    clock,
    admins,
    sessions,
    rateLimiter,
    securityLog,
    requiredRoles: () => twoStepRolesOf(settings.current()),
  });
  // Passkeys (WebAuthn): added in Profile, used to sign in alone or as a second step; single-use bound challenges.
  const webauthnChallenges = createChallengeStore({ db, clock });
  const passkeys = createPasskeyService({ db, clock, site, challenges: webauthnChallenges, sessions, securityLog });
  const passkeySignIn = createPasskeySignIn({
    db,
    clock,
    site,
    challenges: webauthnChallenges,
    sessions,
    admins,
    securityLog,
    rateLimiter,
  });
  /** What the feeds and sitemaps say: the site, its language and the WebSub hubs they advertise. */
  const feedSite = Object.create(site, { hubs: { value: config.websubHubs, enumerable: true } }) as typeof site & {
    hubs: readonly string[];
  };
  const websub = createWebSub({ db, clock, logger, site, hubs: config.websubHubs });
  // The newsroom's sections, read again on every instance whenever content changes anywhere (decision 042).
  const sections = createSections({
    db,
    clock,
    logger,
    onPublicChange: contentChanges.announce,
    onFeedsMoved: websub.feedsMoved,
  });
  contentChanges.refreshFirst(sections.refresh);
  const news = createNewsFeedReader({ outlets: newsOutlets, clock, logger, sections });
  const generator = createArticleGenerator({ db, clock, logger, providers, news, site, storyJudge });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: () => newsletterSender(settings.current(), config),
    replyTo: () => settings.current().replyTo || undefined,
    dataDir: config.dataDir,
    connections: SEND_CONCURRENCY,
  });
  // Changes to how someone signs in, mailed to them from the security log (OWASP ASVS 2.2.3, 2.5.5).
  const securityNotices = createSecurityNotices({ db, clock, logger, mailer, site });
  const passwordResets = createPasswordResetService({
    db,
    clock,
    logger,
    mailer,
    rateLimiter,
    sessions,
    site,
    securityLog,
    secondStep,
  });
  /** "New sign-in to {publication}" and the link in it that ends that session. */
  const signInAlerts = createSignInAlerts({ db, clock, logger, mailer, site, securityLog });
  /** A person's own e-mail address, confirmed by a link mailed to it. */
  const emailChanges = createEmailChangeService({ db, clock, logger, mailer, site, securityLog });
  const subscribers = createSubscriberService({
    db,
    clock,
    timeZone: () => site.timeZone,
    rateLimiter,
    signUp: { doubleOptIn: config.newsletterDoubleOptIn, mailer, logger, site },
  });
  const newsletter = createNewsletterService({
    db,
    clock,
    logger,
    providers,
    subscribers,
    mailer,
    site,
    weekly: {
      autoSend: config.newsletter.autoSend,
      schedule: () => config.settings.schedule ?? digestCron(settings.current()),
      stories: () => settings.current().digestStories,
      footer: () => ({ text: settings.current().newsletterFooter, postalAddress: settings.current().postalAddress }),
    },
    senderTimings,
  });
  /**
   * The services behind reader pages, reading through `memo`: the server's memo for readers, none for staff. An
   * editor's change reaches another instance a few milliseconds later, by NOTIFY; the editor's own next request
   * there must show it already (reads your writes), so staff read the database every time.
   */
  const readerReads = (memo: Pick<ReaderMemo, "read">) => ({
    articles: createArticleService({
      db,
      logger,
      clock,
      memo,
      popularFromReads: config.analytics ? site : undefined,
    }),
    search: createSearchService({ db, rateLimiter, clock, memo }),
    /** Tag pages and an article's tags. */
    tagPages: createTagPages({ db, clock, memo }),
    corrections: createCorrectionService({
      db,
      clock,
      logger,
      site: feedSite,
      notices: newsletter.correctionNotices,
      onPublicChange: contentChanges.announce,
      memo,
    }),
  });
  // The digest's day, time or the newsroom's time zone may change with a save, here or on another instance.
  settings.onChange(() => newsletter.reschedule());
  const forReaders = readerReads(readerMemo);
  const { search } = forReaders;
  return {
    /** What pages may show about the site, as the settings are now; never the secrets in the configuration. */
    site,
    /** The same as one object, the same until the settings change: what the root loader hands every page. */
    siteSnapshot,
    /** The newsroom's settings (decision 038): the Settings tab reads and saves them. */
    settings,
    /** The newsroom's sections (decision 042), in force on this instance. */
    sections,
    /** The header and footer menus (decision 040): the Navigation tab reads and saves them, every page shows them. */
    menus,
    logger,
    clock,
    ...forReaders,
    /** The same reads without the memo, for pages made for signed-in staff (server/app.ts). */
    afresh: readerReads(noReaderMemo),
    editorial: createEditorialService({
      db,
      clock,
      logger,
      onPublicChange: contentChanges.announce,
      onPublished: websub.articlesPublished,
      storyJudge,
    }),
    revisions: createRevisionService({ db, clock, onPublicChange: contentChanges.announce }),
    /** The editor's tag suggestions and the Tags tab: rename, merge, delete (decision 041). */
    tags: createTagService({ db, clock, onPublicChange: contentChanges.announce, onFeedsMoved: websub.feedsMoved }),
    /** The site's pages (decision 039): About, the policies and what editors add; a change drops every instance's pages. */
    pages: createPageService({ db, clock, onPublicChange: contentChanges.announce }),
    contentChanges,
    /** Publishes scheduled articles when their time comes; started by the server, on every instance. */
    scheduler: createScheduler({
      db,
      clock,
      logger,
      onPublished: async (published) => {
        await contentChanges.announce();
        await websub.articlesPublished(published.map((article) => article.id));
      },
    }),
    /** WebSub pings after publishing (WEBSUB_HUB); started by the server, on every instance. */
    websub,
    /** Empties the search indexes' pending lists, and vacuums and analyses the embedded database (decision 035). */
    upkeep: createDatabaseUpkeep({ database, logger }),
    uploads,
    /**
     * Article views, reads from newsletters and searches that found nothing, counted without cookies and written in
     * batches (decisions 032, 033); started by the server.
     */
    views: createViewCounter({
      db,
      clock,
      logger,
      timeZone: () => site.timeZone,
      enabled: config.analytics,
      searchFindsNothing: async (query) => (await search.search(query)).total === 0,
    }),
    /** The Insights tab's figures (decision 033). */
    insights: createInsights({ db, clock, timeZone: () => site.timeZone }),
    /** Covers in several widths and formats, social cards and structured-data crops (decision 025). */
    images: createImageService({
      dataDir: config.dataDir,
      uploadsDirectory: uploads.directory,
      stockDirectory,
      siteOrigin: new URL(config.siteUrl).origin,
      logger,
    }),
    /** Old Ghost and WordPress addresses of imported articles. */
    oldAddresses,
    /** The newsroom's export, as `npm run export` writes it (decision 027). */
    newsroomExport: createNewsroomExportService({ db, clock }),
    syndication: createSyndicationService({ db, site: feedSite, sections, clock }),
    subscribers,
    newsletter,
    admins,
    invitations: createInvitationService({ db, clock, logger, mailer, admins, site, securityLog }),
    passwordResets,
    sessions,
    signInAlerts,
    emailChanges,
    securityLog,
    securityNotices,
    /** The second step of staff sign-in: set-up, the second screen, the per-role requirement, an administrator's reset. */
    secondStep,
    login,
    /** Profile's passkeys: list, add, remove. */
    passkeys,
    /** Signing in with a passkey, alone or as the second step. */
    passkeySignIn,
    generation: {
      providers,
      outlets: newsOutlets,
      jobs: createGenerationJobService({
        db,
        clock,
        logger,
        providers,
        generator,
        timings: { spacingMs: config.generationSpacingMs },
      }),
    },
    /**
     * Forgets what has expired: sessions, reset links, old sign-in counters, rate-limit windows and security events
     * older than a year. Safe to run on every instance.
     */
    async pruneExpired() {
      const now = clock.now().getTime();
      return {
        sessions: await sessions.pruneExpired(),
        passwordResets: await passwordResets.pruneExpired(),
        emailChanges: await emailChanges.pruneExpired(),
        loginAttempts: await login.pruneAttempts(),
        pendingSignIns: await secondStep.pruneExpired(),
        rateLimits: await rateLimiter.prune(new Date(now - LONGEST_RATE_LIMIT_WINDOW_MS)),
        securityEvents: await securityLog.pruneOld(),
        webauthnChallenges: await webauthnChallenges.pruneExpired(),
        securityNotices: await securityNotices.pruneOld(),
      };
    },
    health: {
      /** Throws when the database does not answer. */
      check: () => database.ping(),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
