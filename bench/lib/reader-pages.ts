/** The reader pages the load and bundle measurements request. */
import { rawGet } from "./processes";

/** A word in a large share of the synthetic articles (the most frequent of their general nouns). */
export const COMMON_SEARCH_WORD = "platform";

/** The first article the home page links to: a published one. */
export async function findArticlePath(baseUrl: string): Promise<string> {
  const home = await rawGet(`${baseUrl}/`, { "Accept-Encoding": "identity" });
  const match = /href="(\/article\/\d+)"/.exec(home.body.toString("utf8"));
  if (home.status !== 200 || !match) throw new Error(`The home page (status ${home.status}) links to no article.`);
  return match[1]!;
}

/** Home, a category, an article and a search for a common word. */
export async function readerPaths(baseUrl: string): Promise<string[]> {
  return ["/", "/category/ai", await findArticlePath(baseUrl), `/search?query=${COMMON_SEARCH_WORD}`];
}

/** Up to `limit` article paths from the sitemap, for requesting many different articles in turn. */
export async function articlePaths(baseUrl: string, limit: number): Promise<string[]> {
  const paths: string[] = [];
  const index = await rawGet(`${baseUrl}/sitemap.xml`, { "Accept-Encoding": "identity" });
  if (index.status !== 200) throw new Error(`/sitemap.xml answered ${index.status}.`);
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const pending = [index.body.toString("utf8")];
  while (pending.length > 0 && paths.length < limit) {
    for (const location of locations(pending.shift()!)) {
      if (/^\/article\/\d+$/.test(location)) paths.push(location);
      else if (/^\/sitemaps\/articles\/\d+\.xml$/.test(location)) {
        const part = await rawGet(`${baseUrl}${location}`, { "Accept-Encoding": "identity" });
        if (part.status === 200) pending.push(part.body.toString("utf8"));
      }
    }
  }
  if (paths.length === 0) throw new Error("The sitemap lists no article.");
  return paths.slice(0, limit);
}
