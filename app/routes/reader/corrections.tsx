import { Container, SiteShell } from "~/components/layout/site-shell";
import { useSite } from "~/components/layout/use-site";
import { Pagination } from "~/components/pagination";
import { servicesContext } from "~/context";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import { articlePath } from "~/utils/articles";
import { correctionAnchor } from "~/utils/corrections";
import { formatDateTime } from "~/utils/dates";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { CORRECTION_HEADINGS } from "~/validation/correction";
import { parsePageParam } from "~/validation/paging";
import type { Route } from "./+types/corrections";

export const handle = { ...readerPageHandle, cache: { query: ["page", "newsletter"] } } satisfies RouteHandle;

const DESCRIPTION = "Every correction and update to our published stories, newest first.";

/** The public list of corrections and updates, newest first, paged like a category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.get(servicesContext).corrections.recent(parsePageParam(request.url));
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const page = loaderData && loaderData.page > 1 ? `?page=${loaderData.page}` : "";
  return [
    ...pageMeta(site, {
      title: pageTitle(site, "Corrections and updates"),
      description: DESCRIPTION,
      path: `/corrections${page}`,
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Corrections and updates",
      href: "/corrections/rss.xml",
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/feed+json",
      title: "Corrections and updates",
      href: "/corrections/feed.json",
    },
  ];
}

export default function CorrectionsPage({ loaderData }: Route.ComponentProps) {
  const { corrections, page, pageCount } = loaderData;
  const { site } = useSite();
  return (
    <SiteShell>
      <Container width="text" className="py-10">
        <header className="mb-8 border-b border-slate-200 pb-6 dark:border-slate-800">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Corrections and updates</h1>
          <p className="mt-2 text-lg text-slate-600 dark:text-slate-400">
            When we get something wrong we say so, and when a story moves on we add what happened. {DESCRIPTION}{" "}
            <a href="/corrections/rss.xml" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
              RSS feed
            </a>
          </p>
        </header>
        {corrections.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-6 py-16 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
            No corrections or updates yet.
          </p>
        ) : (
          <>
            <ol className="space-y-6">
              {corrections.map((correction) => (
                <li key={correction.id}>
                  <article
                    aria-labelledby={`${correctionAnchor(correction.id)}-title`}
                    className="border-b border-slate-200 pb-6 dark:border-slate-800"
                  >
                    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
                      <span className="font-semibold text-slate-900 dark:text-slate-100">
                        {CORRECTION_HEADINGS[correction.kind]}
                      </span>
                      <time dateTime={new Date(correction.createdAt).toISOString()}>
                        {formatDateTime(correction.createdAt, site.timeZone)}
                      </time>
                    </p>
                    <h2 id={`${correctionAnchor(correction.id)}-title`} className="mt-1 text-xl font-bold">
                      <a
                        href={`${articlePath(correction.articleId)}#${correctionAnchor(correction.id)}`}
                        className="hover:text-blue-700 hover:underline dark:hover:text-blue-300"
                      >
                        {correction.articleTitle}
                      </a>
                    </h2>
                    <p className="mt-2 break-words text-slate-700 dark:text-slate-300">{correction.note}</p>
                  </article>
                </li>
              ))}
            </ol>
            <Pagination page={page} pageCount={pageCount} hrefFor={(target) => `/corrections?page=${target}`} />
          </>
        )}
      </Container>
    </SiteShell>
  );
}
