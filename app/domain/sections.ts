/**
 * The specification's seven categories, in the order the admin filters list them: the sections a fresh install starts
 * with (app/validation/sections.ts). A newsroom's own list lives in the database and is read through the sections
 * service; these names are only its defaults (and the demo content's, the benches' and the tests').
 */
export const CATEGORIES = ["AI", "Mobile", "Startups", "Cloud", "Gadgets", "Software", "Security"] as const;

/** A section's name, as an article names its section. */
export type Category = string;

/** One of the specification's seven. */
export type SpecCategory = (typeof CATEGORIES)[number];

/** What each of the specification's categories covers, under its heading: the default sections' descriptions. */
export const CATEGORY_SUBTITLES: Record<SpecCategory, string> = {
  AI: "Models, research, tools and the companies building artificial intelligence.",
  Mobile: "Phones, tablets, apps and the platforms that run them.",
  Startups: "Funding rounds, launches, founders and the business of new technology.",
  Cloud: "Infrastructure, data centres, platforms and the services built on them.",
  Gadgets: "Hands-on reviews and news about the devices in your bag and on your desk.",
  Software: "Languages, frameworks, developer tools and the products built with them.",
  Security: "Vulnerabilities, breaches, privacy and how to stay safe.",
};

/** The longest section name (decision 042): a badge, a menu label and a page heading must hold it. */
export const SECTION_NAME_MAX = 40;
