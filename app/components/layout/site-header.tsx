import { Menu, X } from "lucide-react";
import { useLocation } from "react-router";
import { NEWSLETTER_ANCHOR } from "../newsletter-signup";
import { ThemeToggle } from "../theme";
import { HeaderSearch } from "./header-search";
import { NotificationsBell } from "./notifications-bell";
import type { Headline } from "~/domain/articles";
import type { SiteInfo } from "~/utils/seo";
import { isSitePath, type MenuLink } from "~/validation/menus";
import { useRenderFragment } from "../fragments";
import { SiteDataContext, useSite } from "./use-site";

/**
 * The header link a path belongs to, if any: the home page's own, or the site path the path is at or under
 * ("/category/ai" for "/category/ai/page/2"). Links to other sites never are.
 */
function currentLink(links: readonly MenuLink[], pathname: string): string | undefined {
  const path = pathname.toLowerCase();
  return links.find(({ target }) => {
    if (!isSitePath(target)) return false;
    const base = target
      .replace(/[?#].*$/s, "")
      .toLowerCase()
      .replace(/(.)\/+$/, "$1");
    return base === "/" ? path === "/" : path === base || path.startsWith(`${base}/`);
  })?.target;
}

const HEADER_CLASS =
  "sticky top-0 z-40 border-b border-transparent bg-white transition-shadow data-scrolled:border-slate-200 data-scrolled:bg-white/80 data-scrolled:shadow-md data-scrolled:backdrop-blur-md dark:bg-slate-950 dark:data-scrolled:border-slate-800 dark:data-scrolled:bg-slate-950/80 print:static";

export function SiteHeader() {
  const siteData = useSite();
  const links = siteData.menus.header;
  const current = currentLink(links, useLocation().pathname);
  const renderFragment = useRenderFragment();
  const contents = (
    <HeaderContents
      siteName={siteData.site.name}
      logo={siteData.site.logo}
      headlines={siteData.headlines}
      links={links}
      current={current}
    />
  );
  // The islands script sets data-scrolled after 10 px of scrolling (islands/site-header.ts).
  if (!renderFragment) {
    return (
      <header data-site-header="" className={HEADER_CLASS}>
        {contents}
      </header>
    );
  }
  // On a reader page the header is the same for every page of a section until the headlines change (decision 030).
  // Its markup is kept by the headlines and the key below: nothing per request (nonce, reader, query) may go inside.
  const { name, timeZone, logo } = siteData.site;
  const markup = renderFragment(
    siteData.headlines,
    "site-header",
    `${name}\u0000${timeZone}\u0000${logo?.light ?? ""}\u0000${logo?.dark ?? ""}\u0000${current ?? ""}\u0000${siteData.menus.stamp}`,
    <SiteDataContext.Provider value={siteData}>{contents}</SiteDataContext.Provider>,
  );
  return <header data-site-header="" className={HEADER_CLASS} dangerouslySetInnerHTML={{ __html: markup }} />;
}

function HeaderContents({
  siteName,
  logo,
  headlines,
  links,
  current,
}: {
  siteName: string;
  logo: SiteInfo["logo"];
  headlines: Headline[];
  links: readonly MenuLink[];
  current: string | undefined;
}) {
  return (
    <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3 sm:px-6">
      <a href="/" className="shrink-0 text-2xl font-extrabold tracking-tight">
        <SiteLogo name={siteName} logo={logo} />
      </a>
      <NavLinks
        label="Main"
        links={links}
        current={current}
        navClass="hidden lg:block print:hidden"
        listClass="flex items-center gap-1"
        linkClass="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-blue-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:text-blue-300"
      />
      <div className="ml-auto hidden w-full max-w-xs md:block print:hidden">
        <HeaderSearch id="header-search" />
      </div>
      <div className="ml-auto flex items-center gap-1 md:ml-0 print:hidden">
        <ThemeToggle />
        <NotificationsBell headlines={headlines} />
        <a
          href={`/#${NEWSLETTER_ANCHOR}`}
          data-newsletter-link=""
          className="ml-1 hidden rounded-full bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 sm:inline-block"
        >
          Subscribe
        </a>
        <MobileMenu links={links} current={current} />
      </div>
    </div>
  );
}

/**
 * The small-screen menu: navigation, search and Subscribe. A native disclosure, so it works without JavaScript;
 * the islands script closes it on Escape, an outside click or Subscribe, and names its button (islands/disclosures.ts).
 */
function MobileMenu({ links, current }: { links: readonly MenuLink[]; current: string | undefined }) {
  return (
    <details data-disclosure="menu" className="group lg:hidden">
      <summary
        aria-label="Open menu"
        data-open-label="Close menu"
        data-closed-label="Open menu"
        className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <Menu aria-hidden className="size-5 group-open:hidden" />
        <X aria-hidden className="hidden size-5 group-open:block" />
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-3 pb-5 shadow-lg dark:border-slate-800 dark:bg-slate-950">
        <div className="md:hidden">
          <HeaderSearch id="mobile-search" />
        </div>
        <NavLinks
          label="Mobile"
          links={links}
          current={current}
          navClass="mt-3"
          listClass="grid gap-1"
          linkClass="block rounded-lg px-3 py-2 font-medium hover:bg-slate-100 aria-[current=page]:text-blue-700 dark:hover:bg-slate-800 dark:aria-[current=page]:text-blue-300"
        />
        <a
          href={`/#${NEWSLETTER_ANCHOR}`}
          data-newsletter-link=""
          className="mt-3 block rounded-lg bg-blue-600 px-4 py-2 text-center font-semibold text-white hover:bg-blue-700 sm:hidden"
        >
          Subscribe
        </a>
      </div>
    </details>
  );
}

/** The header menu's links, the current section's marked for assistive technology and styled by its aria-current. */
function NavLinks({
  label,
  links,
  current,
  navClass,
  listClass,
  linkClass,
}: {
  label: string;
  links: readonly MenuLink[];
  current: string | undefined;
  navClass: string;
  listClass: string;
  linkClass: string;
}) {
  return (
    <nav aria-label={label} className={navClass}>
      <ul className={listClass}>
        {links.map((link, index) => (
          <li key={index}>
            <a href={link.target} aria-current={link.target === current ? "page" : undefined} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The newsroom's logo (settings), its dark-theme version on the dark theme, named by the publication's name; the name
 * as text without one.
 */
export function SiteLogo({ name, logo }: { name: string; logo: SiteInfo["logo"] }) {
  if (!logo) return <>{name}</>;
  if (logo.dark === logo.light) return <img src={logo.light} alt={name} className="h-8 w-auto max-w-48 object-contain" />;
  return (
    <>
      <img src={logo.light} alt={name} className="h-8 w-auto max-w-48 object-contain dark:hidden" />
      <img src={logo.dark} alt={name} className="hidden h-8 w-auto max-w-48 object-contain dark:block" />
    </>
  );
}
