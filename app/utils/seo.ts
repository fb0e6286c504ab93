import type { MetaDescriptor } from "react-router";
import type { IconSet, SocialImage } from "./responsive-images";

/** The addresses readers may write to, by what they are for. */
export interface ContactAddresses {
  general: string;
  tips: string;
  press: string;
  ads: string;
  careers: string;
}

/**
 * What every page may know about the site: its name, public address, language, the newsroom's addresses and its ad
 * slots, from the settings in force (decision 038). Never a secret.
 */
export interface SiteInfo {
  name: string;
  /** The public origin from SITE_URL, without a trailing slash. */
  url: string;
  /** The newsroom's IANA time zone: reader dates are written in it. */
  timeZone: string;
  /** A BCP 47 tag: `<html lang>`, the feeds, the News sitemap. */
  language: string;
  /** What the newsroom publishes, in a few words ("technology news"): the home page's title after the name. */
  tagline: string;
  /** The home page's description, the feeds'. */
  description: string;
  /** The ad network's client id when the ad slots show its units. */
  adsenseClient: string | undefined;
  /** What ad slots show: the spec's placeholders, the network's units, or no slot at all. */
  adSlots: "placeholder" | "adsense" | "none";
  contact: ContactAddresses;
  /** The newsroom's accounts elsewhere: the footer's links and the Organization's `sameAs`. */
  social: { label: string; url: string }[];
  /** The image a page without a cover of its own shares, or "". */
  defaultSocialImage: string;
  /** The logo, and the one the dark theme shows (the same when there is no other), or null: the name as text. */
  logo: { light: string; dark: string } | null;
  /** The newsroom's icon in its sizes, made from an upload; null for the stock icon (favicon.svg). */
  icons: IconSet | null;
  /** The accent's two tones (light and dark theme), or null for the specification's blue. */
  accent: { light: string; dark: string } | null;
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

/** A page's two feeds (a section's, a tag's, an author's): RSS at `{page}/rss.xml`, JSON Feed at `{page}/feed.json`. */
export function feedPathsOf(pagePath: string): [rss: string, json: string] {
  return [`${pagePath}/rss.xml`, `${pagePath}/feed.json`];
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
  const own: SocialImage | undefined = typeof image === "string" ? { url: image } : image;
  // A page without a cover of its own shares the newsroom's default image, when it has one.
  const social: SocialImage | undefined = own?.url ? own : site.defaultSocialImage ? { url: site.defaultSocialImage } : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: social?.url ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
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

/** An admin page's title; search engines are asked to keep out (robots.txt says so too). */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}
