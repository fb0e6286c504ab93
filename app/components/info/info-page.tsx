import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Container } from "~/components/layout/site-shell";

/** Class names shared by the info pages' call-to-action links and cards. */
export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400";
export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:outline-blue-400";
export const textLinkClass =
  "font-medium text-blue-700 underline decoration-blue-700/30 underline-offset-2 hover:decoration-blue-700 dark:text-blue-300 dark:decoration-blue-300/40 dark:hover:decoration-blue-300";
export const cardClass = "rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900";
export const mutedTextClass = "text-slate-600 dark:text-slate-400";

/** The band at the top of an info page: a small label, the page's only h1 and a lead paragraph. */
export function InfoHero({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-blue-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
      <Container className="py-12 sm:py-16">
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-300">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
        <div className={`mt-4 max-w-2xl text-lg leading-relaxed ${mutedTextClass}`}>{children}</div>
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </Container>
    </div>
  );
}

/** A titled block of an info page, with an h2. */
export function InfoSection({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`py-8 sm:py-12 ${className}`}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {intro ? <p className={`mt-3 max-w-2xl ${mutedTextClass}`}>{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** The square icon badge at the top of an info card. */
export function IconBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
      <Icon aria-hidden className="size-5" />
    </span>
  );
}
