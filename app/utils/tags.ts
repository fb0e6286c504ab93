/*
 * Tags: free topics across sections, each at /tag/{slug}. Pure rules shared by the editor, the admin
 * table and the services: how long a name may be, how many an article carries, how an address is made from a name.
 */

/** The most tags an article carries: enough for its topics, few enough to mean something. */
export const MAX_TAGS_PER_ARTICLE = 10;
/** The longest tag name. */
export const TAG_NAME_MAX_LENGTH = 50;
/** The longest address (the rule for every address: 1 to 60 characters). */
export const TAG_SLUG_MAX_LENGTH = 60;
/** Lower-case a-z and 0-9 in words joined by single hyphens, as the database's check has it. */
export const TAG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a tag is made from when its name has no letter a slug can keep ("日本"): "tag", then "tag-2". */
const FALLBACK_SLUG = "tag";

/** Letters that NFKD does not take apart into a base letter and an accent. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
};

/** A tag name as it is kept: trimmed, with runs of spaces inside made one ("  EU  AI Act " is "EU AI Act"). */
export function normaliseTagName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** The key two names are the same tag by: case does not count ("openai" is "OpenAI"). */
export function tagNameKey(name: string): string {
  return normaliseTagName(name).toLowerCase();
}

/**
 * The address made from a name: accents dropped ("Café" is "cafe"), anything else but a-z and 0-9 a hyphen, at most
 * 60 characters, ending on a whole word where it can: "EU AI Act" is "eu-ai-act".
 */
export function tagSlug(name: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (letter) => TRANSLITERATIONS[letter] ?? letter)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutSlug(plain, TAG_SLUG_MAX_LENGTH) || FALLBACK_SLUG;
}

/** At most `max` characters, cut at a hyphen when there is one in the second half, never ending on one. */
function cutSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > max / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

/**
 * `base` when no tag has it, else the first of "base-2", "base-3"... that is free, still at most 60 characters.
 * `taken` answers whether a slug is in use.
 */
export function uniqueTagSlug(base: string, taken: (slug: string) => boolean): string {
  if (!taken(base)) return base;
  for (let number = 2; ; number += 1) {
    const suffix = `-${number}`;
    const candidate = `${cutSlug(base, TAG_SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}

/** A tag's page; its feeds are `${tagPath(slug)}/rss.xml` and `/feed.json`. */
export function tagPath(slug: string): string {
  return `/tag/${slug}`;
}

/** A tag as readers see it: its name and where it lives. */
export interface TagLink {
  name: string;
  slug: string;
}
