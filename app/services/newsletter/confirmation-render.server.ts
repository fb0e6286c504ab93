import type * as ConfirmationTemplate from "~/emails/confirmation-email";
import type { ConfirmationEmailProps } from "~/emails/confirmation-email";
import { renderEmail } from "../mail/render-email.server";

/** The template, loaded by the first confirmation rather than with the server. */
let template: Promise<typeof ConfirmationTemplate> | undefined;

/** The confirmation message: its subject and the two parts of a multipart/alternative message. */
export async function renderConfirmationEmail(
  props: ConfirmationEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const { ConfirmationEmail, confirmationSubject } = await (template ??= import("~/emails/confirmation-email"));
  return { subject: confirmationSubject(props.siteName), ...(await renderEmail(ConfirmationEmail(props))) };
}
