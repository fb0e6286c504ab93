import { servicesContext } from "~/context";
import { csvDocument } from "~/utils/csv";
import type { Route } from "./+types/subscribers-csv";
import { eventSource, requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/** The whole subscriber list as a CSV download: email, status, subscribed (ISO 8601, UTC). */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "subscribers.view");
  const { subscribers, clock, securityLog } = args.context.get(servicesContext);
  await securityLog.record({ kind: "export", ...eventSource(args, actor), detail: { what: "subscriber list" } });
  const rows = (await subscribers.all()).map((row) => [row.email, row.status, row.createdAt.toISOString()]);
  const day = clock.now().toISOString().slice(0, 10);
  return new Response(csvDocument(["email", "status", "subscribed_at"], rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
