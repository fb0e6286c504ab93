import { z } from "zod";
import { CATEGORIES, CATEGORY_SUBTITLES, SECTION_NAME_MAX } from "../domain/sections";
import { contrast, DARK_BACKGROUND, fromOklch, HEX_COLOUR, ratioText, TEXT_CONTRAST, toOklch } from "../utils/colour";
import { sectionBadgeClass } from "../utils/section-badge";
import { CATEGORY_STOCK_IMAGE, stockImageUrl } from "../utils/stock-images";
import { IMAGE_ADDRESS_MESSAGE, isImageAddress } from "./article";
import { allowedText } from "./text";

/*
 * Sections (decision 042): the newsroom's own list of what it covers, once the seven technology categories
 * of the specification. They are rows with a stable id; an article names its section, and the name follows a rename
 * (the database cascades it). The specification's seven, with its texts and colours, are the defaults.
 */

/** A section as every page, feed and form sees it. */
export interface Section {
  id: number;
  name: string;
  /** Its address is /category/{slug}. */
  slug: string;
  /** The category page's subtitle and meta description. */
  description: string;
  /** The badge's text colour on a light background; the rest of the badge is made from it (badgeTones). */
  colour: string;
  /** The cover its articles fall back to, and the category page's picture for link previews. */
  cover: string;
  /** Words and phrases that match a feed item to it for AI generation (a feed that covers several sections). */
  keywords: string[];
  /** Its place on the home page's "Explore by Category" strip, from 1; 0 when the strip leaves it out. */
  explore: number;
  position: number;
}

/** What the reader pages and the admin area's forms need of a section: never its keywords. */
export type SectionInfo = Pick<Section, "id" | "name" | "slug" | "description" | "colour" | "explore">;

/** An address: lower-case letters, digits and hyphens, 1 to 60 characters (also tags' and pages'). */
export const ADDRESS = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
export const ADDRESS_MESSAGE = "Use 1 to 60 lower-case letters, digits and hyphens, not starting or ending with a hyphen.";

/** The badges' colours in the specification's design (Tailwind's 800 shades), each readable on its badge. */
const DEFAULT_COLOURS: Record<string, string> = {
  AI: "#5b21b6",
  Mobile: "#065f46",
  Startups: "#9a3412",
  Cloud: "#075985",
  Gadgets: "#9d174d",
  Software: "#3730a3",
  Security: "#991b1b",
};

/** The home page's strip has room for this many. */
export const MAX_EXPLORE = 6;

/** The home page's strip in the specification, in its order. */
const SPEC_EXPLORE: readonly string[] = ["AI", "Startups", "Mobile"];

/** The stock cover each of the specification's categories falls back to. */
const defaultCover = (name: string) =>
  stockImageUrl(CATEGORY_STOCK_IMAGE[name as keyof typeof CATEGORY_STOCK_IMAGE] ?? "Software/Code");

/** The specification's seven, in its order (the admin filters' order); AI, Startups and Mobile on the home page's strip. */
export function defaultSections(keywords: Record<string, readonly string[]>): Omit<Section, "id">[] {
  return CATEGORIES.map((name, position) => ({
    name,
    slug: name.toLowerCase(),
    description: CATEGORY_SUBTITLES[name],
    colour: DEFAULT_COLOURS[name] ?? "#3730a3",
    cover: defaultCover(name),
    keywords: [...(keywords[name] ?? [])],
    explore: SPEC_EXPLORE.indexOf(name) + 1,
    position,
  }));
}

/** The badge's four tones: its background and text in the light theme and in the dark one. */
export interface BadgeTones {
  light: { background: string; text: string };
  dark: { background: string; text: string };
}

/**
 * A badge made from one colour: a pale tint of it behind the colour itself in the light theme, a deep shade of it behind
 * a light tone in the dark theme (lightened until it reaches text contrast on that shade).
 */
export function badgeTones(colour: string): BadgeTones {
  const base = toOklch(colour);
  const lightBackground = fromOklch({ h: base.h, l: 0.95, c: Math.min(base.c, 0.05) });
  const darkBackground = fromOklch({ h: base.h, l: 0.26, c: Math.min(base.c, 0.1) });
  let darkText = "#ffffff";
  for (let l = 0.8; l <= 1; l += 0.01) {
    const candidate = fromOklch({ h: base.h, l, c: Math.min(base.c, 0.1) });
    if (contrast(candidate, darkBackground) >= TEXT_CONTRAST && contrast(candidate, DARK_BACKGROUND) >= TEXT_CONTRAST) {
      darkText = candidate;
      break;
    }
  }
  return { light: { background: lightBackground, text: colour }, dark: { background: darkBackground, text: darkText } };
}

