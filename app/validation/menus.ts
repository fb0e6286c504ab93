import { z } from "zod";
import { CATEGORIES } from "../domain/sections";
import { FormId } from "./form-id";
import { allowedText, isAllowedText, notAllowedMessage } from "./text";

/**
 * The header and footer menus (decision 040): one document, checked here on the way in (the Navigation form,
 * the import) and read back leniently (`readStoredMenus`). The header is a list of links; the footer is a blurb and
 * columns, each a heading and its links.
 */

export interface MenuLink {
  label: string;
  target: string;
}

export interface FooterColumn {
  heading: string;
  links: MenuLink[];
}

export interface SiteMenus {
  header: MenuLink[];
  footer: { blurb: string; columns: FooterColumn[] };
}

export const MENU_LIMITS = {
  label: 60,
  target: 500,
  blurb: 300,
  headerLinks: 12,
  columns: 6,
  columnLinks: 20,
} as const;

/** The specification's menus, exactly as the header and footer showed them before they were data. */
export const DEFAULT_MENUS: SiteMenus = {
  header: [
    { label: "Home", target: "/" },
    { label: "AI", target: "/category/ai" },
    { label: "Startups", target: "/category/startups" },
    { label: "Mobile", target: "/category/mobile" },
    { label: "Cloud", target: "/category/cloud" },
    { label: "Security", target: "/category/security" },
  ],
  footer: {
    blurb: "Technology news for curious readers: AI, startups, mobile, cloud, gadgets, software and security.",
    columns: [
      {
        heading: "Categories",
        links: CATEGORIES.filter((category) => category !== "Software").map((category) => ({
          label: category,
          target: `/category/${category.toLowerCase()}`,
        })),
      },
      {
        heading: "Company",
        links: [
          { label: "About", target: "/about" },
          { label: "Careers", target: "/careers" },
          { label: "Advertise", target: "/advertise" },
          { label: "Contact", target: "/contact" },
          { label: "Corrections", target: "/corrections" },
        ],
      },
      {
        heading: "Legal",
        links: [
          { label: "Terms of Service", target: "/terms" },
          { label: "Privacy Policy", target: "/privacy" },
          { label: "Cookie Policy", target: "/cookie-policy" },
        ],
      },
    ],
  },
};

export const MENU_TEXTS = {
  saved: "Menus saved. Every page shows them now.",
  unchanged: "Nothing changed: the menus are as they were.",
  fixFields: "Some fields need attention: see the messages next to them.",
  unreadable: "The form could not be read. Reload the page and try again.",
  failed: "The menus could not be saved. Try again in a moment.",
  changed:
    "The menus were changed by someone else since you opened them. Your menus are still in the form as you left them: saving again replaces the other change with yours.",
  labelMissing: "Enter a label.",
  headingMissing: "Enter a heading.",
  targetMissing: "Enter a target: a path on this site such as /about, or an https:// address.",
  targetSpaces: "A target cannot contain spaces or control characters: write a space as %20.",
  targetBackslash: "A target cannot contain a backslash (\\).",
  targetOtherSite:
    "A path on this site starts with a single /: “//” leads to another site. For another site, write its https:// address.",
  targetHttp: "Use an https:// address: a plain http:// link is not accepted.",
  targetScheme: "A target is a path on this site (starting with /) or an https:// address.",
  targetBadUrl: "This is not a complete https:// address: it needs a host, such as https://example.com/page.",
  targetCredentials: "An address with a user name or password in it is not accepted.",
} as const;

// C0 and C1 control characters and every kind of space: a browser drops or rewrites them, so what the reader gets would
// not be what was written (and "java\tscript:" is how a scheme slips past a naive check).
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/u;

/**
 * Why a menu target is refused, or null when it is a path on this site ("/category/ai", "/about?x=1#y") or an https
 * address. Everything else is refused: other schemes (javascript:, data:, http:), a protocol-relative "//host", a
 * backslash (browsers read "/\host" as "//host"), spaces and control characters.
 */
export function menuTargetProblem(target: string): string | null {
  if (target === "") return MENU_TEXTS.targetMissing;
  if (target.length > MENU_LIMITS.target) return `A target is at most ${MENU_LIMITS.target} characters.`;
  if (CONTROL_OR_SPACE.test(target)) return MENU_TEXTS.targetSpaces;
  if (!isAllowedText(target)) return notAllowedMessage("The target");
  if (target.includes("\\")) return MENU_TEXTS.targetBackslash;
  if (target.startsWith("//")) return MENU_TEXTS.targetOtherSite;
  if (target.startsWith("/")) {
    // The same origin once a browser resolves it: nothing above lets a path leave the site, this says so for sure.
    const base = "https://site.invalid";
    return new URL(target, base).origin === base ? null : MENU_TEXTS.targetOtherSite;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === "http") return MENU_TEXTS.targetHttp;
  if (scheme !== "https") return MENU_TEXTS.targetScheme;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return MENU_TEXTS.targetBadUrl;
  }
  if (!target.toLowerCase().startsWith("https://") || url.hostname === "") return MENU_TEXTS.targetBadUrl;
  if (url.username || url.password) return MENU_TEXTS.targetCredentials;
  return null;
}

