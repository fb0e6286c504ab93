import type { CSSProperties, ReactElement, ReactNode } from "react";
// The components one by one, as in digest-email.tsx: the bundle of all of them loads far more.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { useContext } from "react";
import { ACCENT, BORDER, EmailAccent, frameStyles } from "./email-theme";

export const messageStyles = {
  ...frameStyles,
  card: { backgroundColor: "#ffffff", border: `1px solid ${BORDER}`, borderRadius: "8px", padding: "24px" },
  siteName: { fontSize: "24px", lineHeight: "30px", fontWeight: 700, margin: "0 0 16px" },
  logo: { display: "block", height: "40px", width: "auto", maxWidth: "240px", border: "0" },
  paragraph: { fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" },
  cta: { padding: "8px 0 16px" },
  link: { color: ACCENT, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

/** What every message to a staff member knows: the site's frame (`messageSite`) and whom it is for. */
export interface StaffMessageProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The newsroom's accent (its light-theme tone); the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  /** The account's display name. */
  name: string;
  username: string;
}

interface MessageFrameProps {
  subject: string;
  preview: string;
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  /** The newsroom's accent; the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  children: ReactNode;
}

/** A one-off message (a confirmation, an invitation): the site's name over a card, the site's address below. */
export function MessageFrame({
  subject,
  preview,
  siteName,
  siteUrl,
  accent = ACCENT,
  logoUrl,
  children,
}: MessageFrameProps): ReactElement {
  return (
    <EmailAccent.Provider value={accent}>
      <Html lang="en" dir="ltr">
        <Head>
          <title>{subject}</title>
          <meta name="color-scheme" content="light" />
          <meta name="supported-color-schemes" content="light" />
        </Head>
        <Preview>{preview}</Preview>
        <Body style={messageStyles.body}>
          <Container style={messageStyles.container}>
            <Section style={messageStyles.card}>
              <Heading as="h1" style={messageStyles.siteName}>
                {logoUrl ? <Img src={logoUrl} alt={siteName} height={40} style={messageStyles.logo} /> : siteName}
              </Heading>
              {children}
            </Section>
            <Section>
              <Hr style={messageStyles.divider} />
              <Text style={messageStyles.footerText}>
                <Link href={siteUrl} style={messageStyles.footerLink}>
                  {siteUrl}
                </Link>
              </Text>
            </Section>
          </Container>
        </Body>
      </Html>
    </EmailAccent.Provider>
  );
}

/** The message's one action: a button, and the same link written out for clients that hide buttons. */
export function MessageAction({ href, label }: { href: string; label: string }): ReactElement {
  const accent = useContext(EmailAccent);
  return (
    <>
      <Section style={messageStyles.cta}>
        <Button href={href} style={{ ...messageStyles.button, backgroundColor: accent }}>
          {label}
        </Button>
      </Section>
      <Text style={messageStyles.paragraph}>
        Or open this link:{" "}
        <Link href={href} style={{ ...messageStyles.link, color: accent }} data-text-href="hidden">
          {href}
        </Link>
      </Text>
    </>
  );
}
