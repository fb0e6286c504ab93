import type { ReactNode } from "react";
import { BarList, ColumnChart, InsightsDataTable, LineChart } from "~/components/admin/insights-charts";
import { servicesContext } from "~/context";
import { insightsTables, type InsightsTable } from "~/utils/insights-tables";
import { adminMeta } from "~/utils/seo";
import { parseInsightsPeriod } from "~/validation/insights";
import { INSIGHTS_PERIODS, type InsightsPeriod } from "~/domain/insights";
import type { Route } from "./+types/insights";
import { requirePermission } from "./guard.server";

export const meta: Route.MetaFunction = () => adminMeta("Insights · Admin");

/** The figures of the chosen period (30 or 90 days, ending today on the newsroom's calendar). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "insights.view");
  const { insights, site } = args.context.get(servicesContext);
  const report = await insights.report(parseInsightsPeriod(args.request.url));
  return { report, analytics: site.analytics };
}

const count = (value: number, one: string, many = `${one}s`) => `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function csvHref(table: InsightsTable, days: InsightsPeriod): string {
  return `/admin/insights/${table.id}.csv?days=${days}`;
}

function Section({ id, title, summary, children }: { id: string; title: string; summary: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold">
        {title}
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-700 dark:text-slate-300">{summary}</p>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

/** A long table (one row per day) folded under its chart. */
function Folded({ children }: { children: ReactNode }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-blue-700 dark:text-blue-300">Show the figures</summary>
      <div className="mt-2">{children}</div>
    </details>
  );
}

