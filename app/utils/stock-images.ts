import type { Category } from "./categories";

/**
 * The 15 labelled stock covers of the image picker, served by the site itself
 * (DESIGN.md departure 8) from public/images/stock/.
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

/** The cover each category falls back to. */
export const CATEGORY_STOCK_IMAGE: Record<Category, StockImageLabel> = {
  AI: "AI/Technology",
  Mobile: "Mobile/Smartphone",
  Startups: "Startup/Business",
  Cloud: "Cloud/Data Center",
  Gadgets: "Gadgets/Hardware",
  Software: "Software/Code",
  Security: "Security/Protection",
};
