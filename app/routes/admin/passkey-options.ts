import { servicesContext } from "~/context";
import { postOnlyHandle } from "~/route-handle";
import type { Route } from "./+types/passkey-options";
import { currentSessionToken, postOnly, requirePermission } from "./guard.server";

/** Only posts are taken here; a GET gets 401 without a session and 405 with one. */
export const loader = (args: Route.LoaderArgs) => postOnly(args);
export const handle = postOnlyHandle;

/**
 * Profile's "Add a passkey" asks here first: the options for the browser's ceremony (a discoverable credential with
 * user verification), with a challenge bound to this session.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter", { whileSecondStepOwed: "allow" });
  const { passkeys } = args.context.get(servicesContext);
  const sessionToken = (await currentSessionToken(args)) ?? "";
  const options = await passkeys.registrationOptions({ ...actor, sessionToken });
  return Response.json({ options }, { headers: { "Cache-Control": "no-store" } });
}
