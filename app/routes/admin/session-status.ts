import type { SessionStatus } from "~/components/admin/session-banner";
import type { Route } from "./+types/session-status";
import { requirePermission } from "./guard.server";
import { staffHandle } from "~/route-handle";

export const handle = staffHandle;

/**
 * The session banner's 60-second check: who is signed in and until when (the 24 hours, or 12 hours after the last
 * use if sooner); 401 when nobody is. The check itself is not a use, so an open tab nobody touches still ends.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requirePermission(args, "admin.enter", { whileSecondStepOwed: "allow", touch: false });
  return Response.json({ username: admin.username, expiresAt: admin.endsAt.toISOString() } satisfies SessionStatus);
}
