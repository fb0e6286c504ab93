import type { ContactAddresses } from "./seo";
import type { PageLayout } from "../domain/pages";

/**
 * A page's text is markdown with a few placeholders (decision 039), so the specification's pages follow the settings:
 * `{site.name}`, `{contact.general}` (and `.tips`, `.press`, `.ads`, `.careers`), and a block shown only when the site
 * counts its readers, `{if analytics}` ... `{else}` ... `{end}`.
 */
export interface PagePlaceholders {
  name: string;
  contact: ContactAddresses;
  analytics?: boolean;
}

export const PLACEHOLDER_HINT =
  "Placeholders: {site.name}, {contact.general}, {contact.tips}, {contact.press}, {contact.ads}, {contact.careers}; {if analytics} … {else} … {end} for what depends on counting readers.";

const CONDITION = /\{if analytics\}\n?([\s\S]*?)(?:\{else\}\n?([\s\S]*?))?\{end\}/g;
const PLACEHOLDER = /\{(site\.name|contact\.(?:general|tips|press|ads|careers))\}/g;

/** The text with its placeholders filled in from the site as it is now. */
export function fillPlaceholders(text: string, site: PagePlaceholders): string {
  return text
    .replace(CONDITION, (_block, shown: string, otherwise: string | undefined) =>
      (site.analytics ? shown : (otherwise ?? "")).replace(/\n$/, ""),
    )
    .replace(PLACEHOLDER, (_whole, name: string) =>
      name === "site.name" ? site.name : site.contact[name.slice("contact.".length) as keyof ContactAddresses],
    );
}

/** One `## ` part of a page's markdown: its heading and what follows it, up to the next. */
export interface MarkdownSection {
  id: string;
  title: string;
  markdown: string;
}

/** An anchor from a heading: "Children's privacy" becomes "childrens-privacy". */
export function headingAnchor(title: string): string {
  const anchor = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return anchor || "section";
}

/**
 * Cuts a page's markdown at its level-two headings (outside code blocks): what comes before the first, and each
 * section with an anchor made from its heading (numbered when two headings read the same), so the page can show
 * each as a landmark region named by its heading, and list them under "On this page".
 */
export function splitSections(markdown: string): { intro: string; sections: MarkdownSection[] } {
  const intro: string[] = [];
  const sections: { title: string; lines: string[] }[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fenceMark) fence = fence === null ? fenceMark.charAt(0) : fenceMark.charAt(0) === fence ? null : fence;
    const heading = fence === null ? /^\s{0,3}##\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading?.[1]) sections.push({ title: heading[1], lines: [] });
    else (sections.at(-1)?.lines ?? intro).push(line);
  }
  const used = new Map<string, number>();
  return {
    intro: intro.join("\n").trim(),
    sections: sections.map(({ title, lines }) => {
      const base = headingAnchor(title);
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      return { id: seen === 0 ? base : `${base}-${seen + 1}`, title, markdown: lines.join("\n").trim() };
    }),
  };
}

/** A `## ` part of a page, ready to show: its anchor, heading and sanitized HTML. */
export interface PageSectionView {
  id: string;
  title: string;
  html: string;
}

/** A page as the reader route shows it: placeholders filled in, markdown made sanitized HTML. */
export interface PageView {
  path: string;
  layout: PageLayout;
  title: string;
  heading: string;
  eyebrow: string;
  leadHtml: string;
  description: string;
  introHtml: string;
  sections: PageSectionView[];
  showContents: boolean;
  recipient: string;
  openingsIntro: string;
  openings: { title: string; department: string; place: string; kind: string; descriptionHtml: string }[];
  figures: { value: string; label: string }[];
  audienceIntro: string;
  audience: { segment: string; percent: number }[];
  packagesIntro: string;
  packages: { name: string; price: string; summary: string; features: string[] }[];
}
