import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { staffHandle } from "~/route-handle";
import { readForm } from "~/utils/http";
import { SESSION_TEXTS, SessionAction } from "~/validation/account-security";
import type { Route } from "./+types/profile-sessions";
import { currentSessionToken, ownEventSource, requirePermission } from "./guard.server";
import { noticeHeaders } from "./notice.server";

export const handle = staffHandle;

/** Only the Profile's forms post here; the address itself is the Profile. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "admin.enter");
  return redirect("/admin/profile");
}

/** End one of one's own sessions by its public id, or every other one; back to the Profile with what happened. */
export async function action(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter");
  const { sessions } = args.context.get(servicesContext);
  const parsed = SessionAction.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) throw data("Unknown session action.", 400);
  const source = ownEventSource(args, actor);
  let text: string;
  if (parsed.data.intent === "end") {
    const ended = parsed.data.id !== actor.sessionId && (await sessions.endOne({ ...source, sessionId: parsed.data.id }));
    text = ended ? SESSION_TEXTS.endedOne : SESSION_TEXTS.gone;
  } else {
    const count = await sessions.endOthers({ ...source, keepToken: (await currentSessionToken(args)) ?? "" });
    text =
      count > 0
        ? SESSION_TEXTS.endedOthers.replace("{count}", String(count)).replace("{s}", count === 1 ? "" : "s")
        : SESSION_TEXTS.noOthers;
  }
  return redirect("/admin/profile", { status: 303, headers: await noticeHeaders({ kind: "success", text }) });
}
