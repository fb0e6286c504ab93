import type * as CorrectionNoticeTemplate from "~/emails/correction-notice-email";
import type { CorrectionNoticeEmailProps } from "~/emails/correction-notice-email";
import { renderEmail } from "../mail/render-email.server";

/** The template, loaded by the first notice rather than with the server. */
let template: Promise<typeof CorrectionNoticeTemplate> | undefined;

/** A correction notice: its subject and the two parts of a multipart/alternative message. */
export async function renderCorrectionNoticeEmail(
  props: CorrectionNoticeEmailProps,
): Promise<{ subject: string; html: string; text: string }> {
  const { CorrectionNoticeEmail, correctionNoticeSubject } = await (template ??= import("~/emails/correction-notice-email"));
  return {
    subject: correctionNoticeSubject(props.kind, props.articleTitle),
    ...(await renderEmail(CorrectionNoticeEmail(props))),
  };
}
