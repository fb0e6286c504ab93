import type { CSSProperties, ReactElement } from "react";
// The components one by one, as in digest-email.tsx: the bundle of all of them loads far more.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { ACCENT, BORDER, frameStyles } from "./email-theme";

export interface ConfirmationEmailProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The signed link that makes the subscription active. */
  confirmUrl: string;
  /** How long the link works, in days. */
  validDays: number;
}

/** The subject line of the confirmation message. */
export function confirmationSubject(siteName: string): string {
  return `Confirm your subscription to the ${siteName} newsletter`;
}

const styles = {
  ...frameStyles,
  card: { backgroundColor: "#ffffff", border: `1px solid ${BORDER}`, borderRadius: "8px", padding: "24px" },
  siteName: { fontSize: "24px", lineHeight: "30px", fontWeight: 700, margin: "0 0 16px" },
  paragraph: { fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" },
  cta: { padding: "8px 0 16px" },
  link: { color: ACCENT, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

/**
 * The double opt-in message: one button (and the same link written out) that confirms the subscription,
 * and a plain word for someone who did not sign up. It carries no unsubscribe link: the address is not
 * subscribed, and ignoring the message keeps it that way.
 */
export function ConfirmationEmail({ siteName, siteUrl, confirmUrl, validDays }: ConfirmationEmailProps): ReactElement {
  const subject = confirmationSubject(siteName);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>Confirm your address to start receiving the {siteName} weekly digest.</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.card}>
            <Heading as="h1" style={styles.siteName}>
              {siteName}
            </Heading>
            <Text style={styles.paragraph}>Hi there,</Text>
            <Text style={styles.paragraph}>
              Someone, hopefully you, asked to receive the {siteName} weekly digest at this address. Please confirm that it was
              you:
            </Text>
            <Section style={styles.cta}>
              <Button href={confirmUrl} style={styles.button}>
                Confirm my subscription
              </Button>
            </Section>
            <Text style={styles.paragraph}>
              Or open this link:{" "}
              <Link href={confirmUrl} style={styles.link} data-text-href="hidden">
                {confirmUrl}
              </Link>
            </Text>
            <Text style={styles.paragraph}>
              The link works for {validDays} days. If you did not sign up, ignore this message: you will not be subscribed and
              will not hear from us again.
            </Text>
          </Section>
          <Section>
            <Hr style={styles.divider} />
            <Text style={styles.footerText}>
              <Link href={siteUrl} style={styles.footerLink}>
                {siteUrl}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