/** Why a badge colour cannot be used (its text would not reach 4.5:1 on its light badge), or null. */
export function badgeColourProblem(colour: string): string | null {
  if (!HEX_COLOUR.test(colour)) return "Enter the colour as a hex value such as #5b21b6.";
  const ratio = contrast(colour, badgeTones(colour).light.background);
  return ratio >= TEXT_CONTRAST
    ? null
    : `This colour reaches ${ratioText(ratio)} on its badge in the light theme; text needs 4.5:1. Choose a darker colour.`;
}

/** Each list's style sheet, made once: the sections in force are the same array until they change. */
const STYLES = new WeakMap<readonly object[], string>();

/** The style sheet of every section's badge colours, both themes: one rule per section, in the page's head. */
export function sectionStyle(sections: readonly Pick<Section, "id" | "colour">[]): string {
  const made = STYLES.get(sections);
  if (made !== undefined) return made;
  const style = sections
    .map(({ id, colour }) => {
      const tones = badgeTones(colour);
      const name = `.${sectionBadgeClass(id)}`;
      return (
        `${name}{background-color:${tones.light.background};color:${tones.light.text}}` +
        `@media screen{.dark ${name}{background-color:${tones.dark.background};color:${tones.dark.text}}}`
      );
    })
    .join("");
  STYLES.set(sections, style);
  return style;
}

/** The path of a section's page, from its name; an unknown name (a section being renamed) gets its lower-cased name. */
export function sectionPath(sections: readonly Pick<Section, "name" | "slug">[], name: string): string {
  const slug = sections.find((section) => section.name === name)?.slug ?? name.toLowerCase();
  return `/category/${slug}`;
}

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} can be at most ${max} characters.`)
    .check(allowedText(field, { lines: "single-line" }));

/** Feed keywords as typed: one per line or separated by commas. */
export function keywordList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\n,]/)
        .map((word) => word.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The section form (create and edit), the browser's check and the server's. */
export const SectionInput = z.object({
  name: text("The name", SECTION_NAME_MAX).min(1, "Please enter the section's name."),
  slug: z.string().trim().toLowerCase().regex(ADDRESS, ADDRESS_MESSAGE),
  description: text("The description", 300),
  colour: z
    .string()
    .trim()
    .toLowerCase()
    .superRefine((value, context) => {
      const problem = badgeColourProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  cover: z
    .string()
    .trim()
    .refine((value) => value === "" || isImageAddress(value), IMAGE_ADDRESS_MESSAGE),
  keywords: z
    .string()
    .max(4000, "The keywords can be at most 4000 characters.")
    .check(allowedText("The keywords", { lines: "multi-line" }))
    .transform(keywordList)
    .refine((words) => words.every((word) => word.length <= 60), "Each keyword can be at most 60 characters."),
  explore: z.coerce
    .number({ error: "Choose a place on the home page's strip, or none." })
    .int("Choose a place on the home page's strip, or none.")
    .min(0, "Choose a place on the home page's strip, or none.")
    .max(MAX_EXPLORE, "Choose a place on the home page's strip, or none."),
});
export type SectionInput = z.infer<typeof SectionInput>;

/** The form's fields as strings, as a browser sends them. */
export function sectionFromForm(form: FormData): Record<string, unknown> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    name: field("name"),
    slug: field("slug"),
    description: field("description"),
    colour: field("colour"),
    cover: field("cover"),
    keywords: field("keywords"),
    explore: field("explore") || "0",
  };
}

/** The address a new section's name suggests ("Climate & Energy" → "climate-energy"). */
export function addressFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

export const SECTION_TEXTS = {
  nameTaken: "Another section already has this name.",
  slugTaken: "Another section already uses this address.",
  moveTo: "Choose the section its articles move to.",
  lastSection: "A newsroom needs at least one section.",
  notFound: "This section no longer exists. It may have been deleted by someone else.",
  unknown: "Please choose a category.",
  fixFields: "Please correct the highlighted fields.",
  unreadable: "This form could not be read. Please reload the page and try again.",
  failed: "The section could not be saved. Please try again.",
} as const;
