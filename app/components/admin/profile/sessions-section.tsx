import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/components/local-time";
import { describeUserAgent } from "~/utils/user-agent";
import { PROFILE_CARD_CLASS, SECONDARY_BUTTON_CLASS } from "./profile-card";

/** One of the person's active sessions, as the Profile's loader sends it (never its token or hash). */
export interface SessionView {
  id: number;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string;
  clientAddress: string;
  signedInWith: string;
  /** The session this page was asked from. */
  current: boolean;
}

/** Where the action of this section lives (app/routes/admin/profile-sessions.tsx). */
const ACTION = "/admin/profile/sessions";

/**
 * "Where you are signed in": every active session of the person with its browser and system, address, how it began,
 * when it started and was last used; "This browser" marked; any other one can be ended, or all of them at once.
 */
export function SessionsSection({ sessions }: { sessions: SessionView[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === ACTION;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section aria-labelledby="sessions-heading" className={PROFILE_CARD_CLASS}>
      <h3 id="sessions-heading" className="text-lg font-bold">
        Where you are signed in
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        A session ends 24 hours after signing in, or after 12 hours without use. End any you do not recognise, then change your
        password.
      </p>
      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800">
        {sessions.map((session) => {
          const browser = describeUserAgent(session.userAgent);
          return (
            <li key={session.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium">
                  {browser}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      This browser
                    </span>
                  ) : null}
                </p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm text-slate-600 dark:text-slate-400">
                  <dt>Address</dt>
                  <dd className="break-all">{session.clientAddress || "Unknown"}</dd>
                  <dt>Signed in with</dt>
                  <dd>{session.signedInWith}</dd>
                  <dt>Started</dt>
                  <dd>
                    <LocalTime value={session.createdAt} />
                  </dd>
                  <dt>Last used</dt>
                  <dd>
                    <LocalTime value={session.lastUsedAt} />
                  </dd>
                </dl>
              </div>
              {session.current ? (
                <p className="text-sm text-slate-600 sm:max-w-48 dark:text-slate-400">Sign Out in the header ends this one.</p>
              ) : (
                <Form method="post" action={ACTION}>
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="id" value={session.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={SECONDARY_BUTTON_CLASS}
                    aria-label={`End the session in ${browser} from ${session.clientAddress || "an unknown address"}`}
                  >
                    End session
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others > 0 ? (
        <Form method="post" action={ACTION} className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" disabled={busy} className={SECONDARY_BUTTON_CLASS}>
            Sign out all other sessions
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">You are signed in nowhere else.</p>
      )}
    </section>
  );
}
