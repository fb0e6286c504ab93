import { desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import {
  articleDailyViews,
  articles,
  newsletterDailyReads,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  searchGapsDaily,
  subscriberDailyCounts,
} from "../../db/schema";
import { CATEGORIES } from "../../domain/sections";
import type { InsightsReport } from "../../utils/insights-tables";
import { addDaysToDay, daysBetween, mondayOf, newsroomDay, zoneNow, type ZoneSource } from "../../utils/dates";
import type { InsightsPeriod } from "../../domain/insights";
import type { Clock } from "../clock.server";
import { SEARCH_GAP_DAYS } from "./view-counter.server";

/** Articles in the top list of a period. */
export const TOP_ARTICLES_COUNT = 10;
/** Newsletter issues listed, newest first. */
export const NEWSLETTER_ISSUES_COUNT = 20;
/** Search gaps listed, most searched first. */
export const SEARCH_GAPS_COUNT = 50;

/**
 * The Insights tab's figures (decision 033), all read from daily aggregates and the newsroom's own tables:
 * nothing here knows a visitor. Days are the newsroom's (TIME_ZONE); a period ends today.
 */
export function createInsights({ db, clock, timeZone: zone }: { db: Database; clock: Clock; timeZone: ZoneSource }) {
  const toNumber = (value: unknown) => Number(value ?? 0);

  async function readsPerDay(firstDay: string, lastDay: string) {
    const rows = await db
      .select({ day: articleDailyViews.day, reads: sql<number>`sum(${articleDailyViews.views})` })
      .from(articleDailyViews)
      .where(sql`${articleDailyViews.day} between ${firstDay} and ${lastDay}`)
      .groupBy(articleDailyViews.day);
    const byDay = new Map(rows.map((row) => [row.day, toNumber(row.reads)]));
    return daysBetween(firstDay, lastDay).map((day) => ({ day, reads: byDay.get(day) ?? 0 }));
  }

  async function topArticles(firstDay: string, lastDay: string) {
    const reads = sql<number>`sum(${articleDailyViews.views})`;
    const rows = await db
      .select({ id: articles.id, title: articles.title, category: articles.category, reads })
      .from(articleDailyViews)
      .innerJoin(articles, eq(articles.id, articleDailyViews.articleId))
      .where(sql`${articleDailyViews.day} between ${firstDay} and ${lastDay}`)
      .groupBy(articles.id)
      .orderBy(desc(reads), desc(articles.id))
      .limit(TOP_ARTICLES_COUNT);
    return rows.map((row) => ({ ...row, reads: toNumber(row.reads) }));
  }

  async function readsPerCategory(firstDay: string, lastDay: string) {
    const rows = await db
      .select({ category: articles.category, reads: sql<number>`sum(${articleDailyViews.views})` })
      .from(articleDailyViews)
      .innerJoin(articles, eq(articles.id, articleDailyViews.articleId))
      .where(sql`${articleDailyViews.day} between ${firstDay} and ${lastDay}`)
      .groupBy(articles.category);
    const byCategory = new Map(rows.map((row) => [row.category, toNumber(row.reads)]));
    return CATEGORIES.map((category) => ({ category, reads: byCategory.get(category) ?? 0 })).sort((a, b) => b.reads - a.reads);
  }

  async function subscribers(firstDay: string, lastDay: string) {
    const columns = {
      day: subscriberDailyCounts.day,
      signUps: subscriberDailyCounts.signUps,
      confirmations: subscriberDailyCounts.confirmations,
      unsubscribes: subscriberDailyCounts.unsubscribes,
      active: subscriberDailyCounts.active,
      pending: subscriberDailyCounts.pending,
      unsubscribed: subscriberDailyCounts.unsubscribed,
    };
    const [before] = await db
      .select(columns)
      .from(subscriberDailyCounts)
      .where(sql`${subscriberDailyCounts.day} < ${firstDay}`)
      .orderBy(desc(subscriberDailyCounts.day))
      .limit(1);
    const rows = await db
      .select(columns)
      .from(subscriberDailyCounts)
      .where(sql`${subscriberDailyCounts.day} between ${firstDay} and ${lastDay}`)
      .orderBy(subscriberDailyCounts.day);
    const [now] = await db
      .select({
        active: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'active')`,
        pending: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'pending')`,
        unsubscribed: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'unsubscribed')`,
      })
      .from(newsletterSubscribers);
    const current = { active: toNumber(now?.active), pending: toNumber(now?.pending), unsubscribed: toNumber(now?.unsubscribed) };
    const byDay = new Map(rows.map((row) => [row.day, row]));
    // Days before the first counted change carry the earliest totals known (today's when nothing was counted yet).
    let totals = before ?? rows[0] ?? current;
    return daysBetween(firstDay, lastDay).map((day) => {
      const row = byDay.get(day);
      if (row) totals = row;
      // Today ends with the list as it is now.
      const { active, pending, unsubscribed } = day === lastDay ? current : totals;
      return {
        day,
        signUps: row?.signUps ?? 0,
        confirmations: row?.confirmations ?? 0,
        unsubscribes: row?.unsubscribes ?? 0,
        active,
        pending,
        unsubscribed,
      };
    });
  }

  async function articlesPerWeek(firstDay: string) {
    const local = sql`(coalesce(${articles.publishedAt}, ${articles.createdAt}) at time zone ${zoneNow(zone)})`;
    const week = sql<string>`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    const firstWeek = mondayOf(firstDay);
    const counted = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`;
    const rows = await db
      .select({
        week,
        published: counted(sql`${articles.status} = 'published'`),
        scheduled: counted(sql`${articles.status} = 'scheduled'`),
        inReview: counted(sql`${articles.status} = 'in_review'`),
        draft: counted(sql`${articles.status} = 'draft'`),
        aiAssisted: counted(sql`${articles.isAiGenerated}`),
        humanWritten: counted(sql`not ${articles.isAiGenerated}`),
      })
      .from(articles)
      .where(sql`${week} >= ${firstWeek}`)
      // By position: the week expression carries its time zone as a parameter, which Postgres would not match.
      .groupBy(sql`1`);
    const byWeek = new Map(rows.map((row) => [row.week, row]));
    const weeks: InsightsReport["articlesPerWeek"] = [];
    const lastWeek = mondayOf(newsroomDay(clock.now(), zoneNow(zone)));
    for (let monday = firstWeek; monday <= lastWeek; monday = addDaysToDay(monday, 7)) {
      const row = byWeek.get(monday);
      weeks.push({
        week: monday,
        published: toNumber(row?.published),
        scheduled: toNumber(row?.scheduled),
        inReview: toNumber(row?.inReview),
        draft: toNumber(row?.draft),
        aiAssisted: toNumber(row?.aiAssisted),
        humanWritten: toNumber(row?.humanWritten),
      });
    }
    return weeks;
  }

  async function issues() {
    // Spelled out: inside a subquery Drizzle would write the column without its table, and `id` would be the delivery's.
    const issueId = sql.raw('"newsletter_issues"."id"');
    const delivered = sql<number>`(select count(*) from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.status = 'sent')`;
    const failed = sql<number>`(select count(*) from ${newsletterDeliveries} d where d.issue_id = ${issueId} and d.status = 'failed')`;
    const reads = sql<number>`(select coalesce(sum(r.reads), 0) from ${newsletterDailyReads} r where r.issue_id = ${issueId})`;
    const sentOn = sql<string>`to_char(${newsletterIssues.sendStartedAt} at time zone ${zoneNow(zone)}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ id: newsletterIssues.id, subject: newsletterIssues.subject, sentOn, delivered, failed, reads })
      .from(newsletterIssues)
      .where(isNotNull(newsletterIssues.sendStartedAt))
      .orderBy(desc(newsletterIssues.sendStartedAt), desc(newsletterIssues.id))
      .limit(NEWSLETTER_ISSUES_COUNT);
    return rows.map((row) => ({
      ...row,
      delivered: toNumber(row.delivered),
      failed: toNumber(row.failed),
      reads: toNumber(row.reads),
    }));
  }

  async function searchGaps(today: string) {
    const searches = sql<number>`sum(${searchGapsDaily.searches})`;
    const rows = await db
      .select({ query: searchGapsDaily.query, searches, lastSearched: sql<string>`max(${searchGapsDaily.day})` })
      .from(searchGapsDaily)
      .where(gte(searchGapsDaily.day, addDaysToDay(today, -(SEARCH_GAP_DAYS - 1))))
      .groupBy(searchGapsDaily.query)
      .orderBy(desc(searches), searchGapsDaily.query)
      .limit(SEARCH_GAPS_COUNT);
    return rows.map((row) => ({ query: row.query, searches: toNumber(row.searches), lastSearched: String(row.lastSearched) }));
  }

  return {
    /** Every figure of the tab for the period ending today. */
    async report(days: InsightsPeriod): Promise<InsightsReport> {
      const lastDay = newsroomDay(clock.now(), zoneNow(zone));
      const firstDay = addDaysToDay(lastDay, -(days - 1));
      return {
        period: { days, firstDay, lastDay },
        readsPerDay: await readsPerDay(firstDay, lastDay),
        topArticles: await topArticles(firstDay, lastDay),
        readsPerCategory: await readsPerCategory(firstDay, lastDay),
        subscribers: await subscribers(firstDay, lastDay),
        articlesPerWeek: await articlesPerWeek(firstDay),
        newsletterIssues: await issues(),
        searchGaps: await searchGaps(lastDay),
      };
    },
  };
}

export type Insights = ReturnType<typeof createInsights>;
