import type { ReactNode } from "react";
import { Link } from "react-router";
import { Container, SiteShell } from "~/components/layout/site-shell";

/** The button of a notice page (Resubscribe, Confirm subscription). */
export const NOTICE_BUTTON =
  "inline-flex items-center justify-center rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * A page with one card that tells a reader what their link did (unsubscribed, confirmed, expired...), named by
 * its heading, and ending with the way back home.
 */
export function NoticeCard({ headingId, siteName, children }: { headingId: string; siteName: string; children: ReactNode }) {
  return (
    <SiteShell>
      <Container width="narrow" className="py-16">
        <section
          aria-labelledby={headingId}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
        >
          {children}
          <p className="mt-8">
            <Link to="/" className="font-medium text-blue-700 underline dark:text-blue-300">
              Back to {siteName}
            </Link>
          </p>
        </section>
      </Container>
    </SiteShell>
  );
}
