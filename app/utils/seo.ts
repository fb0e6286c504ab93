import type { MetaDescriptor } from "react-router";
import type { SocialImage } from "./responsive-images";

/** What every page may know about the site: its name, public address and ad network. Never a secret. */
export interface SiteInfo {
  name: string;
  /** The public origin from SITE_URL, without a trailing slash. */
  url: string;
  /** The newsroom's IANA time zone (TIME_ZONE): reader dates are written in it. */
  timeZone: string;
  adsenseClient: string | undefined;
  /** Article views are counted (ANALYTICS, decision 032): the article page carries the view beacon. */
  analytics?: boolean;
}

export interface PageMetaInput {
  /** The whole document title. */
  title: string;
  description: string;
  /** The page's path on the site, such as `/article/12`; the canonical URL is SITE_URL plus this. */
  path: string;
  /** A cover image, absolute or site-relative; with its size and type when the image service made it (decision 025). */
  image?: string | SocialImage;
  /** What the image shows, for `og:image:alt` and `twitter:image:alt`; the title when not given. */
  imageAlt?: string;
  type?: "website" | "article";
}

/** A site-relative path or an absolute URL, made absolute on SITE_URL. */
export function absoluteUrl(site: Pick<SiteInfo, "url">, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.url}/`).toString();
}

/** "{title} | {site name}", the title of every page but the home page. */
export function pageTitle(site: Pick<SiteInfo, "name">, title: string): string {
  return `${title} | ${site.name}`;
}

/** Title, description, canonical URL, OpenGraph and Twitter card tags for one page. */
export function pageMeta(
  site: SiteInfo,
  { title, description, path, image, imageAlt, type = "website" }: PageMetaInput,
): MetaDescriptor[] {
  const url = absoluteUrl(site, path);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: (typeof image === "string" ? image : image?.url) ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  const social = typeof image === "string" ? { url: image } : image;
  if (social?.url) {
    const imageUrl = absoluteUrl(site, social.url);
    const alt = imageAlt ?? title;
    tags.push({ property: "og:image", content: imageUrl });
    if (social.type) tags.push({ property: "og:image:type", content: social.type });
    if (social.width && social.height) {
      tags.push(
        { property: "og:image:width", content: String(social.width) },
        { property: "og:image:height", content: String(social.height) },
      );
    }
    tags.push(
      { property: "og:image:alt", content: alt },
      { name: "twitter:image", content: imageUrl },
      { name: "twitter:image:alt", content: alt },
    );
  }
  return tags;
}

/** The site information the root loader put on the page, for a route's `meta` function. */
export function siteFromMatches(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): SiteInfo {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: SiteInfo } | undefined;
  return root?.site ?? { name: "Byline", url: "http://localhost", timeZone: "UTC", adsenseClient: undefined };
}

/** An admin page's title; search engines are asked to keep out (robots.txt says so too). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}
