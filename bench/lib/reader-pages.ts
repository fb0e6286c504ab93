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
