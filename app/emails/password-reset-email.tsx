import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles, type StaffMessageProps } from "./message-frame";

export interface PasswordResetEmailProps extends StaffMessageProps {
  resetUrl: string;
  /** How long the link works, in minutes. */
  validMinutes: number;
}

export function passwordResetSubject(siteName: string): string {
  return `Reset your ${siteName} password`;
}

/** The password reset: the one-time link to choose a new password, and what to do when nobody here asked for it. */
export function PasswordResetEmail(props: PasswordResetEmailProps): ReactElement {
  const { siteName, siteUrl, accent, logoUrl, name, username, resetUrl, validMinutes } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={passwordResetSubject(siteName)}
      preview={`A link to choose a new password for ${username}.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        Someone asked to reset the password of your {siteName} account, {username}. Choose a new password here:
      </Text>
      <MessageAction href={resetUrl} label="Choose a new password" />
      <Text style={messageStyles.paragraph}>
        The link works once, for {validMinutes} minutes. Choosing a new password signs you out everywhere else. If you did not ask
        for this, ignore this message: your password stays as it is.
      </Text>
    </MessageFrame>
  );
}
