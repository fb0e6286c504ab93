import { servicesContext } from "~/context";
import { staffHandle } from "~/route-handle";
import { securityEventView } from "~/services/security/security-event-view.server";
import { csvDocument } from "~/utils/csv";
import { parseSecurityLogQuery, securityLogPeriod } from "~/validation/security-log";
import type { Route } from "./+types/security-csv";
import { eventSource, requirePermission } from "./guard.server";

export const handle = staffHandle;

const COLUMNS = ["time", "event", "kind", "by", "account", "address", "browser", "user_agent", "details"];

/**
 * The security log as a CSV download, with the page's filters (`/admin/security.csv?person=&kind=&from=&to=`): every
 * matching event, newest first, times in ISO 8601 (UTC). The download is itself recorded as an export.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "security.view");
  const { securityLog, site, clock } = args.context.get(servicesContext);
  const query = parseSecurityLogQuery(args.request.url);
  const filter = { personId: query.person, kind: query.kind, ...securityLogPeriod(query, site.timeZone) };
  const rows: string[][] = [];
  for await (const event of securityLog.each(filter)) {
    const view = securityEventView(event);
    rows.push([
      view.occurredAt,
      view.kind,
      event.kind,
      view.actor,
      view.subject,
      view.clientAddress,
      view.browser,
      event.userAgent,
      view.detail,
    ]);
  }
  await securityLog.record({ kind: "export", ...eventSource(args, actor), detail: { what: "security log" } });
  const day = clock.now().toISOString().slice(0, 10);
  return new Response(csvDocument(COLUMNS, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="security-log-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
