import { servicesContext } from "~/context";
import type { Route } from "./+types/web-manifest";
import { uncachedResourceHandle } from "~/route-handle";

export const handle = uncachedResourceHandle;

/**
 * `/site.webmanifest`: the name and icons a phone's home screen uses when a reader adds the site to it (the newsroom's
 * icon in 192 and 512 px when it has one, else the stock SVG), and the accent as its colour (decision 038).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(servicesContext);
  const icons = site.icons
    ? site.icons.manifest.map((src, index) => ({ src, sizes: index === 0 ? "192x192" : "512x512", type: "image/png" }))
    : [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];
  const manifest = {
    name: site.name,
    short_name: site.name,
    description: site.description,
    lang: site.language,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: site.accent?.light ?? "#1d4ed8",
    icons,
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
