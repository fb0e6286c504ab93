import { servicesContext } from "~/context";
import type { Route } from "./+types/healthz";
import { uncachedResourceHandle } from "~/route-handle";

export const handle = uncachedResourceHandle;

/** Liveness and readiness: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: Route.LoaderArgs) {
  const { health, logger } = context.get(servicesContext);
  const headers = { "Cache-Control": "no-store" };
  try {
    await health.check();
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch (error) {
    logger.warn({ err: error }, "health check: the database did not answer");
    return Response.json({ status: "error", database: "unavailable" }, { status: 503, headers });
  }
}
