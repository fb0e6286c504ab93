import { data, redirect } from "react-router";
import type { OldAddressService } from "~/services/old-addresses/old-addresses.server";
import { articlePath } from "~/utils/articles";

/**
 * An address no page answers: an imported article's old Ghost or WordPress address ("/my-post/") answers a permanent
 * redirect to the article, a moved page's old address one to where it lives now; anything else is a real 404, shown
 * by the root error boundary. Thrown, for the catch-all and the pages' route alike.
 */
export async function answerUnknownAddress(request: Request, oldAddresses: OldAddressService): Promise<never> {
  const url = new URL(request.url);
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
