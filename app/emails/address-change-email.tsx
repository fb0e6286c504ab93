import type { ReactElement } from "react";
import { Text } from "@react-email/text";
import { MessageAction, MessageFrame, messageStyles, type StaffMessageProps } from "./message-frame";

export interface AddressConfirmationEmailProps extends StaffMessageProps {
  confirmUrl: string;
  /** How long the link works, in hours. */
  validHours: number;
}

export function addressConfirmationSubject(siteName: string): string {
  return `Confirm your e-mail address for ${siteName}`;
}

/** Sent to a new address: the one-time link that makes it the account's. */
export function AddressConfirmationEmail(props: AddressConfirmationEmailProps): ReactElement {
  const { siteName, siteUrl, accent, logoUrl, name, username, confirmUrl, validHours } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={addressConfirmationSubject(siteName)}
      preview={`Confirm this address for ${username}.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        Someone asked to use this address for the {siteName} account {username}. Password reset links and sign-in notices will
        come here. Confirm it here:
      </Text>
      <MessageAction href={confirmUrl} label="Confirm this address" />
      <Text style={messageStyles.paragraph}>
        The link works once, for {validHours} hours. If you did not ask for this, ignore this message: nothing changes.
      </Text>
    </MessageFrame>
  );
}

export interface AddressChangedEmailProps extends StaffMessageProps {
  /** The new address, written out. */
  newAddress: string;
}

export function addressChangedSubject(siteName: string): string {
  return `Your ${siteName} e-mail address was changed`;
}

/** Sent to the old address once the new one is confirmed. */
export function AddressChangedEmail(props: AddressChangedEmailProps): ReactElement {
  const { siteName, siteUrl, accent, logoUrl, name, username, newAddress } = props;
  return (
    <MessageFrame
      accent={accent}
      logoUrl={logoUrl}
      subject={addressChangedSubject(siteName)}
      preview={`${username} now uses another e-mail address.`}
      siteName={siteName}
      siteUrl={siteUrl}
    >
      <Text style={messageStyles.paragraph}>Hi {name},</Text>
      <Text style={messageStyles.paragraph}>
        The e-mail address of your {siteName} account, {username}, is now {newAddress}. This address will get no more messages for
        it.
      </Text>
      <Text style={messageStyles.paragraph}>
        If you did not make this change, tell an administrator of {siteName} at once: they can suspend the account and set its
        address right.
      </Text>
    </MessageFrame>
  );
}
