import { data, Form, redirect, useNavigation } from "react-router";
import { AdminTable, EmptyListNote } from "~/components/admin/admin-table";
import { NoticeMessage } from "~/components/admin/notice-message";
import { formResult, SignedOutNotice } from "~/components/admin/signed-out-notice";
import { LocalTime } from "~/components/local-time";
import { servicesContext } from "~/context";
import { AdminAccountError } from "~/services/auth/admins.server";
import { readForm } from "~/utils/http";
import { can, ROLE_LABELS, STAFF_ROLES } from "~/domain/permissions";
import { adminMeta } from "~/utils/seo";
import { firstProblem, InvitationForm, StaffAction } from "~/validation/staff";
import type { Route } from "./+types/staff";
import { eventSource, keepFormWhenSignedOut, requirePermission } from "./guard.server";
import { noticeHeaders, takeNotice, type Notice } from "./notice.server";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";

export const meta: Route.MetaFunction = () => adminMeta("Staff · Admin");

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Everyone on the staff with their role, last sign-in and open sessions, and the invitations not yet accepted. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePermission(args, "staff.manage");
  const { admins, sessions, invitations, secondStep } = args.context.get(servicesContext);
  const [people, active, pending, twoStep, { notice, headers }] = await Promise.all([
    admins.list(),
    sessions.countActive(),
    invitations.pending(),
    secondStep.holders(),
    takeNotice(args.request),
  ]);
  return data(
    {
      me: actor.adminId,
      canExport: can(actor, "newsroom.export"),
      people: people.map((person) => ({
        ...person,
        createdAt: person.createdAt.toISOString(),
        lastSignInAt: person.lastSignInAt?.toISOString() ?? null,
        suspendedAt: person.suspendedAt?.toISOString() ?? null,
        sessions: active.get(person.id) ?? 0,
        secondStep: twoStep.has(person.id),
      })),
      pending: pending.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
      notice,
    },
    { headers },
  );
}

interface InviteResult {
  notice: Notice;
  /** The link, shown once to copy. */
  link?: string;
  fieldError?: string;
}

/**
 * Invite (answers on the page, with the link shown once), change a role, suspend, reactivate, delete,
 * revoke an invitation (back to the tab with a one-time notice). The service keeps the rules: the last active
 * administrator stays one, and someone with articles is suspended rather than deleted.
 */
export async function action(args: Route.ActionArgs) {
  return keepFormWhenSignedOut(() => change(args));
}

async function change(args: Route.ActionArgs) {
  const actor = await requirePermission(args, "staff.manage");
  const { admins, invitations, secondStep, logger } = args.context.get(servicesContext);
  const form = Object.fromEntries(await readForm(args.request));
  const parsed = StaffAction.safeParse(form);
  if (!parsed.success) throw data("Unknown staff action.", 400);
  const command = parsed.data;

  if (command.intent === "invite") {
    const invite = InvitationForm.safeParse(form);
    if (!invite.success) {
      const text = firstProblem(invite.error);
      return data<InviteResult>({ notice: { kind: "error", text }, fieldError: text }, 400);
    }
    const { link, mailed } = await invitations.invite(invite.data, actor.adminId, eventSource(args, actor));
    const text = mailed
      ? `Invitation sent to ${invite.data.email}. The link works once, for 24 hours.`
      : `The invitation could not be e-mailed to ${invite.data.email}; copy the link below and send it yourself.`;
    return data<InviteResult>({ notice: { kind: mailed ? "success" : "error", text }, link });
  }

  let notice: Notice;
  const by = eventSource(args, actor);
  try {
    if ((command.intent === "suspend" || command.intent === "delete") && command.id === actor.adminId) {
      throw new AdminAccountError("SELF", "You cannot suspend or delete your own account.");
    }
    switch (command.intent) {
      case "changeRole": {
        // A change of privilege ends the person's sessions: they sign in again with the new role.
        const ended = await admins.changeRole(command.id, command.role, by);
        const signedOut = ended > 0 ? ` ${ended} session${ended === 1 ? "" : "s"} ended, so they sign in again with it.` : "";
        notice = { kind: "success", text: `Role changed to ${ROLE_LABELS[command.role]}.${signedOut}` };
        break;
      }
      case "suspend": {
        const ended = await admins.suspend(command.id, by);
        notice = {
          kind: "success",
          text: `Suspended; ${ended} session${ended === 1 ? "" : "s"} ended. Their articles and byline stay.`,
        };
        break;
      }
      case "reactivate":
        await admins.reactivate(command.id, by);
        notice = { kind: "success", text: "Reactivated: they can sign in again." };
        break;
      case "delete":
        await admins.remove(command.id, by);
        notice = { kind: "success", text: "Deleted." };
        break;
      case "revokeInvitation":
        await invitations.revoke(command.id);
        notice = { kind: "success", text: "Invitation withdrawn: its link no longer works." };
        break;
      case "resetSecondStep": {
        if (command.id === actor.adminId) {
          throw new AdminAccountError("SELF", "Change your own second step in your profile.");
        }
        const reset = await secondStep.reset(command.id, by);
        notice = {
          kind: "success",
          text: `Second step of ${reset.username} reset: their app, recovery codes and passkeys are gone and ${reset.endedSessions} session${reset.endedSessions === 1 ? "" : "s"} ended. They sign in with their password and set up a new one.`,
        };
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof AdminAccountError)) logger.error({ err: error, intent: command.intent }, "staff action failed");
    notice = {
      kind: "error",
      text: error instanceof AdminAccountError ? error.message : "The change failed; nothing was changed.",
    };
  }
  return redirect("/admin/staff", { status: 303, headers: await noticeHeaders(notice) });
}

