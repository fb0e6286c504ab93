import type { Category, SpecCategory } from "../domain/sections";

/**
 * The 15 labelled stock covers of the image picker, served by the site itself from public/images/stock/, so
 * pages never depend on a third-party image host.
 */
export const STOCK_IMAGES = [
  { label: "AI/Technology", slug: "ai-technology" },
  { label: "Mobile/Smartphone", slug: "mobile-smartphone" },
  { label: "Startup/Business", slug: "startup-business" },
  { label: "Cloud/Data Center", slug: "cloud-data-center" },
  { label: "Gadgets/Hardware", slug: "gadgets-hardware" },
  { label: "Software/Code", slug: "software-code" },
  { label: "Security/Protection", slug: "security-protection" },
  { label: "Apple Products", slug: "apple-products" },
  { label: "Google/Android", slug: "google-android" },
  { label: "Microsoft/Windows", slug: "microsoft-windows" },
  { label: "Tesla/Electric Vehicle", slug: "tesla-electric-vehicle" },
  { label: "Social Media", slug: "social-media" },
  { label: "Cryptocurrency", slug: "cryptocurrency" },
  { label: "VR/AR", slug: "vr-ar" },
  { label: "General Tech", slug: "general-tech" },
] as const;

export type StockImage = (typeof STOCK_IMAGES)[number];
export type StockImageLabel = StockImage["label"];

export const STOCK_IMAGE_WIDTH = 1200;
export const STOCK_IMAGE_HEIGHT = 675;

export function stockImageUrl(label: StockImageLabel): string {
  const image = STOCK_IMAGES.find((candidate) => candidate.label === label);
  if (!image) throw new Error(`Unknown stock image: ${label}`);
  return `/images/stock/${image.slug}.svg`;
}

/** The cover to use in e-mail: stock SVG covers map to their PNG copy; any other URL is returned unchanged. */
export function emailSafeImageUrl(url: string): string {
  // Gmail and Outlook show no SVG; scripts/render-email-covers.ts draws the PNG copies.
  const [, origin = "", slug] = /^((?:https?:\/\/[^/?#]+)?)\/images\/stock\/([a-z0-9-]+)\.svg$/.exec(url) ?? [];
  if (!STOCK_IMAGES.some((image) => image.slug === slug)) return url;
  return `${origin}/images/stock/email/${slug}.png`;
}

/** The cover each category falls back to. */
export const CATEGORY_STOCK_IMAGE: Record<SpecCategory, StockImageLabel> = {
  AI: "AI/Technology",
  Mobile: "Mobile/Smartphone",
  Startups: "Startup/Business",
  Cloud: "Cloud/Data Center",
  Gadgets: "Gadgets/Hardware",
  Software: "Software/Code",
  Security: "Security/Protection",
};

/**
 * The spec's image choice by keyword (section 5), in its order: the first keyword found picks the
 * cover. Names and acronyms match case-sensitively as whole words ("AI" but not "said" or "Ai";
 * "Apple" but not "apple pie"), common words case-insensitively. Each keyword also catches a few
 * words that plainly mean it (iPhone for Apple, Android for Google, bitcoin for crypto).
 */
export const IMAGE_KEYWORDS: readonly { keyword: string; pattern: RegExp; label: StockImageLabel }[] = [
  {
    keyword: "AI",
    pattern: /\bAI\b|\b[Aa]rtificial [Ii]ntelligence\b|\bOpenAI\b|\bChatGPT\b|\bGPT-\d|\bLLMs?\b|\b[Mm]achine [Ll]earning\b/,
    label: "AI/Technology",
  },
  { keyword: "Apple", pattern: /\bApple\b|\biPhones?\b|\biPads?\b|\bMacBooks?\b|\bmacOS\b/, label: "Apple Products" },
  { keyword: "Google", pattern: /\bGoogle\b|\bAndroid\b|\bAlphabet\b/, label: "Google/Android" },
  { keyword: "Microsoft", pattern: /\bMicrosoft\b|\bWindows\b/, label: "Microsoft/Windows" },
  { keyword: "Tesla", pattern: /\bTesla\b|\b[Ee]lectric [Vv]ehicles?\b|\bEVs?\b/, label: "Tesla/Electric Vehicle" },
  { keyword: "Meta", pattern: /\bMeta\b|\bFacebook\b|\bInstagram\b|\bWhatsApp\b|\b[Ss]ocial [Mm]edia\b/, label: "Social Media" },
  {
    keyword: "security",
    pattern:
      /\b(?:cyber)?security\b|\bhack(?:s|ers?|ed|ing)?\b|\bbreach(?:es)?\b|\bransomware\b|\bmalware\b|\bvulnerabilit(?:y|ies)\b/i,
    label: "Security/Protection",
  },
  { keyword: "cloud", pattern: /\bcloud\b|\bdata cent(?:er|re)s?\b/i, label: "Cloud/Data Center" },
  { keyword: "startups", pattern: /\bstart-?ups?\b|\bventure capital\b|\bfunding round\b/i, label: "Startup/Business" },
  { keyword: "mobile", pattern: /\bmobile\b|\bsmartphones?\b/i, label: "Mobile/Smartphone" },
  { keyword: "gadgets", pattern: /\bgadgets?\b|\bwearables?\b|\bhardware\b/i, label: "Gadgets/Hardware" },
  { keyword: "software", pattern: /\bsoftware\b|\bdevelopers?\b|\bprogramming\b/i, label: "Software/Code" },
  {
    keyword: "crypto",
    pattern: /\bcrypto(?:currenc(?:y|ies))?\b|\bbitcoin\b|\bethereum\b|\bblockchain\b/i,
    label: "Cryptocurrency",
  },
  {
    keyword: "VR",
    pattern: /\bVR\b|\bAR\b|\b[Vv]irtual [Rr]eality\b|\b[Aa]ugmented [Rr]eality\b|\b[Mm]ixed [Rr]eality\b/,
    label: "VR/AR",
  },
];

/** The cover for a category; an unknown category gets the Software cover. */
function categoryImageLabel(category: string): StockImageLabel {
  return Object.hasOwn(CATEGORY_STOCK_IMAGE, category) ? CATEGORY_STOCK_IMAGE[category as SpecCategory] : "Software/Code";
}

/** The first keyword's cover found in a text, or null. */
export function keywordImageLabel(text: string): StockImageLabel | null {
  return IMAGE_KEYWORDS.find(({ pattern }) => pattern.test(text))?.label ?? null;
}

/**
 * The stock cover of a generated article: the first keyword (in the spec's order) in the title or
 * excerpt, else the first in the content, else the section's cover, else Software/Code. The title
 * and excerpt say what the story is about; the body mentions many things in passing, so it only
 * decides when they say nothing.
 */
export function imageForArticle({
  title,
  excerpt,
  content,
  category,
  sectionCover,
}: {
  title: string;
  excerpt: string;
  content?: string;
  category: Category;
  /** The cover the article's section falls back to (decision 042); the specification's category cover when absent. */
  sectionCover?: string;
}): string {
  const label = keywordImageLabel(`${title}\n${excerpt}`) ?? keywordImageLabel(content ?? "");
  if (label) return stockImageUrl(label);
  return sectionCover || stockImageUrl(categoryImageLabel(category));
}
