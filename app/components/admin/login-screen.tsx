import { LockKeyhole } from "lucide-react";
import { PasswordInput } from "~/components/ui/password-input";
import { useId, useState, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { QuestionDialog } from "~/components/ui/modal-dialog";
import { LoginForm, SIGNED_OUT_TEXTS, waitMessage } from "~/validation/admin";
import { useNow } from "../use-now";
import { PasskeySignIn } from "./passkey-sign-in";

/** What the login action answers when it does not sign in. */
export interface LoginActionData {
  error: string;
  /** The username as typed, so the form keeps it. */
  username?: string;
  /** A lockout: the message template with "N minutes", when it ends, and the server's time when it said so. */
  lock?: { message: string; until: string; serverNow: string };
}

type FieldErrors = Partial<Record<keyof LoginForm, string>>;

const FIELD =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800";

/** /admin without a session: the sign-in form, or how to create the first admin when there is none. */
export function LoginScreen({
  noAdminYet,
  result,
  reason,
}: {
  noAdminYet: boolean;
  result?: LoginActionData;
  /** Why the last request needed a session, such as generation's UNAUTHORIZED text. */
  reason?: string | undefined;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
            <LockKeyhole aria-hidden className="size-6" />
          </span>
          <h1 className="text-2xl font-bold">Admin Access</h1>
        </div>
        {reason ? (
          <p
            role="alert"
            className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            {reason}
          </p>
        ) : null}
        {noAdminYet ? (
          <NoAdminYet />
        ) : (
          <>
            <SignInForm result={result} />
            <PasskeySignIn />
          </>
        )}
      </div>
    </div>
  );
}

function NoAdminYet() {
  const code = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm dark:bg-slate-800";
  return (
    <div className="space-y-4 text-slate-700 dark:text-slate-300">
      <p className="font-medium text-slate-900 dark:text-slate-100">There is no admin account yet.</p>
      <p>Create the first one on the server, in either of two ways:</p>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          Run <code className={code}>npm run admin -- create NAME</code> in Byline's folder. It asks for the password.
        </li>
        <li>
          Or start Byline with <code className={code}>ADMIN_USERNAME</code> and <code className={code}>ADMIN_PASSWORD</code> set.
          The first admin is created at start-up.
        </li>
      </ol>
      <p>Then reload this page to sign in.</p>
    </div>
  );
}

/**
 * Signing in again over a page that must stay as it is (a form whose sending found the session ended): the same
 * form, in a dialog, below `text`. Success comes back to this page's address, whose loaders then run signed in.
 */
export function SignInAgainDialog({ open, onClose, text }: { open: boolean; onClose: () => void; text: string }) {
  // A page may hold more than one (the editor's, and its image upload's).
  const id = `sign-in-again-${useId()}`;
  return (
    <QuestionDialog id={id} open={open} onClose={onClose} heading={SIGNED_OUT_TEXTS.heading} text={text}>
      {open ? <SignInForm /> : null}
    </QuestionDialog>
  );
}

function SignInForm({ result }: { result?: LoginActionData }) {
  const fetcher = useFetcher<LoginActionData>();
  const location = useLocation();
  const id = useId();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const answer = fetcher.data ?? result;
  const busy = fetcher.state !== "idle";
  const lock = answer?.lock;
  const now = useNow(1_000, lock ? Date.parse(lock.serverNow) : 0);
  const lockedForMs = lock ? Date.parse(lock.until) - now : 0;
  const locked = lockedForMs > 0;
  // A lockout's message counts down; once it is over, the form is simply usable again.
  const message = lock ? (locked ? waitMessage(lock.message, lockedForMs) : null) : answer?.error;
  // After the no-JavaScript post the page is /auth/login; the dashboard is where to go next.
  const returnTo = location.pathname.startsWith("/admin") ? `${location.pathname}${location.search}` : "/admin";

  function check(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const parsed = LoginForm.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" });
    if (parsed.success) {
      setFieldErrors({});
      return;
    }
    event.preventDefault();
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof LoginForm;
      errors[field] ??= issue.message;
    }
    setFieldErrors(errors);
  }

  const label = locked ? "Account Locked" : busy ? "Signing in..." : "Sign In";
  return (
    <fetcher.Form method="post" action="/auth/login" noValidate onSubmit={check} className="space-y-5">
      <input type="hidden" name="returnTo" value={returnTo} />
      {message ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {message}
        </p>
      ) : null}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-username`} className="block text-sm font-medium">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={answer?.username ?? ""}
          disabled={locked}
          aria-invalid={fieldErrors.username ? true : undefined}
          aria-describedby={fieldErrors.username ? `${id}-username-error` : undefined}
          className={FIELD}
        />
        {fieldErrors.username ? (
          <p id={`${id}-username-error`} className="text-sm text-red-700 dark:text-red-400">
            {fieldErrors.username}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-password`} className="block text-sm font-medium">
          Password
        </label>
        <PasswordInput
          id={`${id}-password`}
          what="password"
          name="password"
          autoComplete="current-password"
          disabled={locked}
          aria-invalid={fieldErrors.password ? true : undefined}
          aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
          className={FIELD}
        />
        {fieldErrors.password ? (
          <p id={`${id}-password-error`} className="text-sm text-red-700 dark:text-red-400">
            {fieldErrors.password}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={locked || busy}
        className="w-full rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:bg-slate-400 dark:disabled:bg-slate-700"
      >
        {label}
      </button>
      <p className="text-center text-sm">
        <a href="/auth/forgot" className="text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
          Forgot your password?
        </a>
      </p>
    </fetcher.Form>
  );
}
