import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles, type StaffMessageProps } from "./message-frame";

export interface SecurityNoticeEmailProps extends StaffMessageProps {
  /** What happened, as a sentence: "Your password was changed." */
  what: string;
  /** When, on the newsroom's clock, with its zone named. */
  when: string;
  /** The browser and system it came from, or "Unknown browser"; the server's shell for a change made there. */
  browser: string;
  /** The client address, or an empty string. */
  address: string;
}

export function securityNoticeSubject(siteName: string): string {
  return `Security notice for your ${siteName} account`;
}

/**
 * A change to how someone signs in, told to the account's owner (OWASP ASVS 2.2.3, 2.5.5): what, when, from which
 * browser and address, and what to do when it was not them. It carries no link that signs in or changes anything.
 */
export function SecurityNoticeEmail(props: SecurityNoticeEmailProps): ReactElement {
  const { siteName, siteUrl, accent, logoUrl, name, username, what, when, browser, address } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={securityNoticeSubject(siteName)}
      preview={what}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        {what} This concerns your {siteName} account, {username}.
      </Text>
      <Text style={messageStyles.paragraph}>
        When: {when}
        <br />
        Browser: {browser}
        {address ? (
          <>
            <br />
            Address: {address}
          </>
        ) : null}
      </Text>
      <Text style={messageStyles.paragraph}>
        If this was you, there is nothing to do. If it was not, choose a new password now and tell an administrator: your Profile
        lists where you are signed in, and can sign those sessions out.
      </Text>
      <MessageAction href={`${siteUrl}/auth/forgot`} label="Choose a new password" />
    </MessageFrame>
  );
}
