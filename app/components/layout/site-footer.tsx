import type { FooterColumn } from "~/validation/menus";
import { useRenderFragment } from "../fragments";
import { useSite } from "./use-site";

const linkClass = "text-slate-600 hover:text-blue-700 hover:underline dark:text-slate-400 dark:hover:text-blue-300";

const FOOTER_CLASS = "mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40 print:hidden";

export function SiteFooter() {
  const siteData = useSite();
  const renderFragment = useRenderFragment();
  const year = new Date().getFullYear();
  const { menus } = siteData;
  const contents = (
    <FooterContents
      siteName={siteData.site.name}
      social={siteData.site.social}
      year={year}
      blurb={menus.footer.blurb}
      columns={menus.footer.columns}
    />
  );
  if (!renderFragment) return <footer className={FOOTER_CLASS}>{contents}</footer>;
  // The same on every reader page (decision 030); the site information is one object until the settings change, and
  // the menus' stamp changes with them.
  const markup = renderFragment(siteData.site, "site-footer", `${siteData.site.name}\u0000${year}\u0000${menus.stamp}`, contents);
  return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: markup }} />;
}

function FooterContents({
  siteName,
  social,
  year,
  blurb,
  columns,
}: {
  siteName: string;
  social: { label: string; url: string }[];
  year: number;
  blurb: string;
  columns: readonly FooterColumn[];
}) {
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <a href="/" className="text-xl font-extrabold tracking-tight">
            {siteName}
          </a>
          {blurb ? <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{blurb}</p> : null}
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
        {columns.map((column, index) => (
          <FooterLinks key={index} column={column} />
        ))}
      </div>
      <p className="border-t border-slate-200 py-5 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {year} {siteName}. All rights reserved.
      </p>
    </>
  );
}

/** A footer column: its heading names its navigation landmark. */
function FooterLinks({ column }: { column: FooterColumn }) {
  return (
    <nav aria-label={column.heading}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-slate-100">{column.heading}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {column.links.map((link, index) => (
          <li key={index}>
            <a href={link.target} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
