import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { readerPageHandle } from "~/route-handle";
import { articlePath } from "~/utils/articles";
import type { Route } from "./+types/not-found";

export const handle = readerPageHandle;

/**
 * Any URL no other route matches: an imported article's old Ghost or WordPress address ("/my-post/") answers a
 * permanent redirect to the article, a moved page's old address one to where it lives now; anything else is a real 404, shown by the root error boundary.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { oldAddresses } = context.get(servicesContext);
  const articleId = await oldAddresses.articleFor(url.pathname);
  if (articleId !== null) throw redirect(articlePath(articleId), 301);
  const movedTo = await oldAddresses.movedTo(`${url.pathname}${url.search}`);
  if (movedTo !== null) throw redirect(movedTo, 301);
  // The front door lets "/x/" through to this route so that an old address above takes one hop; any other
  // address asked with a trailing slash goes to its one spelling, as everywhere else.
  if (url.pathname.length > 1 && url.pathname.endsWith("/"))
    throw redirect(`${url.pathname.replace(/\/+$/, "") || "/"}${url.search}`, 308);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
