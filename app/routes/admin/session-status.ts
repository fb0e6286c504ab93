import type { SessionStatus } from "~/components/admin/session-banner";
import type { Route } from "./+types/session-status";
import { requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/** The session banner's 60-second check: who is signed in and until when; 401 when nobody is. */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requirePermission(args, "admin.enter", { whileSecondStepOwed: "allow" });
  return Response.json({ username: admin.username, expiresAt: admin.expiresAt.toISOString() } satisfies SessionStatus);
}
