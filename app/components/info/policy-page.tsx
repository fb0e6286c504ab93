import type { ReactNode } from "react";
import { Container, SiteShell } from "~/components/layout/site-shell";
import { InfoHero, mutedTextClass, textLinkClass } from "./info-page";
import { POLICY_LAST_UPDATED } from "./policy";

export interface PolicySection {
  /** The anchor of the section, also used by the "On this page" list. */
  id: string;
  title: string;
  content: ReactNode;
}

/** Terms, privacy and cookie policy: a dated h1, an index of the sections and the sections as h2s. */
export function PolicyPage({ title, summary, sections }: { title: string; summary: ReactNode; sections: PolicySection[] }) {
  return (
    <SiteShell>
      <InfoHero eyebrow="Legal" title={title}>
        <p>{summary}</p>
        <p className="mt-4 text-base font-medium text-slate-700 dark:text-slate-300">Last updated: {POLICY_LAST_UPDATED}</p>
      </InfoHero>
      <Container className="grid gap-10 py-12 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100">On this page</p>
            <ol className="mt-3 space-y-2 border-l border-slate-200 text-sm dark:border-slate-800">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className={`-ml-px block border-l border-transparent pl-4 hover:border-blue-600 hover:text-blue-700 dark:hover:border-blue-400 dark:hover:text-blue-300 ${mutedTextClass}`}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="max-w-3xl">
          {sections.map((section) => (
            <section
              key={section.id}
              aria-labelledby={section.id}
              className="border-b border-slate-200 py-8 first:pt-0 last:border-b-0 dark:border-slate-800"
            >
              <h2 id={section.id} className="scroll-mt-24 text-xl font-bold tracking-tight sm:text-2xl">
                {section.title}
              </h2>
              <div className="leading-7 text-slate-700 dark:text-slate-300 [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-slate-400 dark:[&_ul]:marker:text-slate-500">
                {section.content}
              </div>
            </section>
          ))}
        </div>
      </Container>
    </SiteShell>
  );
}

/** A mail link in running policy text. */
export function PolicyMailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={textLinkClass}>
      {address}
    </a>
  );
}
