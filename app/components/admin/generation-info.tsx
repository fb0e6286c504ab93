import { Database, ExternalLink, Server, ShieldCheck, Sparkles } from "lucide-react";

const CARDS = [
  {
    icon: Database,
    title: "Database",
    text: "Every generated article waits in review for the editor who asked for it, signed by Correspondent and marked AI-assisted. Only an editor or administrator can publish it; the AI text is kept as written, and readers see who approved it.",
  },
  {
    icon: Sparkles,
    title: "AI generation",
    text: "The model writes only from news items fetched on the server, checks that the story is not already in the newsroom, and cites the outlets it used.",
  },
  {
    icon: Server,
    title: "Deployment",
    text: "Generation runs on the server as a job: closing this tab does not stop it, and provider keys never reach the browser.",
  },
] as const;

/**
 * The three info cards, the real-news guarantee and the trusted outlets shown for verification.
 */
export function GenerationInfo({ sources, siteName }: { sources: { outlet: string; homepage: string }[]; siteName: string }) {
  return (
    <>
      <ul aria-label="How generation works" className="grid gap-3 md:grid-cols-3">
        {CARDS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
            <h3 className="flex items-center gap-2 font-semibold">
              <Icon aria-hidden className="size-5 text-blue-600 dark:text-blue-400" />
              {title}
            </h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{text}</p>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="guarantee-title"
        className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50"
      >
        <h3 id="guarantee-title" className="flex items-center gap-2 font-semibold">
          <ShieldCheck aria-hidden className="size-5" />
          Real-news guarantee
        </h3>
        <p className="mt-2 text-sm">
          {siteName} generates articles only from real news published by trusted outlets in the past 7 days. When there is no such
          news for a category or topic, nothing is generated and you are told why: no invented stories, no invented quotes.
        </p>
      </section>
      {sources.length > 0 ? (
        <section aria-labelledby="trusted-sources-title" className="space-y-3">
          <h3 id="trusted-sources-title" className="text-lg font-semibold">
            Trusted news sources
          </h3>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {sources.map(({ outlet, homepage }) => (
              <li key={outlet}>
                <a
                  href={homepage}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-medium hover:border-blue-600 hover:text-blue-700 dark:border-slate-800 dark:bg-slate-900 dark:hover:text-blue-300"
                >
                  {outlet}
                  <ExternalLink aria-hidden className="size-4 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