export default function InsightsTab({ loaderData }: Route.ComponentProps) {
  const { report, analytics } = loaderData;
  const { days, firstDay, lastDay } = report.period;
  const tables = insightsTables(report);
  const reads = report.readsPerDay.map((row) => row.reads);
  const busiest = report.readsPerDay.reduce((best, row) => (row.reads > best.reads ? row : best), { day: "", reads: 0 });
  const topArticle = report.topArticles[0];
  const topCategory = report.readsPerCategory[0];
  const today = report.subscribers.at(-1);
  const weeks = report.articlesPerWeek;
  const issues = report.newsletterIssues;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">Insights</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            From {firstDay} to {lastDay}. Counted on this server only, without cookies; staff and bots are not counted.
          </p>
        </div>
        <nav aria-label="Period">
          <ul className="flex gap-2">
            {INSIGHTS_PERIODS.map((period) => (
              <li key={period}>
                <a
                  href={`/admin/insights?days=${period}`}
                  aria-current={period === days ? "page" : undefined}
                  className={`inline-block rounded-lg border px-3 py-1.5 text-sm font-medium ${
                    period === days
                      ? "border-blue-600 bg-blue-600 text-white dark:border-blue-400 dark:bg-blue-400 dark:text-slate-950"
                      : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
                  }`}
                >
                  Last {period} days
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {analytics ? null : (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950"
        >
          Counting is off (ANALYTICS=off): no new reads or searches are counted. Figures counted before are shown.
        </p>
      )}

      <Section
        id="reads"
        title="Reads per day"
        summary={
          busiest.reads > 0
            ? `${count(sum(reads), "read")} in the last ${days} days. The busiest day was ${busiest.day}, with ${count(busiest.reads, "read")}.`
            : `No reads counted in the last ${days} days.`
        }
      >
        <ColumnChart labels={report.readsPerDay.map((row) => row.day)} series={[{ name: "Reads", values: reads }]} />
        <Folded>
          <InsightsDataTable table={tables["reads-per-day"]} csvHref={csvHref(tables["reads-per-day"], days)} />
        </Folded>
      </Section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section
          id="top-articles"
          title="Most read articles"
          summary={
            topArticle
              ? `The most read article of the last ${days} days is “${topArticle.title}”, with ${count(topArticle.reads, "read")}.`
              : `No article was read in the last ${days} days.`
          }
        >
          <BarList items={report.topArticles.map((row) => ({ label: row.title, value: row.reads }))} />
          <InsightsDataTable table={tables["top-articles"]} csvHref={csvHref(tables["top-articles"], days)} />
        </Section>

        <Section
          id="categories"
          title="Reads per category"
          summary={
            topCategory && topCategory.reads > 0
              ? `${topCategory.category} is the most read category, with ${count(topCategory.reads, "read")}.`
              : `No category was read in the last ${days} days.`
          }
        >
          <BarList items={report.readsPerCategory.map((row) => ({ label: row.category, value: row.reads }))} />
          <InsightsDataTable table={tables["reads-per-category"]} csvHref={csvHref(tables["reads-per-category"], days)} />
        </Section>
      </div>

      <Section
        id="subscribers"
        title="Newsletter subscribers"
        summary={`Now ${count(today?.active ?? 0, "active subscriber")}, ${count(today?.pending ?? 0, "pending sign-up")} and ${count(
          today?.unsubscribed ?? 0,
          "unsubscribed address",
          "unsubscribed addresses",
        )}. In the last ${days} days: ${count(sum(report.subscribers.map((row) => row.signUps)), "sign-up")}, ${count(
          sum(report.subscribers.map((row) => row.confirmations)),
          "confirmation",
        )}, ${count(sum(report.subscribers.map((row) => row.unsubscribes)), "unsubscribe")}.`}
      >
        <LineChart
          labels={report.subscribers.map((row) => row.day)}
          series={[
            { name: "Active", values: report.subscribers.map((row) => row.active) },
            { name: "Pending", values: report.subscribers.map((row) => row.pending) },
            { name: "Unsubscribed", values: report.subscribers.map((row) => row.unsubscribed) },
          ]}
        />
        <Folded>
          <InsightsDataTable table={tables.subscribers} csvHref={csvHref(tables.subscribers, days)} />
        </Folded>
      </Section>

      <Section
        id="articles-per-week"
        title="Articles per week"
        summary={`${count(sum(weeks.map((row) => row.published)), "article")} published, ${count(
          sum(weeks.map((row) => row.aiAssisted)),
          "AI-assisted article",
        )} in these ${count(weeks.length, "week")}.`}
      >
        <ColumnChart
          labels={weeks.map((row) => row.week)}
          series={[
            { name: "Published", values: weeks.map((row) => row.published) },
            { name: "Scheduled", values: weeks.map((row) => row.scheduled) },
            { name: "In review", values: weeks.map((row) => row.inReview) },
            { name: "Draft", values: weeks.map((row) => row.draft) },
          ]}
        />
        <InsightsDataTable table={tables["articles-per-week"]} csvHref={csvHref(tables["articles-per-week"], days)} />
      </Section>

      <Section
        id="newsletter"
        title="Newsletter issues"
        summary={
          issues.length > 0
            ? `${count(issues.length, "issue")} sent: ${count(sum(issues.map((row) => row.delivered)), "message")} delivered, ${count(
                sum(issues.map((row) => row.failed)),
                "failure",
              )}, ${count(sum(issues.map((row) => row.reads)), "read")} from the newsletter.`
            : "No newsletter has been sent yet."
        }
      >
        <BarList items={issues.map((row) => ({ label: row.subject || `Issue ${row.id}`, value: row.reads }))} />
        <InsightsDataTable table={tables["newsletter-issues"]} csvHref={csvHref(tables["newsletter-issues"], days)} />
      </Section>

      <Section
        id="search-gaps"
        title="Search gaps"
        summary={
          report.searchGaps.length > 0
            ? `${count(report.searchGaps.length, "search", "searches")} found nothing in the last 30 days; the most frequent was “${report.searchGaps[0]?.query}”.`
            : "Every search of the last 30 days found something."
        }
      >
        <InsightsDataTable table={tables["search-gaps"]} csvHref={csvHref(tables["search-gaps"], days)} />
      </Section>
    </div>
  );
}
