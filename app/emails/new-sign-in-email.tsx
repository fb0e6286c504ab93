import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles, type StaffMessageProps } from "./message-frame";

export interface NewSignInEmailProps extends StaffMessageProps {
  /** When it happened, in the newsroom's time zone ("Mar 5, 2026, 9:30 AM EST"). */
  time: string;
  /** "Firefox 133 on Windows". */
  browser: string;
  /** The client address the server saw. */
  address: string;
  /** The one link that ends that session (a page with one button). */
  endUrl: string;
  /** Where to ask for a new password. */
  resetUrl: string;
}

export function newSignInSubject(siteName: string): string {
  return `New sign-in to ${siteName}`;
}

/** A sign-in from a browser the account had not used: when, which browser, from where, and how to end it. */
export function NewSignInEmail(props: NewSignInEmailProps): ReactElement {
  const { siteName, siteUrl, accent, logoUrl, name, username, time, browser, address, endUrl, resetUrl } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={newSignInSubject(siteName)}
      preview={`${username} signed in from ${browser}.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        Your {siteName} account, {username}, was just signed in to from a browser it had not used before.
      </Text>
      <Text style={messageStyles.paragraph}>
        Time: {time}
        <br />
        Browser: {browser}
        <br />
        Address: {address || "unknown"}
      </Text>
      <Text style={messageStyles.paragraph}>If this was you, there is nothing to do. If it was not, end that session:</Text>
      <MessageAction href={endUrl} label="End that session" />
      <Text style={messageStyles.paragraph}>Then choose a new password at {resetUrl}, since someone else knows it.</Text>
    </MessageFrame>
  );
}
