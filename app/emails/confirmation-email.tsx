import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles } from "./message-frame";

export interface ConfirmationEmailProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The newsroom\'s accent (its light-theme tone); the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  /** The signed link that makes the subscription active. */
  confirmUrl: string;
  /** How long the link works, in days. */
  validDays: number;
}

/** The subject line of the confirmation message. */
export function confirmationSubject(siteName: string): string {
  return `Confirm your subscription to the ${siteName} newsletter`;
}

/**
 * The double opt-in message: one button (and the same link written out) that confirms the subscription,
 * and a plain word for someone who did not sign up. It carries no unsubscribe link: the address is not
 * subscribed, and ignoring the message keeps it that way.
 */
export function ConfirmationEmail({
  siteName,
  siteUrl,
  confirmUrl,
  validDays,
  accent,
  logoUrl,
}: ConfirmationEmailProps): ReactElement {
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={confirmationSubject(siteName)}
      preview={`Confirm your address to start receiving the ${siteName} weekly digest.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi there,</Text>
      <Text style={messageStyles.paragraph}>
        Someone, hopefully you, asked to receive the {siteName} weekly digest at this address. Please confirm that it was you:
      </Text>
      <MessageAction href={confirmUrl} label="Confirm my subscription" />
      <Text style={messageStyles.paragraph}>
        The link works for {validDays} days. If you did not sign up, ignore this message: you will not be subscribed and will not
        hear from us again.
      </Text>
    </MessageFrame>
  );
}
