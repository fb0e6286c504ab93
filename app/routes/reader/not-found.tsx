import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { readerPageHandle } from "~/route-handle";
import { articlePath } from "~/utils/articles";
import type { Route } from "./+types/not-found";

export const handle = readerPageHandle;

/**
 * Any URL no other route matches: an imported article's old Ghost or WordPress address ("/my-post/") answers a
 * permanent redirect to the article; anything else is a real 404, shown by the root error boundary.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const articleId = await context.get(servicesContext).oldAddresses.articleFor(url.pathname);
  if (articleId !== null) throw redirect(articlePath(articleId), 301);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
