import { SitePage } from "~/components/info/page-view";
import { servicesContext } from "~/context";
import { readerPageHandle, type RouteHandle } from "~/route-handle";
import { pageView } from "~/services/pages/page-view.server";
import { pageMeta, pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import { PAGE_ADDRESS_PATTERN } from "~/validation/page";
import type { Route } from "./+types/page";
import { answerUnknownAddress } from "./unknown-address.server";

export const handle = {
  ...readerPageHandle,
  cache: { query: ["newsletter"] },
  answersOldAddresses: true,
  params: { slug: PAGE_ADDRESS_PATTERN },
} satisfies RouteHandle;

/**
 * A page of the site at its one-segment address (decision 039): About, the policies, what editors added. A draft, a
 * deleted page or an unknown address is answered as the catch-all answers it: a moved address 301, else 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const slug = params.slug;
  const asked = new URL(request.url).pathname;
  const page = PAGE_ADDRESS_PATTERN.test(slug) && asked === `/${slug}` ? await services.pages.published(slug) : null;
  if (!page) return answerUnknownAddress(request, services.oldAddresses);
  return {
    page: pageView(page, services.site, {
      onError: (error) => services.logger.error({ err: error, page: page.slug }, "page markdown conversion failed"),
    }),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [];
  const { page } = loaderData;
  return pageMeta(site, { title: pageTitle(site, page.title), description: page.description, path: page.path });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <SitePage page={loaderData.page} />;
}
