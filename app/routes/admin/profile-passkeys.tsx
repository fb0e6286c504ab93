import { data, redirect } from "react-router";
import { PasskeysSection, type PasskeyActionAnswer } from "~/components/admin/profile/passkeys-section";
import { NoticeMessage } from "~/components/admin/notice-message";
import { SignedOutNotice } from "~/components/admin/signed-out-notice";
import { requestContext, servicesContext } from "~/context";
import { PasskeyError } from "~/services/auth/passkeys.server";
import { readForm, UNREADABLE_FORM_MESSAGE } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { PASSKEY_MESSAGES, PasskeyAction, parseAnswer, RegistrationAnswer } from "~/validation/passkeys";
import { firstProblem } from "~/validation/staff";
import type { Route } from "./+types/profile-passkeys";
import { currentSessionToken, keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders } from "./notice.server";

export const meta: Route.MetaFunction = () => adminMeta("Passkeys · Admin");

/**
 * Profile's passkeys on a page of their own: where the section's forms post, so that a removal sent without
 * JavaScript that did not go through is shown again here with its reason. Profile shows the same section.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "admin.enter", { whileSecondStepOwed: "allow" });
  const { passkeys } = args.context.get(servicesContext);
  return { passkeys: await passkeys.list(actor.adminId) };
}

/** Add a passkey (its name and the browser's answer) or remove one (with the current password). */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

async function change(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter", { whileSecondStepOwed: "allow" });
  const { passkeys, logger } = args.context.get(servicesContext);
  const { clientAddress, userAgent } = args.context.get(requestContext);
  const form = Object.fromEntries(await readForm(args.request));
  const refuse = (text: string, status: number) =>
    data<PasskeyActionAnswer>({ notice: { kind: "error", text }, intent: form.intent === "add" ? "add" : "remove" }, status);
  const parsed = PasskeyAction.safeParse(form, { error: () => UNREADABLE_FORM_MESSAGE });
  if (!parsed.success) return refuse(firstProblem(parsed.error), 400);
  const request = parsed.data;
  const owner = { ...actor, sessionToken: (await currentSessionToken(args)) ?? "" };
  const client = { clientAddress, userAgent };
  try {
    let text: string;
    if (request.intent === "add") {
      const answer = parseAnswer(RegistrationAnswer, request.answer);
      if (!answer) return refuse(PASSKEY_MESSAGES.unreadable, 400);
      const added = await passkeys.register({ owner, name: request.name, answer, endOthers: request.endOthers, client });
      text = `Passkey “${added.name}” added.${endedText(added.endedSessions)}`;
    } else {
      const removed = await passkeys.remove({
        owner,
        id: request.id,
        currentPassword: request.current,
        endOthers: request.endOthers,
        client,
      });
      text = `Passkey “${removed.name}” removed.${endedText(removed.endedSessions)}`;
    }
    return redirect("/admin/profile", { status: 303, headers: await noticeHeaders({ kind: "success", text }) });
  } catch (error) {
    if (error instanceof PasskeyError) return refuse(error.message, error.code === "WRONG_PASSWORD" ? 400 : 409);
    logger.error({ err: error }, "passkey change failed");
    return refuse("The change failed; nothing was changed.", 500);
  }
}

function endedText(ended: number): string {
  if (ended === 0) return "";
  return ended === 1 ? " Your other session was signed out." : ` Your ${ended} other sessions were signed out.`;
}

export default function ProfilePasskeys({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "notice" in actionData ? actionData : undefined;
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-bold">Passkeys</h2>
      <NoticeMessage notice={answer?.notice ?? null} />
      <SignedOutNotice result={actionData} />
      <PasskeysSection passkeys={loaderData.passkeys} />
      <p>
        <a href="/admin/profile" className="text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
          Back to your profile
        </a>
      </p>
    </div>
  );
}
