import { redirect } from "react-router";
import { servicesContext } from "~/context";
import { staffHandle } from "~/route-handle";
import { readForm } from "~/utils/http";
import { EMAIL_CHANGE_TEXTS, EmailChangeForm } from "~/validation/account-security";
import { firstProblem } from "~/validation/staff";
import type { Route } from "./+types/profile-email";
import { ownEventSource, requirePermission } from "./guard.server";
import { noticeHeaders, type Notice } from "./notice.server";

export const handle = staffHandle;

/** Only the Profile's form posts here; the address itself is the Profile. */
export async function loader(args: Route.LoaderArgs) {
  await requirePermission(args, "admin.enter");
  return redirect("/admin/profile");
}

/**
 * Add or change one's e-mail address: a confirmation link goes to the new address (unless three are waiting from
 * the last hour: the earlier one still works). Back to the Profile with what happened, with or without JavaScript.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter");
  const { emailChanges, logger } = args.context.get(servicesContext);
  const back = async (notice: Notice) => redirect("/admin/profile", { status: 303, headers: await noticeHeaders(notice) });
  const parsed = EmailChangeForm.safeParse(Object.fromEntries(await readForm(args.request)));
  if (!parsed.success) return back({ kind: "error", text: firstProblem(parsed.error) });
  try {
    const result = await emailChanges.request({ ...ownEventSource(args, actor), email: parsed.data.email });
    switch (result.outcome) {
      case "sent":
        return back({ kind: "success", text: EMAIL_CHANGE_TEXTS.sent.replace("{email}", result.email) });
      case "held-back":
        return back({ kind: "success", text: EMAIL_CHANGE_TEXTS.heldBack });
      case "unchanged":
        return back({ kind: "success", text: EMAIL_CHANGE_TEXTS.unchanged });
      case "taken":
        return back({ kind: "error", text: EMAIL_CHANGE_TEXTS.taken });
    }
  } catch (error) {
    logger.error({ err: error }, "an e-mail change failed");
    return back({ kind: "error", text: EMAIL_CHANGE_TEXTS.failed });
  }
}
