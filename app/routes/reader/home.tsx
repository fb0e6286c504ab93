import { servicesContext } from "~/context";
import { ArticleCard } from "~/components/article-card";
import { SiteShell } from "~/components/layout/site-shell";
import type { Route } from "./+types/home";

const LATEST_COUNT = 12;

export async function loader({ context }: Route.LoaderArgs) {
  const { articles, site } = context.get(servicesContext);
  return { siteName: site.name, articles: await articles.listLatestPublished(LATEST_COUNT) };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.siteName ?? "Byline"}: technology news` },
    { name: "description", content: "The latest technology news: AI, startups, mobile, cloud, gadgets, software and security." },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { siteName, articles } = loaderData;
  return (
    <SiteShell>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Latest Stories</h1>
      {articles.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">No articles have been published yet.</p>
      ) : (
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {articles.map((article, index) => (
            <li key={article.id}>
              <ArticleCard article={article} eager={index < 3} />
            </li>
          ))}
        </ul>
      )}
    </SiteShell>
  );
}
