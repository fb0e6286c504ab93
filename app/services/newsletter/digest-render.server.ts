import type { toPlainText } from "@react-email/render";
import type { DigestEmailProps } from "~/emails/digest-email";

// How the plain-text part reads: headings keep their case (html-to-text capitalises them by
// default) and the links marked TEXT_ONLY_IN_PLAIN_TEXT (the site name, the story titles) print
// as text alone, since each story's "Read the full story" line and the footer give the URLs in full.
const TEXT_OPTIONS: Parameters<typeof toPlainText>[1] = {
  selectors: [
    { selector: "h1", options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "h2", options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "a[data-text-href=hidden]", format: "anchor", options: { ignoreHref: true } },
  ],
};

/**
 * React Email and the template. They cost some 400 ms to load (React Email's components bring Prism's grammars
 * along), so they are not loaded with the server: the server loads them in the background once it is up
 * (server/main.ts), or the first digest does.
 */
const loadModules = () => Promise.all([import("@react-email/render"), import("~/emails/digest-email")]);
let template: ReturnType<typeof loadModules> | undefined;

export function loadDigestTemplate(): ReturnType<typeof loadModules> {
  template ??= loadModules();
  return template;
}

/** The weekly digest as the two parts of a multipart/alternative message. */
export async function renderDigestEmail(props: DigestEmailProps): Promise<{ html: string; text: string }> {
  const [{ render, toPlainText }, { DigestEmail }] = await loadDigestTemplate();
  const html = await render(DigestEmail(props));
  const text = toPlainText(html, TEXT_OPTIONS);
  return { html, text };
}
