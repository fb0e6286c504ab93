import type { ReactElement } from "react";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles } from "./message-frame";

export interface CorrectionNoticeEmailProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The newsroom\'s accent (its light-theme tone); the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  kind: "correction" | "update";
  /** The article's title and its absolute URL. */
  articleTitle: string;
  articleUrl: string;
  /** The note as readers see it on the article page. */
  note: string;
  /** When the note was added, already written in the newsroom's time zone ("Nov 26, 2026"). */
  date: string;
  /** The newsletter's unsubscribe placeholder; the sender puts each recipient's own link there. */
  unsubscribeUrl: string;
}

/** "Correction: {title}" or "Update: {title}". */
export function correctionNoticeSubject(kind: CorrectionNoticeEmailProps["kind"], articleTitle: string): string {
  return `${kind === "correction" ? "Correction" : "Update"}: ${articleTitle}`;
}

/**
 * A correction notice: sent to the newsletter readers who received a story that has since been corrected
 * or updated. The note, a link to the story, and the newsletter's unsubscribe link like every issue.
 */
export function CorrectionNoticeEmail(props: CorrectionNoticeEmailProps): ReactElement {
  const { siteName, siteUrl, kind, articleTitle, articleUrl, note, date, unsubscribeUrl, accent, logoUrl } = props;
  const subject = correctionNoticeSubject(kind, articleTitle);
  const what = kind === "correction" ? "a correction" : "an update";
  return (
    <MessageFrame accent={accent} logoUrl={logoUrl} subject={subject} preview={note} siteName={siteName} siteUrl={siteUrl}>
      <Text style={messageStyles.paragraph}>Hi there,</Text>
      <Text style={messageStyles.paragraph}>
        A story you received in our newsletter, “{articleTitle}”, has {what} ({date}):
      </Text>
      <Text style={{ ...messageStyles.paragraph, fontWeight: 600 }}>{note}</Text>
      <MessageAction href={articleUrl} label="Read the story" />
      <Text style={messageStyles.footerText}>
        You are receiving this because you subscribed to the {siteName} newsletter.{" "}
        <Link href={unsubscribeUrl} style={messageStyles.footerLink}>
          Unsubscribe
        </Link>
      </Text>
    </MessageFrame>
  );
}
