import type { AiDisclosure as Disclosure, SourceLink } from "~/domain/articles";
import { useArticleDate } from "./use-article-date";

/** The sentence on how much of the AI text was changed. */
export function rewriteSentence(percent: number): string {
  if (percent === 0) return "The editors published the AI text without rewriting it.";
  if (percent === 100) return "The editors rewrote all of the AI text.";
  return `The editors rewrote ${percent}% of the AI text.`;
}

/**
 * The "AI-assisted" label, which opens (a native details element, so it works without JavaScript) to what the
 * newsroom recorded: the news items the draft was written from, the editor who approved it, and how much of
 * the model's text the editors rewrote.
 */
export function AiDisclosure({ disclosure, sourceLinks }: { disclosure: Disclosure; sourceLinks: SourceLink[] }) {
  const articleDate = useArticleDate();
  return (
    <details className="group text-sm open:basis-full">
      <summary className="inline-block w-fit cursor-pointer rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700 marker:content-none hover:bg-slate-100 dark:border-slate-600 dark:text-slate-300 dark:hover:bg-slate-800">
        <span>AI-assisted</span>
        <span className="sr-only">: how this article was made</span>
        <span aria-hidden className="ml-1 inline-block transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="mt-3 space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <p>
          This article was drafted with AI from {sourceLinks.length > 0 ? "these news reports" : "news reports of the past week"}
          {sourceLinks.length > 0 ? ":" : "."}
        </p>
        {sourceLinks.length > 0 ? <SourceLinkList links={sourceLinks} /> : null}
        <p>
          {disclosure.approverName ? (
            <>
              Approved for publication by <strong>{disclosure.approverName}</strong>
              {disclosure.approvedAt ? ` on ${articleDate(disclosure.approvedAt)}` : ""}, who takes editorial responsibility for
              it.
            </>
          ) : (
            "Reviewed by the editors before publication."
          )}{" "}
          {disclosure.rewrittenPercent !== null ? rewriteSentence(disclosure.rewrittenPercent) : null}
        </p>
      </div>
    </details>
  );
}

/** The news items an article was written from, each linked, with its outlet and date. */
export function SourceLinkList({ links, className = "" }: { links: SourceLink[]; className?: string }) {
  const articleDate = useArticleDate();
  return (
    <ul className={`list-disc space-y-1 pl-5 ${className}`}>
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            rel="noopener noreferrer nofollow"
            target="_blank"
            className="text-blue-700 hover:underline dark:text-blue-300"
          >
            {link.title}
          </a>{" "}
          <span className="text-slate-600 dark:text-slate-400">
            ({link.outlet}
            {link.publishedAt ? `, ${articleDate(link.publishedAt)}` : ""})
          </span>
        </li>
      ))}
    </ul>
  );
}
