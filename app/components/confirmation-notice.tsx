import { Form, Link } from "react-router";
import { NOTICE_BUTTON, NoticeCard } from "~/components/notice-card";

export interface ConfirmationNoticeProps {
  siteName: string;
  /** The link's state: waiting for the button, confirmed, or not usable. */
  state: { outcome: "valid"; email: string; active: boolean } | { outcome: "expired" } | { outcome: "invalid" };
}

const TEXT = "mt-4 text-slate-700 dark:text-slate-300";
const LINK = "font-medium text-blue-700 underline dark:text-blue-300";

/**
 * What a reader sees after following the link in the confirmation message: a button that confirms (a GET never
 * changes anything, so a mail scanner opening the link subscribes nobody), then a plain "You are subscribed".
 * A link that expired or was altered says so and sends the reader back to the sign-up form.
 */
export function ConfirmationNotice({ siteName, state }: ConfirmationNoticeProps) {
  return (
    <NoticeCard headingId="confirmation-heading" siteName={siteName}>
      {state.outcome === "valid" && state.active ? (
        <>
          <h1 id="confirmation-heading" className="text-2xl font-bold">
            You are subscribed
          </h1>
          <p role="status" className={TEXT}>
            Thanks for confirming. <strong className="break-all">{state.email}</strong> will receive the {siteName} weekly digest
            every Sunday. Every issue has a link to unsubscribe.
          </p>
        </>
      ) : state.outcome === "valid" ? (
        <>
          <h1 id="confirmation-heading" className="text-2xl font-bold">
            Confirm your subscription
          </h1>
          <p className={TEXT}>
            Press the button to start receiving the {siteName} weekly digest at{" "}
            <strong className="break-all">{state.email}</strong>.
          </p>
          <Form method="post" className="mt-6">
            <button type="submit" className={NOTICE_BUTTON}>
              Confirm subscription
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 id="confirmation-heading" className="text-2xl font-bold">
            {state.outcome === "expired" ? "This confirmation link has expired" : "This confirmation link is not valid"}
          </h1>
          <p className={TEXT}>
            Nothing was changed. To subscribe, please{" "}
            <Link to="/#newsletter" className={LINK}>
              sign up again
            </Link>{" "}
            and follow the link in the new message.
          </p>
        </>
      )}
    </NoticeCard>
  );
}
