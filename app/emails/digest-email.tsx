import type { CSSProperties, ReactElement } from "react";
// The components one by one: the @react-email/components bundle also loads Tailwind, Markdown and Prism (350 ms).
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
import { emailSafeImageUrl } from "~/utils/stock-images";
import { ACCENT, BORDER, INK, MUTED, frameStyles } from "./email-theme";

/**
 * One story of the weekly digest; every URL is absolute, every text is plain (React escapes it).
 * A stock SVG cover is sent as its PNG copy, since Gmail and Outlook show no SVG.
 */
export interface DigestArticle {
  id: number;
  title: string;
  category: string;
  summary: string;
  imageUrl: string;
  url: string;
  readTime: string;
}

export interface DigestEmailProps {
  siteName: string;
  /** Absolute, without a trailing slash. */
  siteUrl: string;
  subject: string;
  /** Plain text; paragraphs are separated by blank lines. */
  intro: string;
  issueDate: string;
  /** One to twenty stories (five unless the settings say otherwise). */
  articles: DigestArticle[];
  unsubscribeUrl: string;
  /** The site's language tag, for `<html lang>`. */
  language?: string;
  /** The newsroom's accent (its light-theme tone); the default blue without one. */
  accent?: string;
  /** The newsroom's logo, absolute; the name as text without one. */
  logoUrl?: string;
  /** The newsroom's own words at the foot of every issue, and its postal address (settings); empty for none. */
  footerText?: string;
  postalAddress?: string;
}

// The covers are drawn at the card's full width; 600x338 is the 16:9 of the e-mail copies of the stock covers.
const COVER_WIDTH = 600;
const COVER_HEIGHT = 338;

/**
 * Marks a link whose URL the plain-text part leaves out because a nearby link gives it in full
 * (the story's "Read the full story", the footer's site URL); see digest-render.server.ts.
 */
const TEXT_ONLY_IN_PLAIN_TEXT = { "data-text-href": "hidden" } as const;

const styles = {
  ...frameStyles,
  header: { padding: "8px 24px 16px" },
  siteName: { fontSize: "28px", lineHeight: "34px", fontWeight: 700, margin: "0" },
  siteNameLink: { color: INK, textDecoration: "none" },
  logo: { display: "inline-block", height: "40px", width: "auto", maxWidth: "240px", border: "0" },
  issueLine: { fontSize: "14px", lineHeight: "20px", color: MUTED, margin: "4px 0 0" },
  introSection: { backgroundColor: "#ffffff", border: `1px solid ${BORDER}`, borderRadius: "8px", padding: "24px" },
  welcome: { fontSize: "18px", lineHeight: "26px", fontWeight: 600, margin: "0 0 12px" },
  paragraph: { fontSize: "16px", lineHeight: "26px", margin: "0 0 12px" },
  card: {
    backgroundColor: "#ffffff",
    border: `1px solid ${BORDER}`,
    borderRadius: "8px",
    marginTop: "24px",
    overflow: "hidden",
  },
  cover: { display: "block", width: "100%", maxWidth: `${COVER_WIDTH}px`, height: "auto", border: "0" },
  cardBody: { padding: "20px 24px 24px" },
  category: {
    fontSize: "12px",
    lineHeight: "16px",
    fontWeight: 700,
    letterSpacing: "0.08em",
    textTransform: "uppercase",
    color: ACCENT,
    margin: "0 0 8px",
  },
  title: { fontSize: "22px", lineHeight: "28px", fontWeight: 700, margin: "0 0 8px" },
  titleLink: { color: INK, textDecoration: "none" },
  summary: { fontSize: "16px", lineHeight: "24px", color: "#3f3f46", margin: "0 0 16px" },
  meta: { fontSize: "14px", lineHeight: "20px", color: MUTED, margin: "0" },
  readLink: { color: ACCENT, fontWeight: 600, textDecoration: "underline" },
  cta: { padding: "32px 24px 8px", textAlign: "center" },
  footer: { padding: "0 24px" },
} satisfies Record<string, CSSProperties>;

/** The intro's paragraphs: blocks separated by blank lines, each with its line breaks folded into spaces. */
function introParagraphs(intro: string): string[] {
  return intro
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter((paragraph) => paragraph.length > 0);
}

/** The first sentence of the intro, shown by mail clients next to the subject. */
function previewText(intro: string): string {
  const firstParagraph = introParagraphs(intro)[0] ?? "";
  const sentence = /^.*?[.!?…](?=\s|$)/.exec(firstParagraph);
  return sentence ? sentence[0] : firstParagraph;
}

function ArticleCard({ article, accent }: { article: DigestArticle; accent: string }): ReactElement {
  return (
    <Section style={styles.card}>
      <Link href={article.url} data-skip-in-text="true">
        <Img
          src={emailSafeImageUrl(article.imageUrl)}
          alt={article.title}
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          style={styles.cover}
        />
      </Link>
      <Section style={styles.cardBody}>
        <Text style={{ ...styles.category, color: accent }}>{article.category}</Text>
        <Heading as="h2" style={styles.title}>
          <Link href={article.url} style={styles.titleLink} {...TEXT_ONLY_IN_PLAIN_TEXT}>
            {article.title}
          </Link>
        </Heading>
        <Text style={styles.summary}>{article.summary}</Text>
        <Text style={styles.meta}>
          <Link href={article.url} style={{ ...styles.readLink, color: accent }}>
            Read the full story
          </Link>
          {" · "}
          {article.readTime}
        </Text>
      </Section>
    </Section>
  );
}

/** The weekly digest: a header, the intro, one card per story, a call to action and the unsubscribe footer. */
export function DigestEmail({
  siteName,
  siteUrl,
  subject,
  intro,
  issueDate,
  articles,
  unsubscribeUrl,
  language = "en",
  accent = ACCENT,
  logoUrl,
  footerText = "",
  postalAddress = "",
}: DigestEmailProps): ReactElement {
  return (
    <Html lang={language} dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{previewText(intro)}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Heading as="h1" style={styles.siteName}>
              <Link href={siteUrl} style={styles.siteNameLink} {...TEXT_ONLY_IN_PLAIN_TEXT}>
                {logoUrl ? <Img src={logoUrl} alt={siteName} height={40} style={styles.logo} /> : siteName}
              </Link>
            </Heading>
            <Text style={styles.issueLine}>Weekly Digest · {issueDate}</Text>
          </Section>

          <Section style={styles.introSection}>
            <Text style={styles.welcome}>Hi there,</Text>
            {introParagraphs(intro).map((paragraph, index) => (
              <Text key={index} style={styles.paragraph}>
                {paragraph}
              </Text>
            ))}
          </Section>

          {articles.map((article) => (
            <ArticleCard key={article.id} article={article} accent={accent} />
          ))}

          <Section style={styles.cta}>
            <Button href={siteUrl} style={{ ...styles.button, backgroundColor: accent }}>
              Read more on {siteName}
            </Button>
          </Section>

          <Section style={styles.footer}>
            <Hr style={styles.divider} />
            <Text style={styles.footerText}>
              You are receiving this because you subscribed to the {siteName} newsletter.{" "}
              <Link href={unsubscribeUrl} style={styles.footerLink}>
                Unsubscribe
              </Link>
            </Text>
            {footerText ? <Text style={styles.footerText}>{footerText}</Text> : null}
            {postalAddress ? <Text style={styles.footerText}>{postalAddress.split(/\r?\n/).join(", ")}</Text> : null}
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
