import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { waitMessage } from "~/validation/admin";
import { LocalTime } from "../local-time";
import { useNow } from "../use-now";

/** The spec's refresh: the banner asks the server about the session every 60 seconds. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
/** Less than this left and the banner turns into a warning. */
export const SESSION_WARNING_MS = 60 * 60_000;

/** What /admin/api/session answers for a valid session. */
export interface SessionStatus {
  username: string;
  expiresAt: string;
}

/**
 * "Admin Session Active", or "Security Warning" when less than an hour is left or the server
 * could not confirm the session. It re-checks with the server every 60 seconds.
 */
export function SessionBanner({ session, serverNow }: { session: SessionStatus; serverNow: string }) {
  const [checked, setChecked] = useState<SessionStatus | "failed">(session);
  const now = useNow(SESSION_CHECK_INTERVAL_MS, Date.parse(serverNow));

  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const response = await fetch("/admin/api/session", { headers: { Accept: "application/json" } });
        setChecked(response.ok ? ((await response.json()) as SessionStatus) : "failed");
      } catch {
        setChecked("failed");
      }
    }, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  const left = checked === "failed" ? 0 : Date.parse(checked.expiresAt) - now;
  const warning = checked === "failed" || left < SESSION_WARNING_MS;
  const Icon = warning ? ShieldAlert : ShieldCheck;
  return (
    <section
      role="status"
      aria-labelledby="session-banner-title"
      className={`flex items-start gap-3 rounded-xl border p-4 ${
        warning
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
      }`}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        <h2 id="session-banner-title" className="font-semibold">
          {warning ? "Security Warning" : "Admin Session Active"}
        </h2>
        <p className="mt-0.5 text-sm">
          {checked === "failed" ? (
            <>
              Your session could not be confirmed: it may have ended, or the server cannot be reached.{" "}
              <a href="/admin" className="font-medium underline">
                Sign in again
              </a>
              .
            </>
          ) : warning ? (
            <>{waitMessage("Your session ends in N minutes.", left)} Sign out and sign in again to start a new 24-hour session.</>
          ) : (
            <>
              Signed in as {checked.username} until <LocalTime value={checked.expiresAt} />.
            </>
          )}
        </p>
      </div>
    </section>
  );
}
