import { servicesContext } from "~/context";
import { csvDocument } from "~/utils/csv";
import { insightsTables } from "~/utils/insights-tables";
import { parseInsightsCsvName, parseInsightsPeriod } from "~/validation/insights";
import type { Route } from "./+types/insights-csv";
import { requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/** One table of the Insights tab as a CSV download: `/admin/insights/reads-per-day.csv?days=90`. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "insights.view");
  const table = parseInsightsCsvName(args.params.file);
  if (!table) throw new Response("Not found", { status: 404 });
  const { insights } = args.context.get(servicesContext);
  const report = await insights.report(parseInsightsPeriod(args.request.url));
  const { columns, rows } = insightsTables(report)[table];
  return new Response(
    csvDocument(
      columns,
      rows.map((row) => row.map(String)),
    ),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${table}-${report.period.lastDay}.csv"`,
        "Cache-Control": "no-store",
      },
    },
  );
}
