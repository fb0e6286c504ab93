import { servicesContext } from "~/context";
import { csvDocument } from "~/utils/csv";
import type { Route } from "./+types/subscribers-csv";
import { requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/** The whole subscriber list as a CSV download: email, status, subscribed (ISO 8601, UTC). */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "subscribers.view");
  const { subscribers, clock } = args.context.get(servicesContext);
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
