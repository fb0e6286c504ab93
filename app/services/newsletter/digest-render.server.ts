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
 * React Email and the template, loaded by the first digest rather than with the server (about 80 ms; the
 * template imports each React Email component on its own, not the bundle of all of them).
 */
const loadModules = () => Promise.all([import("@react-email/render"), import("~/emails/digest-email")]);
let template: ReturnType<typeof loadModules> | undefined;

/** The weekly digest as the two parts of a multipart/alternative message. */
export async function renderDigestEmail(props: DigestEmailProps): Promise<{ html: string; text: string }> {
  const [{ render, toPlainText }, { DigestEmail }] = await (template ??= loadModules());
  const html = await render(DigestEmail(props));
  const text = toPlainText(html, TEXT_OPTIONS);
  return { html, text };
}
