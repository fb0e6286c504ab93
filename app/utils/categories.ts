/** The seven article categories, in the order the admin filters list them. */
export const CATEGORIES = ["AI", "Mobile", "Startups", "Cloud", "Gadgets", "Software", "Security"] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Matches a URL slug case-insensitively to a category; an unknown slug is returned as given. */
export function categoryFromSlug(slug: string): Category | string {
  return CATEGORIES.find((category) => category.toLowerCase() === slug.toLowerCase()) ?? slug;
}

export function categorySlug(category: string): string {
  return category.toLowerCase();
}
