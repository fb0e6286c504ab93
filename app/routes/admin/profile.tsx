import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { PasswordInput } from "~/components/ui/password-input";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ImageUpload } from "~/components/admin/image-panel";
import { NoticeMessage } from "~/components/admin/notice-message";
import { PasskeysSection } from "~/components/admin/profile/passkeys-section";
import { TwoStepSection } from "~/components/admin/profile/two-step-section";
import { formResult, SignedOutNotice } from "~/components/admin/signed-out-notice";
import { servicesContext } from "~/context";
import { AdminAccountError } from "~/services/auth/admins.server";
import { hashSessionToken } from "~/services/auth/sessions.server";
import { startSessionCookie } from "~/services/auth/session-cookie.server";
import { EmailSection } from "~/components/admin/profile/email-section";
import { SessionsSection } from "~/components/admin/profile/sessions-section";
import { securityEventView } from "~/services/security/security-event-view.server";
import { SecurityActivity } from "~/components/admin/profile/security-activity";
import { readForm } from "~/utils/http";
import { STOCK_AVATARS } from "~/utils/avatars";
import { ROLE_LABELS } from "~/domain/permissions";
import { adminMeta } from "~/utils/seo";
import { firstProblem, PasswordForm, ProfileForm } from "~/validation/staff";
import type { Route } from "./+types/profile";
import { currentSessionToken, eventSource, keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";

export const meta: Route.MetaFunction = () => adminMeta("Profile · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** How many of one's own security events Profile shows. */
const PROFILE_ACTIVITY_ROWS = 20;

/** The signed-in person's own profile: the byline readers see, and their password. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "admin.enter");
  const { admins, securityLog, secondStep, sessions, emailChanges, passkeys } = args.context.get(servicesContext);
  const [profile, activity, twoStep, { notice, headers }, mySessions, email, passkeyList] = await Promise.all([
    admins.profile(actor.adminId),
    securityLog.list({ personId: actor.adminId }, { limit: PROFILE_ACTIVITY_ROWS }),
    secondStep.summary(actor),
    takeNotice(args.request),
    sessions.list(actor.adminId, await currentSessionToken(args)),
    emailChanges.status(actor.adminId),
    passkeys.list(actor.adminId),
  ]);
  const sessionViews = mySessions.map(({ expiresAt: _expiresAt, createdAt, lastUsedAt, ...session }) => ({
    ...session,
    createdAt: createdAt.toISOString(),
    lastUsedAt: lastUsedAt.toISOString(),
  }));
  return data(
    {
      profile,
      activity: activity.events.map(securityEventView),
      notice,
      passkeys: passkeyList,
      twoStep: { ...twoStep, appEnabledAt: twoStep.appEnabledAt?.toISOString() ?? null },
      sessions: sessionViews,
      email,
    },
    { headers },
  );
}

/** Save the profile, or change the password (the current one first; other sessions end, this one stays). */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

async function change(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "admin.enter");
  const { admins, sessions, securityLog, site, logger } = args.context.get(servicesContext);
  const form = Object.fromEntries(await readForm(args.request));
  const answer = (notice: Notice, status: number) =>
    data({ notice, form: form.intent === "password" ? "password" : "profile" }, status);
  try {
    if (form.intent === "password") {
      const parsed = PasswordForm.safeParse(form);
      if (!parsed.success) return answer({ kind: "error", text: firstProblem(parsed.error) }, 400);
      const token = (await currentSessionToken(args)) ?? "";
      const endOthers = parsed.data.endOthers === "yes";
      const ended = await admins.changeOwnPassword(actor.adminId, parsed.data.current, parsed.data.password, {
        keepSession: hashSessionToken(token),
        endOthers,
      });
      const { actor: person, client } = eventSource(args, actor);
      await securityLog.record({
        kind: "password-changed",
        actor: person,
        subject: person,
        client,
        detail: { otherSessionsEnded: ended },
      });
      // A change of privilege: this session goes on under a new token (ASVS 3.2.1).
      const rotated = await sessions.rotate(token);
      const headers = new Headers(
        await noticeHeaders({
          kind: "success",
          text: endOthers
            ? "Password changed. Your other sessions were signed out."
            : "Password changed. Your other sessions stay signed in.",
        }),
      );
      if (rotated) headers.append("Set-Cookie", await startSessionCookie(site.url, rotated.token, rotated.expiresAt));
      return redirect("/admin/profile", { status: 303, headers });
    }
    const parsed = ProfileForm.safeParse(form);
    if (!parsed.success) return answer({ kind: "error", text: firstProblem(parsed.error) }, 400);
    await admins.updateProfile(actor.adminId, parsed.data);
    return redirect("/admin/profile", { status: 303, headers: await noticeHeaders({ kind: "success", text: "Profile saved." }) });
  } catch (error) {
    if (error instanceof AdminAccountError) return answer({ kind: "error", text: error.message }, 409);
    logger.error({ err: error }, "profile change failed");
    return answer({ kind: "error", text: "The change failed; nothing was changed." }, 500);
  }
}

const cardClass = "rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900";

export default function ProfileTab({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const [avatar, setAvatar] = useState(profile.avatar);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = formResult(actionData);
  const notice = result?.notice ?? loaderData.notice;
  return (
    <div className="space-y-8">
      <h2 className="sr-only">Profile</h2>
      <NoticeMessage notice={notice} />
      <SignedOutNotice result={actionData} />

      <section aria-labelledby="profile-heading" className={cardClass}>
        <h3 id="profile-heading" className="text-lg font-bold">
          Your byline
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Signed in as {profile.username} ({ROLE_LABELS[profile.role]}). Readers see this with every article you sign.
        </p>
        <Form method="post" className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <input type="hidden" name="intent" value="profile" />
          <div className="space-y-4">
            <div>
              <label htmlFor="profile-name" className="mb-1 block text-sm font-medium">
                Display name
              </label>
              <input
                id="profile-name"
                name="displayName"
                required
                maxLength={80}
                defaultValue={profile.displayName}
                className={INPUT_CLASS}
              />
            </div>
            <div>
              <label htmlFor="profile-role-line" className="mb-1 block text-sm font-medium">
                Role line
              </label>
              <input
                id="profile-role-line"
                name="roleLine"
                maxLength={80}
                defaultValue={profile.roleLine}
                placeholder="Staff Writer"
                className={INPUT_CLASS}
              />
            </div>
            <div>
              <label htmlFor="profile-bio" className="mb-1 block text-sm font-medium">
                Short bio
              </label>
              <textarea id="profile-bio" name="bio" rows={4} maxLength={600} defaultValue={profile.bio} className={INPUT_CLASS} />
            </div>
            <div>
              <label htmlFor="profile-links" className="mb-1 block text-sm font-medium">
                Links
              </label>
              <textarea
                id="profile-links"
                name="links"
                rows={3}
                aria-describedby="profile-links-hint"
                defaultValue={profile.links.map((link) => `${link.label} ${link.url}`).join("\n")}
                className={INPUT_CLASS}
              />
              <p id="profile-links-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                One per line, a label then the address: Website https://example.com (at most 5).
              </p>
            </div>
          </div>
          <div className="space-y-4">
            <div>
              <p className="mb-1 text-sm font-medium">Avatar</p>
              {avatar ? (
                <img src={avatar} alt="Your avatar" width={96} height={96} className="size-24 rounded-full object-cover" />
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-400">No avatar yet.</p>
              )}
            </div>
            <div>
              <label htmlFor="profile-avatar" className="mb-1 block text-sm font-medium">
                Avatar address
              </label>
              <input
                id="profile-avatar"
                name="avatar"
                value={avatar}
                onChange={(event) => setAvatar(event.target.value)}
                className={INPUT_CLASS}
              />
            </div>
            <ImageUpload id="profile-avatar-upload" label="Upload a photo" onUploaded={setAvatar} />
            <fieldset>
              <legend className="mb-2 text-sm font-medium">Stock avatars</legend>
              <ul className="flex gap-2">
                {STOCK_AVATARS.map((stock) => (
                  <li key={stock.url}>
                    <button
                      type="button"
                      aria-pressed={avatar === stock.url}
                      aria-label={`${stock.label} stock avatar`}
                      onClick={() => setAvatar(stock.url)}
                      className={`rounded-full border-2 ${avatar === stock.url ? "border-blue-600" : "border-transparent"}`}
                    >
                      <img src={stock.url} alt="" width={48} height={48} className="size-12 rounded-full" />
                    </button>
                  </li>
                ))}
              </ul>
            </fieldset>
          </div>
          <div>
            <SubmitButton disabled={busy}>Save profile</SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="password-heading" className={cardClass}>
        <h3 id="password-heading" className="text-lg font-bold">
          Change password
        </h3>
        <Form method="post" className="mt-4 grid max-w-md gap-4">
          <input type="hidden" name="intent" value="password" />
          <div>
            <label htmlFor="password-current" className="mb-1 block text-sm font-medium">
              Current password
            </label>
            <PasswordInput
              id="password-current"
              what="current password"
              name="current"
              required
              autoComplete="current-password"
            />
          </div>
          <NewPasswordFields idPrefix="profile" label="New password" />
          <div className="flex items-center gap-2">
            <input type="hidden" name="endOthers" value="no" />
            <input id="password-end-others" type="checkbox" name="endOthers" value="yes" defaultChecked className="size-4" />
            <label htmlFor="password-end-others" className="text-sm">
              Sign out my other sessions
            </label>
          </div>
          <div>
            <SubmitButton disabled={busy}>Change password</SubmitButton>
          </div>
        </Form>
      </section>

      <EmailSection email={loaderData.email} />
      <TwoStepSection summary={loaderData.twoStep} />
      <PasskeysSection passkeys={loaderData.passkeys} />
      <SessionsSection sessions={loaderData.sessions} />

      <SecurityActivity events={loaderData.activity} />
    </div>
  );
}
