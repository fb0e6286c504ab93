import type { toPlainText } from "@react-email/render";
import type { ConfirmationEmailProps } from "~/emails/confirmation-email";

// The link written out under the button prints as its text alone in the plain-text part; the button
// already gives the URL there.
const TEXT_OPTIONS: Parameters<typeof toPlainText>[1] = {
  selectors: [
    { selector: "h1", options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "a[data-text-href=hidden]", format: "anchor", options: { ignoreHref: true } },
  ],
};

/** React Email and the template, loaded by the first confirmation rather than with the server. */
const loadModules = () => Promise.all([import("@react-email/render"), import("~/emails/confirmation-email")]);
let template: ReturnType<typeof loadModules> | undefined;

/** The confirmation message: its subject and the two parts of a multipart/alternative message. */
export async function renderConfirmationEmail(
  props: ConfirmationEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const [{ render, toPlainText }, { ConfirmationEmail, confirmationSubject }] = await (template ??= loadModules());
  const html = await render(ConfirmationEmail(props));
  return { subject: confirmationSubject(props.siteName), html, text: toPlainText(html, TEXT_OPTIONS) };
}
