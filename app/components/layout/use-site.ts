import { createContext, useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import type { Headline } from "~/domain/articles";
import type { SiteInfo } from "~/utils/seo";
import { DEFAULT_MENUS, type SiteMenus } from "~/validation/menus";
import { DEFAULT_SITE_INFO } from "~/validation/site-settings";
import { defaultSections, type SectionInfo } from "~/validation/sections";

export interface RootData {
  site: SiteInfo;
  /** The newsroom's sections in their order (decision 042). */
  sections: readonly SectionInfo[];
  /** The header and footer menus; `stamp` changes whenever they do (it keys the header and footer kept as markup). */
  menus: SiteMenus & { stamp: number };
  headlines: Headline[];
}

const FALLBACK: RootData = {
  site: { ...DEFAULT_SITE_INFO, url: "" },
  sections: defaultSections({}).map((section, index) => ({ ...section, id: index + 1 })),
  menus: { ...DEFAULT_MENUS, stamp: 0 },
  headlines: [],
};

/** The root loader's data handed to a part of the page rendered on its own, outside the router (app/components/fragments.tsx). */
export const SiteDataContext = createContext<RootData | null>(null);

/** The root loader's data: site information, the sections, the menus and the latest headlines. */
export function useSite(): RootData {
  const handed = useContext(SiteDataContext);
  // What useRouteLoaderData("root") reads, without its complaint when there is no router around a fragment.
  const router = useContext(UNSAFE_DataRouterStateContext);
  return handed ?? (router?.loaderData.root as RootData | undefined) ?? FALLBACK;
}

/** The site information the root loader put on the page, for a route's `meta` function. */
export function siteFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): SiteInfo {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? DEFAULT_SITE_INFO;
}

/** The sections' names in their order: what every section select offers. */
export function useSectionNames(): string[] {
  return useSite().sections.map((section) => section.name);
}
