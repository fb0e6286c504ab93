import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles } from "./message-frame";

export interface InvitationEmailProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The newsroom\'s accent (its light-theme tone); the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  /** The invited person's name, as the administrator wrote it. */
  name: string;
  /** Who invited them (their display name). */
  invitedBy: string;
  /** "an Editor", "an Author", ... */
  roleWithArticle: string;
  acceptUrl: string;
  /** How long the link works, in hours. */
  validHours: number;
}

export function invitationSubject(siteName: string): string {
  return `You are invited to join ${siteName}`;
}

/** The staff invitation: who invited them, as what, and the one-time link that lets them choose a username and password. */
export function InvitationEmail(props: InvitationEmailProps): ReactElement {
  const { siteName, siteUrl, name, invitedBy, roleWithArticle, acceptUrl, validHours, accent, logoUrl } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={invitationSubject(siteName)}
      preview={`${invitedBy} invited you to the ${siteName} newsroom.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        {invitedBy} invited you to join the {siteName} newsroom as {roleWithArticle}. Choose your username and password to accept:
      </Text>
      <MessageAction href={acceptUrl} label="Accept the invitation" />
      <Text style={messageStyles.paragraph}>
        The link works once, for {validHours} hours. If you did not expect this invitation, ignore this message.
      </Text>
    </MessageFrame>
  );
}
