import { data, redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { readForm, retryAfterHeader } from "~/utils/http";
import {
  NewsletterSignup,
  newsletterOutcomeOf,
  type NewsletterActionData,
  type NewsletterOutcome,
} from "~/validation/newsletter";
import { NEWSLETTER_ANCHOR } from "~/validation/newsletter-rules";
import type { Route } from "./+types/newsletter";
import { uncachedResourceHandle } from "~/route-handle";

export const handle = uncachedResourceHandle;

const STATUS: Record<NewsletterOutcome, number> = {
  subscribed: 200,
  checkInbox: 200,
  linkStillValid: 200,
  linksToday: 200,
  required: 400,
  invalid: 400,
  limited: 429,
  failed: 500,
};

/** There is no page here: a visit goes to the sign-up block on the home page. */
export function loader() {
  return redirect(`/#${NEWSLETTER_ANCHOR}`);
}

/**
 * Newsletter sign-up. A script (the block's islands script) gets the outcome as data; a plain form post is
 * redirected back to the page it came from with the outcome in the URL.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { subscribers, logger } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  const { outcome, retryAfterMs } = await signUp();
  const returnTo = safeReturnPath(form.get("returnTo"));
  if (returnTo) {
    const target = new URL(returnTo, "http://local");
    target.searchParams.set("newsletter", outcome);
    return redirect(`${target.pathname}${target.search}#${NEWSLETTER_ANCHOR}`, 303);
  }
  const headers = retryAfterMs ? retryAfterHeader(retryAfterMs) : undefined;
  return data<NewsletterActionData>({ outcome }, { status: STATUS[outcome], headers });

  async function signUp(): Promise<{ outcome: NewsletterOutcome; retryAfterMs?: number }> {
    const parsed = NewsletterSignup.safeParse({ email: form.get("email") ?? "" });
    if (!parsed.success) return { outcome: newsletterOutcomeOf(parsed.error) };
    try {
      return await subscribers.signUp(parsed.data.email, clientAddress);
    } catch (error) {
      logger.error({ err: error }, "newsletter sign-up failed");
      return { outcome: "failed" };
    }
  }
}

/**
 * Only a path on this site, read as a browser would resolve it: "/x" or "/x?y", never "//other.host",
 * "/.//other.host" (which resolves to "//other.host"), "/\\other.host" or an absolute URL.
 */
function safeReturnPath(value: FormDataEntryValue | null): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.includes("\\") || !URL.canParse(value, "http://local")) {
    return null;
  }
  const resolved = new URL(value, "http://local");
  if (resolved.origin !== "http://local" || resolved.pathname.startsWith("//")) return null;
  return `${resolved.pathname}${resolved.search}`;
}
