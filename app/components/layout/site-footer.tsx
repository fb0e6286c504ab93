import { CATEGORIES } from "~/utils/categories";
import { useRenderFragment } from "../fragments";
import { useSite } from "./use-site";

/** The spec's footer categories (all but Software). */
const FOOTER_CATEGORIES = CATEGORIES.filter((category) => category !== "Software");

const COMPANY_LINKS = [
  { href: "/about", label: "About" },
  { href: "/careers", label: "Careers" },
  { href: "/advertise", label: "Advertise" },
  { href: "/contact", label: "Contact" },
  { href: "/corrections", label: "Corrections" },
];

const LEGAL_LINKS = [
  { href: "/terms", label: "Terms of Service" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/cookie-policy", label: "Cookie Policy" },
];

const linkClass = "text-slate-600 hover:text-blue-700 hover:underline dark:text-slate-400 dark:hover:text-blue-300";

const FOOTER_CLASS = "mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40 print:hidden";

export function SiteFooter() {
  const siteData = useSite();
  const renderFragment = useRenderFragment();
  const year = new Date().getFullYear();
  const contents = <FooterContents siteName={siteData.site.name} social={siteData.site.social} year={year} />;
  if (!renderFragment) return <footer className={FOOTER_CLASS}>{contents}</footer>;
  // The same on every reader page (decision 030); the site information is one object until the settings change.
  const markup = renderFragment(siteData.site, "site-footer", `${siteData.site.name}\u0000${year}`, contents);
  return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: markup }} />;
}

function FooterContents({
  siteName,
  social,
  year,
}: {
  siteName: string;
  social: { label: string; url: string }[];
  year: number;
}) {
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <a href="/" className="text-xl font-extrabold tracking-tight">
            {siteName}
          </a>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Technology news for curious readers: AI, startups, mobile, cloud, gadgets, software and security.
          </p>
          <p className="mt-3 text-sm">
            <a href="/rss.xml" className={linkClass}>
              RSS feed
            </a>
          </p>
          {social.length > 0 ? (
            <ul aria-label={`${siteName} elsewhere`} className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {social.map((account) => (
                <li key={account.url}>
                  <a href={account.url} rel="me noopener" className={linkClass}>
                    {account.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <FooterLinks
          title="Categories"
          links={FOOTER_CATEGORIES.map((c) => ({ href: `/category/${c.toLowerCase()}`, label: c }))}
        />
        <FooterLinks title="Company" links={COMPANY_LINKS} />
        <FooterLinks title="Legal" links={LEGAL_LINKS} />
      </div>
      <p className="border-t border-slate-200 py-5 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {year} {siteName}. All rights reserved.
      </p>
    </>
  );
}

function FooterLinks({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
