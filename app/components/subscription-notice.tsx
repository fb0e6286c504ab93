import { Form, Link } from "react-router";
import { NOTICE_BUTTON, NoticeCard } from "~/components/notice-card";
import type { SubscriberStatus } from "~/domain/newsletter";

export interface SubscriptionNoticeProps {
  siteName: string;
  token: string;
  /** Null for a link that is not valid. */
  subscription: { email: string; status: SubscriberStatus } | null;
  /** "unsubscribe": the unsubscribe link's page; "resubscribed": the reader came back. */
  moment: "unsubscribe" | "resubscribed";
}

/**
 * What a subscriber sees on their unsubscribe link (the Unsubscribe button while they are subscribed, then
 * Resubscribe), or after resubscribing from it.
 */
export function SubscriptionNotice({ siteName, token, subscription, moment }: SubscriptionNoticeProps) {
  return (
    <NoticeCard headingId="subscription-heading" siteName={siteName}>
      {subscription === null ? (
        <>
          <h1 id="subscription-heading" className="text-2xl font-bold">
            This unsubscribe link is not valid
          </h1>
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            It may have been copied incompletely. Please use the Unsubscribe link at the bottom of one of our newsletters, or
            write to us from the{" "}
            <Link to="/contact" className="text-blue-700 underline dark:text-blue-300">
              contact page
            </Link>
            .
          </p>
        </>
      ) : subscription.status !== "active" ? (
        <>
          <h1 id="subscription-heading" className="text-2xl font-bold">
            {moment === "unsubscribe" ? "You have been unsubscribed" : "You are not subscribed"}
          </h1>
          <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
            <strong className="break-all">{subscription.email}</strong> will no longer receive the {siteName} newsletter.
          </p>
          <p className="mt-4 text-slate-700 dark:text-slate-300">Unsubscribed by mistake? You can come back with one click.</p>
          <Form method="post" action={`/unsubscribe/${token}/resubscribe`} className="mt-6">
            <button type="submit" className={NOTICE_BUTTON}>
              Resubscribe
            </button>
          </Form>
        </>
      ) : moment === "unsubscribe" ? (
        <>
          <h1 id="subscription-heading" className="text-2xl font-bold">
            Unsubscribe from the {siteName} newsletter?
          </h1>
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            <strong className="break-all">{subscription.email}</strong> receives the {siteName} weekly digest. Press Unsubscribe
            to stop it.
          </p>
          <Form method="post" action={`/unsubscribe/${token}`} className="mt-6">
            <button type="submit" className={NOTICE_BUTTON}>
              Unsubscribe
            </button>
          </Form>
        </>
      ) : (
        <>
          <h1 id="subscription-heading" className="text-2xl font-bold">
            Welcome back!
          </h1>
          <p role="status" className="mt-4 text-slate-700 dark:text-slate-300">
            <strong className="break-all">{subscription.email}</strong> will receive the {siteName} weekly digest again.
          </p>
        </>
      )}
    </NoticeCard>
  );
}