/** Whether a target is a path on this site (as opposed to an https address). */
export function isSitePath(target: string): boolean {
  return target.startsWith("/") && !target.startsWith("//");
}

const label = (field: string, missing: string) =>
  z.string().trim().min(1, missing).max(MENU_LIMITS.label, `At most ${MENU_LIMITS.label} characters.`).check(allowedText(field));

export const MenuTarget = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = menuTargetProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const MenuLinkInput = z.strictObject({ label: label("The label", MENU_TEXTS.labelMissing), target: MenuTarget });

export const SiteMenusInput = z.strictObject({
  header: z.array(MenuLinkInput).max(MENU_LIMITS.headerLinks, `The header holds at most ${MENU_LIMITS.headerLinks} links.`),
  footer: z.strictObject({
    blurb: z
      .string()
      .trim()
      .max(MENU_LIMITS.blurb, `At most ${MENU_LIMITS.blurb} characters.`)
      .check(allowedText("The blurb", { lines: "multi-line" })),

    columns: z
      .array(
        z.strictObject({
          heading: label("The heading", MENU_TEXTS.headingMissing),
          links: z.array(MenuLinkInput).max(MENU_LIMITS.columnLinks, `A column holds at most ${MENU_LIMITS.columnLinks} links.`),
        }),
      )
      .max(MENU_LIMITS.columns, `The footer holds at most ${MENU_LIMITS.columns} columns.`),
  }),
});

/**
 * The stored document as pages read it: a document that no longer passes today's rules (written by an older version,
 * or by hand) falls back to the defaults part by part rather than breaking every page.
 */
export function readStoredMenus(stored: unknown): SiteMenus {
  const checked = SiteMenusInput.safeParse(stored);
  if (checked.success) return checked.data;
  const value = (stored ?? {}) as { header?: unknown; footer?: { blurb?: unknown; columns?: unknown } };
  const header = SiteMenusInput.shape.header.safeParse(value.header);
  const blurb = SiteMenusInput.shape.footer.shape.blurb.safeParse(value.footer?.blurb);
  const columns = SiteMenusInput.shape.footer.shape.columns.safeParse(value.footer?.columns);
  return {
    header: header.success ? header.data : DEFAULT_MENUS.header,
    footer: {
      blurb: blurb.success ? blurb.data : DEFAULT_MENUS.footer.blurb,
      columns: columns.success ? columns.data : DEFAULT_MENUS.footer.columns,
    },
  };
}

/**
 * The form's fields, named by where they sit in the document ("header.2.target", "footer.columns.0.links.1.label",
 * "footer.blurb"), made into the document's shape as typed, in the order of their numbers. Unknown names are left out;
 * the schema then decides.
 */
export function menusFromForm(fields: Record<string, string>): SiteMenus {
  const header = new Map<number, Partial<MenuLink>>();
  const columns = new Map<number, { heading?: string; links: Map<number, Partial<MenuLink>> }>();
  const column = (index: number) => {
    let found = columns.get(index);
    if (!found) columns.set(index, (found = { links: new Map() }));
    return found;
  };
  const link = (links: Map<number, Partial<MenuLink>>, index: number) => {
    let found = links.get(index);
    if (!found) links.set(index, (found = {}));
    return found;
  };
  for (const [name, value] of Object.entries(fields)) {
    const inHeader = /^header\.(\d{1,4})\.(label|target)$/.exec(name);
    if (inHeader) {
      link(header, Number(inHeader[1]))[inHeader[2] as keyof MenuLink] = value;
      continue;
    }
    const heading = /^footer\.columns\.(\d{1,4})\.heading$/.exec(name);
    if (heading) {
      column(Number(heading[1])).heading = value;
      continue;
    }
    const inColumn = /^footer\.columns\.(\d{1,4})\.links\.(\d{1,4})\.(label|target)$/.exec(name);
    if (inColumn) link(column(Number(inColumn[1])).links, Number(inColumn[2]))[inColumn[3] as keyof MenuLink] = value;
  }
  const inOrder = <T>(map: Map<number, T>): T[] => [...map.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
  const complete = (item: Partial<MenuLink>): MenuLink => ({ label: item.label ?? "", target: item.target ?? "" });
  return {
    header: inOrder(header).map(complete),
    footer: {
      blurb: fields["footer.blurb"] ?? "",
      columns: inOrder(columns).map((found) => ({ heading: found.heading ?? "", links: inOrder(found.links).map(complete) })),
    },
  };
}

/** The version a form was opened at: a stored version, or "0" for the specification's menus, never saved. */
export const MenusVersion = z.union([z.literal("0").transform(() => 0), FormId]);

/** The first problem of each field, by the field's name in the form ("header.2.target"). */
export function menuFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".");
    errors[name] ??= issue.message;
  }
  return errors;
}
