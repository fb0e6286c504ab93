import { data, redirect } from "react-router";
import { NoticeMessage } from "~/components/admin/notice-message";
import { PasskeysSection } from "~/components/admin/profile/passkeys-section";
import { TwoStepSection } from "~/components/admin/profile/two-step-section";
import { formResult, SignedOutNotice } from "~/components/admin/signed-out-notice";
import { requestContext, servicesContext } from "~/context";
import { staffHandle } from "~/route-handle";
import { AdminAccountError } from "~/services/auth/admins.server";
import type { SecondStepActor } from "~/services/auth/second-step.server";
import { hashSessionToken } from "~/services/auth/sessions.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { ConfirmAppForm, RemoveAppForm, ReplaceCodesForm, SECOND_STEP_TEXTS, TwoStepIntent } from "~/validation/second-step";
import { firstProblem } from "~/validation/staff";
import type { Route } from "./+types/two-step";
import { currentSessionToken, keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice } from "./notice.server";

export const handle = staffHandle;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => adminMeta("Two-step sign-in · Admin");

/** Who may use this page: everyone signed in, and a person who still owes the second step their role requires. */
const OWED_ALLOWED = { whileSecondStepOwed: "allow" } as const;

/**
 * The second step's own page: the set-up with its QR code, the recovery codes shown once, and where a person whose
 * role requires a second step is kept until they have one. Profile shows the same section.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "admin.enter", OWED_ALLOWED);
  const { secondStep, site, passkeys } = args.context.get(servicesContext);
  const [summary, { notice, headers }, passkeyList] = await Promise.all([
    secondStep.summary(actor),
    takeNotice(args.request),
    passkeys.list(actor.adminId),
  ]);
  const setup = summary.settingUp
    ? await secondStep.appSetup(actor.adminId, { issuer: site.name, account: actor.username })
    : null;
  return data(
    {
      summary: { ...summary, appEnabledAt: summary.appEnabledAt?.toISOString() ?? null },
      setup,
      owed: actor.secondStepOwed,
      notice,
      passkeys: passkeyList,
    },
    { headers },
  );
}

interface TwoStepActionData {
  error?: string;
  codes?: string[];
  done?: string;
}

export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

/** Start, confirm or cancel the app's set-up, remove it (with the current password), make new recovery codes. */
async function change(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter", OWED_ALLOWED);
  const { secondStep, logger } = args.context.get(servicesContext);
  const client = args.context.get(requestContext);
  const form = Object.fromEntries(await readForm(args.request));
  const intent = TwoStepIntent.safeParse(form.intent);
  if (!intent.success) throw data(firstProblem(intent.error), 400);
  const who: SecondStepActor = { adminId: actor.adminId, username: actor.username, client };
  const others = async (endOthers: "on" | undefined) => ({
    endOthers: endOthers === "on",
    keepTokenHash: hashSessionToken((await currentSessionToken(args)) ?? ""),
  });
  const back = async (to: string, text: string) =>
    redirect(to, { status: 303, headers: await noticeHeaders({ kind: "success", text }) });
  const refuse = (error: string, status = 400) => data<TwoStepActionData>({ error }, status);
  const ended = (count: number) => (count > 0 ? ` ${count} other session${count === 1 ? " was" : "s were"} signed out.` : "");

  try {
    switch (intent.data) {
      case "start":
        await secondStep.startAppSetup(actor.adminId);
        return redirect("/admin/profile/two-step#two-step", 303);
      case "cancel":
        await secondStep.cancelAppSetup(actor.adminId);
        return back("/admin/profile", "The set-up was cancelled.");
      case "confirm": {
        const parsed = ConfirmAppForm.safeParse(form);
        if (!parsed.success) return refuse(firstProblem(parsed.error));
        const done = await secondStep.confirmApp(who, parsed.data.code, await others(parsed.data.endOthers));
        if (!done) return refuse(SECOND_STEP_TEXTS.setupWrong);
        return data<TwoStepActionData>({
          codes: done.codes,
          done: `Authenticator app turned on. Signing in now asks for a code from it.${ended(done.endedSessions)}`,
        });
      }
      case "replace-codes": {
        const parsed = ReplaceCodesForm.safeParse(form);
        if (!parsed.success) return refuse(firstProblem(parsed.error));
        const done = await secondStep.replaceRecoveryCodes(who, await others(parsed.data.endOthers));
        if (!done) return refuse("Recovery codes come with a second step: set up an authenticator app first.", 409);
        return data<TwoStepActionData>({
          codes: done.codes,
          done: `New recovery codes made; the old ones no longer work.${ended(done.endedSessions)}`,
        });
      }
      case "remove": {
        const parsed = RemoveAppForm.safeParse(form);
        if (!parsed.success) return refuse(firstProblem(parsed.error));
        const done = await secondStep.removeApp(who, parsed.data.password, await others(parsed.data.endOthers));
        return back(
          "/admin/profile",
          done.removed ? `Authenticator app removed.${ended(done.endedSessions)}` : "There was no authenticator app to remove.",
        );
      }
    }
  } catch (error) {
    if (error instanceof AdminAccountError) return refuse(error.message, 409);
    logger.error({ err: error, intent: intent.data }, "a two-step change failed");
    return refuse("The change failed; nothing was changed.", 500);
  }
}

export default function TwoStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = formResult(actionData);
  const notice = result?.done ? { kind: "success" as const, text: result.done } : loaderData.notice;
  const owed = loaderData.owed && !result?.codes;
  return (
    <div className="space-y-6">
      <h2 className="sr-only">Two-step sign-in</h2>
      <NoticeMessage notice={notice} />
      <SignedOutNotice result={actionData} />
      <TwoStepSection
        summary={loaderData.summary}
        setup={loaderData.setup}
        codes={result?.codes}
        error={result?.error}
        owed={owed}
      />
      {/* A passkey is a second step too: someone held here may add one instead of the app. */}
      {result?.codes ? null : <PasskeysSection passkeys={loaderData.passkeys} />}
      {result?.codes ? (
        <a
          href="/admin"
          className="inline-block rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          I have kept my codes: go to the dashboard
        </a>
      ) : owed ? null : (
        <p className="text-sm">
          <a href="/admin/profile" className="text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
            Back to your profile
          </a>
        </p>
      )}
    </div>
  );
}
