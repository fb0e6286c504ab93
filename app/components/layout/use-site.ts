import { useRouteLoaderData } from "react-router";
import type { Headline } from "~/utils/articles";
import type { SiteInfo } from "~/utils/seo";

interface RootData {
  site: SiteInfo;
  headlines: Headline[];
}

const FALLBACK: RootData = { site: { name: "Byline", url: "", timeZone: "UTC", adsenseClient: undefined }, headlines: [] };

/** The root loader's data: site information and the latest headlines. */
export function useSite(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? FALLBACK;
}
