import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import type { ReactNode } from "react";
import appStylesheet from "./app.css?url";
import { adNetworkScriptUrl } from "./components/ad-slot";
import { IslandsContext } from "./components/island-template";
import { SiteShell } from "./components/layout/site-shell";
import { useSite } from "./components/layout/use-site";
import { useIslandsSrc, useNonce } from "./components/nonce";
import { THEME_BOOT_SCRIPT } from "./components/theme";
import { accentStyle } from "./utils/colour";
import { sectionStyle } from "./validation/sections";
import readerStylesheet from "./reader.css?url";
import { servicesContext } from "./context";
import { shouldHydrate } from "./route-handle";
import type { Route } from "./+types/root";

// The stylesheet is chosen in Layout: reader pages get the smaller reader.css (decision 026).
// The icons are the newsroom's (settings), drawn in Layout.
export const links: LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Latest stories", href: "/rss.xml" },
  { rel: "alternate", type: "application/feed+json", title: "Latest stories", href: "/feed.json" },
];

/** What every page needs: the public site information, the sections, the menus and the headlines behind the notifications bell. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteSnapshot, sections, menus, articles } = context.get(servicesContext);
  return { site: siteSnapshot(), sections: sections.info(), menus: menus.current(), headlines: await articles.listHeadlines() };
}

/** A newsletter sign-up changes nothing the layout shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/newsletter" ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const islandsSrc = useIslandsSrc();
  const { site, sections } = useSite();
  // Reader pages are not hydrated: instead of React and the router they load the islands script (decision 016).
  const hydrate = shouldHydrate(useMatches().map((match) => match.handle));
  return (
    // The boot script sets the theme class before the first paint, so React must not fight it.
    <html lang={site.language} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {site.icons ? (
          <>
            <link rel="icon" href={site.icons.png32} sizes="32x32" type="image/png" />
            <link rel="apple-touch-icon" href={site.icons.appleTouch} />
            <link rel="manifest" href="/site.webmanifest" />
          </>
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <link rel="stylesheet" href={hydrate ? appStylesheet : readerStylesheet} />
        {/* The newsroom's accent in the place of the blue every accent is drawn with (decision 038). */}
        {site.accent ? <style>{accentStyle(site.accent.light, site.accent.dark)}</style> : null}
        {/* Each section's badge colours, both themes (decision 042). */}
        <style>{sectionStyle(sections)}</style>
        <Links />
        {hydrate ? null : <script type="module" src={islandsSrc} />}
        {site.adsenseClient ? (
          <script async nonce={nonce} src={adNetworkScriptUrl(site.adsenseClient)} crossOrigin="anonymous" />
        ) : null}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <IslandsContext.Provider value={!hydrate}>{children}</IslandsContext.Provider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A request the server could not read (400) says why in a plain sentence; other errors say only that something went wrong.
  const badRequest = isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string" ? error.data : null;
  const location = useLocation();
  return (
    <SiteShell>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
        <title>{notFound ? "Page not found" : "Something went wrong"}</title>
        <h1 className="text-3xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
        {notFound ? (
          <>
            <p className="text-slate-600 dark:text-slate-400">The page you're looking for doesn't exist or has been moved.</p>
            <a href="/" className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
              Back to home
            </a>
          </>
        ) : (
          <>
            <p className="text-slate-600 dark:text-slate-400">{badRequest ?? "Please try refreshing the page"}</p>
            <form method="get">
              {/* A GET form replaces the query string with its fields; these keep the page's own. */}
              {[...new URLSearchParams(location.search)].map(([name, value], index) => (
                <input key={index} type="hidden" name={name} value={value} />
              ))}
              <button type="submit" className="rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700">
                Refresh Page
              </button>
            </form>
          </>
        )}
      </div>
    </SiteShell>
  );
}
