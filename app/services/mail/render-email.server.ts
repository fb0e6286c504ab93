import type { ReactElement } from "react";
import type * as ReactEmailRender from "@react-email/render";
import type { toPlainText } from "@react-email/render";
import { absoluteUrl } from "../../utils/seo";

// A link written out under a button prints as its text alone in the plain-text part; the button already
// gives the URL there.
const TEXT_OPTIONS: Parameters<typeof toPlainText>[1] = {
  selectors: [
    { selector: "h1", options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "a[data-text-href=hidden]", format: "anchor", options: { ignoreHref: true } },
  ],
};

/** React Email's renderer, loaded by the first message rather than with the server. */
let renderer: Promise<typeof ReactEmailRender> | undefined;

/** A one-off message (a confirmation, an invitation): the HTML and plain-text parts of a multipart/alternative message. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render, toPlainText } = await (renderer ??= import("@react-email/render"));
  const html = await render(element);
  return { html, text: toPlainText(html, TEXT_OPTIONS) };
}

/** What a message needs to know of the site. */
export interface MailSite {
  name: string;
  url: string;
  accent?: { light: string } | null;
  logo?: { light: string } | null;
}

/** What every message's frame shows of the site (MessageFrame's props): its name, its address, its accent and logo. */
export function messageSite(site: MailSite): { siteName: string; siteUrl: string; accent?: string; logoUrl?: string } {
  return {
    siteName: site.name,
    siteUrl: site.url,
    accent: site.accent?.light,
    logoUrl: site.logo ? absoluteUrl(site, site.logo.light) : undefined,
  };
}
