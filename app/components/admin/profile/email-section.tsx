import { CircleAlert } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { EMAIL_MAX_LENGTH } from "~/validation/email";
import { PROFILE_CARD_CLASS } from "./profile-card";

/** What the Profile shows of the person's address. */
export interface EmailView {
  email: string;
  verified: boolean;
  /** An address waiting for its confirmation link to be followed. */
  pending: string | null;
}

/** Where the action of this section lives (app/routes/admin/profile-email.tsx). */
const ACTION = "/admin/profile/email";

/**
 * The person's e-mail address and whether it is verified; an account without a verified one is told to add one. A
 * new address is the account's once the link mailed to it is followed.
 */
export function EmailSection({ email }: { email: EmailView }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === ACTION;
  return (
    <section aria-labelledby="email-heading" className={PROFILE_CARD_CLASS}>
      <h3 id="email-heading" className="text-lg font-bold">
        E-mail address
      </h3>
      {email.email ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
          <span className="break-all font-medium">{email.email}</span>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
              email.verified
                ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
                : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
            }`}
          >
            {email.verified ? "Verified" : "Not verified"}
          </span>
        </p>
      ) : null}
      {email.verified ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Password reset links and notices of new sign-ins go to this address.
        </p>
      ) : (
        <p className="mt-2 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {email.email
            ? "Confirm your e-mail address so that you can reset a forgotten password and hear of new sign-ins."
            : "Add an e-mail address so that you can reset a forgotten password and hear of new sign-ins."}
        </p>
      )}
      {email.pending ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Waiting for confirmation: <span className="break-all font-medium">{email.pending}</span>. Your address changes when you
          follow the link we sent there.
        </p>
      ) : null}
      <Form method="post" action={ACTION} className="mt-4 grid max-w-md gap-4">
        <div>
          <label htmlFor="profile-email" className="mb-1 block text-sm font-medium">
            {email.email ? "New e-mail address" : "E-mail address"}
          </label>
          <input
            id="profile-email"
            name="email"
            type="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="email"
            aria-describedby="profile-email-hint"
            className={INPUT_CLASS}
          />
          <p id="profile-email-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            We send a link to it; the address is yours once you follow it (within 24 hours).
          </p>
        </div>
        <div>
          <SubmitButton disabled={busy}>Send confirmation link</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
