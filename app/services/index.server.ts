import type { DatabaseHandle } from "../db/client.server";
import { createArticleService } from "./articles/articles.server";
import { createAdminService } from "./auth/admins.server";
import { createSubscriberService } from "./newsletter/subscribers.server";
import { createSearchService } from "./search/search.server";
import { createSyndicationService } from "./syndication/syndication.server";
import type { Config } from "./env.server";
import type { Logger } from "./logger.server";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ServiceDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  clock: Clock;
}

/** Builds every service once, at start-up; loaders receive them through the router context. */
export function createServices({ config, database, logger, clock }: ServiceDependencies) {
  const { db } = database;
  return {
    /** What pages may show about the site; never the secrets in the configuration. */
    site: { name: config.siteName, url: config.siteUrl, adsenseClient: config.adsenseClient },
    logger,
    clock,
    articles: createArticleService({ db, logger }),
    syndication: createSyndicationService({ db, site: { name: config.siteName, url: config.siteUrl } }),
    search: createSearchService({ db }),
    subscribers: createSubscriberService({ db, clock }),
    admins: createAdminService({ db }),
    health: {
      /** Throws when the database does not answer. */
      check: () => database.ping(),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