const buttonClass =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

export default function StaffTab({ loaderData, actionData }: Route.ComponentProps) {
  const { people, pending, me, canExport } = loaderData;
  const navigation = useNavigation();
  const result = formResult(actionData);
  const notice = result?.notice ?? loaderData.notice;
  return (
    <div className="space-y-8">
      <h2 className="sr-only">Staff</h2>
      <NoticeMessage notice={notice} />
      <SignedOutNotice result={actionData} />

      <section
        aria-labelledby="invite-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h3 id="invite-heading" className="text-lg font-bold">
          Invite someone
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          They get a one-time link, valid 24 hours, to choose their username and password.
        </p>
        {/* A new key after each invitation empties the fields for the next one. */}
        <Form
          key={result?.link ?? "invite"}
          method="post"
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_12rem_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="invite-name" className="mb-1 block text-sm font-medium">
              Name
            </label>
            <input id="invite-name" name="name" required maxLength={80} autoComplete="off" className={INPUT_CLASS} />
          </div>
          <div>
            <label htmlFor="invite-email" className="mb-1 block text-sm font-medium">
              Email
            </label>
            <input
              id="invite-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              className={INPUT_CLASS}
            />
          </div>
          <div>
            <label htmlFor="invite-role" className="mb-1 block text-sm font-medium">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue="author" className={INPUT_CLASS}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton disabled={navigation.state === "submitting"}>Send invitation</SubmitButton>
        </Form>
        {result?.link ? (
          <div className="mt-4">
            <label htmlFor="invite-link" className="mb-1 block text-sm font-medium">
              Invitation link (shown only now)
            </label>
            <input
              id="invite-link"
              readOnly
              value={result.link}
              className={`${INPUT_CLASS} font-mono`}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="staff-heading" className="space-y-3">
        <h3 id="staff-heading" className="text-lg font-bold">
          Staff
        </h3>
        <AdminTable
          labelledBy="staff-heading"
          columns={[
            { label: "Name" },
            { label: "Username" },
            { label: "Role" },
            { label: "Last sign-in" },
            { label: "Active sessions" },
            { label: "Two-step" },
            { label: "Status" },
            { label: "Actions", className: "text-right" },
          ]}
        >
          {people.map((person) => (
            <tr key={person.id} className="align-top">
              <th scope="row" className="px-3 py-3 text-left font-semibold">
                {person.authorName}
                {person.email ? (
                  <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">{person.email}</span>
                ) : null}
              </th>
              <td className="px-3 py-3">{person.username}</td>
              <td className="px-3 py-3">
                <Form method="post" className="flex items-center gap-2 whitespace-nowrap">
                  <input type="hidden" name="intent" value="changeRole" />
                  <input type="hidden" name="id" value={person.id} />
                  <select
                    name="role"
                    defaultValue={person.role}
                    aria-label={`Role of ${person.authorName}`}
                    className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950"
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={buttonClass} aria-label={`Change the role of ${person.authorName}`}>
                    Change
                  </button>
                </Form>
              </td>
              <td className="px-3 py-3 whitespace-nowrap">
                {person.lastSignInAt ? <LocalTime value={person.lastSignInAt} /> : "Never"}
              </td>
              <td className="px-3 py-3">{person.sessions}</td>
              <td className="px-3 py-3">{person.secondStep ? "On" : "Off"}</td>
              <td className="px-3 py-3">{person.suspendedAt ? "Suspended" : "Active"}</td>
              <td className="px-3 py-3">
                {person.id === me ? (
                  <span className="block text-right text-sm text-slate-600 dark:text-slate-400">You</span>
                ) : (
                  <div className="flex justify-end gap-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value={person.suspendedAt ? "reactivate" : "suspend"} />
                      <input type="hidden" name="id" value={person.id} />
                      <button
                        type="submit"
                        className={buttonClass}
                        aria-label={`${person.suspendedAt ? "Reactivate" : "Suspend"} ${person.authorName}`}
                      >
                        {person.suspendedAt ? "Reactivate" : "Suspend"}
                      </button>
                    </Form>
                    {person.secondStep ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resetSecondStep" />
                        <input type="hidden" name="id" value={person.id} />
                        <button
                          type="submit"
                          className={buttonClass}
                          aria-label={`Reset the second step of ${person.authorName}`}
                        >
                          Reset second step
                        </button>
                      </Form>
                    ) : null}
                    {person.articleCount === 0 ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={person.id} />
                        <button
                          type="submit"
                          className={`${buttonClass} text-red-700 dark:text-red-400`}
                          aria-label={`Delete ${person.authorName}`}
                        >
                          Delete
                        </button>
                      </Form>
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>

      <section aria-labelledby="pending-heading" className="space-y-3">
        <h3 id="pending-heading" className="text-lg font-bold">
          Pending invitations
        </h3>
        {pending.length === 0 ? (
          <EmptyListNote>No invitation is waiting to be accepted.</EmptyListNote>
        ) : (
          <AdminTable
            labelledBy="pending-heading"
            columns={[
              { label: "Name" },
              { label: "Email" },
              { label: "Role" },
              { label: "Expires" },
              { label: "Actions", className: "text-right" },
            ]}
          >
            {pending.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row" className="px-3 py-3 text-left font-semibold">
                  {invitation.name}
                </th>
                <td className="px-3 py-3">{invitation.email}</td>
                <td className="px-3 py-3">{ROLE_LABELS[invitation.role]}</td>
                <td className="px-3 py-3 whitespace-nowrap">
                  <LocalTime value={invitation.expiresAt} />
                </td>
                <td className="px-3 py-3 text-right">
                  <Form method="post">
                    <input type="hidden" name="intent" value="revokeInvitation" />
                    <input type="hidden" name="id" value={invitation.id} />
                    <button type="submit" className={buttonClass} aria-label={`Withdraw the invitation of ${invitation.name}`}>
                      Withdraw
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>

      {canExport ? (
        <section
          aria-labelledby="export-heading"
          className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 id="export-heading" className="text-lg font-bold">
            Export the newsroom
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            One JSON file with every article (revisions, corrections and co-authors included), the authors, the staff accounts
            without their passwords, the subscribers with their status and consent time, and the newsletter issues.{" "}
            <code>npm run import</code> reads it back into another Byline. It holds every subscriber&rsquo;s address: keep it
            safe.
          </p>
          <a
            href="/admin/export.json"
            download
            className="mt-4 inline-block rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
          >
            Download export
          </a>
        </section>
      ) : null}
    </div>
  );
}
