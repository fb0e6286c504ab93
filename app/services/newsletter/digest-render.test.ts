import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { describe, expect, it } from "vitest";
import type { DigestArticle, DigestEmailProps } from "~/emails/digest-email";
import { renderDigestEmail } from "./digest-render.server";

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

const SITE_URL = "https://news.example.com";
const UNSUBSCRIBE_URL = `${SITE_URL}/unsubscribe?token=f3a9c2&list=weekly`;

const article = (id: number, title: string, summary: string): DigestArticle => ({
  id,
  title,
  category: "AI",
  summary,
  imageUrl: `${SITE_URL}/images/stock/email/ai-technology-${id}.png`,
  url: `${SITE_URL}/articles/${id}-story`,
  readTime: `${id + 2} min read`,
});

const props: DigestEmailProps = {
  siteName: "Byline",
  siteUrl: SITE_URL,
  subject: "This week: chips, clouds and a very small phone",
  intro: "Chip makers had a busy week. Here is what mattered.\n\nAlso: our readers' favourite gadget\nof the year.",
  issueDate: "November 22, 2026",
  articles: [
    article(1, "New AI model tops the benchmarks", "A lab's open model beats larger rivals on reasoning tests."),
    article(2, "Cloud prices rise for the first time", "Three providers raise storage prices <script>alert(1)</script> & more."),
    article(3, "The smallest phone of the year", 'Reviewers call it "tiny but mighty".'),
  ],
  unsubscribeUrl: UNSUBSCRIBE_URL,
};

function parseDocument(html: string) {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error.code) });
  return { document, errors };
}

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  if ("childNodes" in node) for (const child of node.childNodes) yield* elements(child);
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === "#text" && "value" in node) return node.value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

async function renderedDocument() {
  const { html, text } = await renderDigestEmail(props);
  const { document, errors } = parseDocument(html);
  const all = [...elements(document)];
  const byTag = (tagName: string) => all.filter((element) => element.tagName === tagName);
  const linksTo = (href: string) => byTag("a").filter((link) => attribute(link, "href") === href);
  return { html, text, errors, all, byTag, linksTo };
}

describe("renderDigestEmail: the HTML part", () => {
  it("is one well-formed English document", async () => {
    const { html, errors, byTag } = await renderedDocument();
    expect(html).toMatch(/^<!DOCTYPE html/i);
    // React Email writes the XHTML 1.0 Transitional doctype that mail clients expect; nothing else may be off.
    expect(errors.filter((code) => code !== "non-conforming-doctype")).toEqual([]);
    expect(html.match(/<html[\s>]/g)).toHaveLength(1);
    expect(html.match(/<body[\s>]/g)).toHaveLength(1);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(byTag("html").map((element) => attribute(element, "lang"))).toEqual(["en"]);
  });

  it("points every link and image at an absolute http(s) URL", async () => {
    const { byTag } = await renderedDocument();
    const urls = [...byTag("a").map((link) => attribute(link, "href")), ...byTag("img").map((image) => attribute(image, "src"))];
    expect(urls.length).toBeGreaterThan(props.articles.length * 3);
    for (const url of urls) expect(url).toMatch(/^https?:\/\/[^/\s]+/);
  });

  it("shows the site name linked to the site, the issue date, a welcome and each intro paragraph", async () => {
    const { byTag, linksTo } = await renderedDocument();
    expect(linksTo(SITE_URL).map(textOf)).toContain("Byline");
    const paragraphs = byTag("p").map(textOf);
    expect(paragraphs).toContain("Weekly Digest · November 22, 2026");
    expect(paragraphs).toContain("Hi there,");
    expect(paragraphs).toContain("Chip makers had a busy week. Here is what mattered.");
    expect(paragraphs).toContain("Also: our readers' favourite gadget of the year.");
  });

  it("shows the intro's first sentence as the inbox preview", async () => {
    const { all } = await renderedDocument();
    const preview = all.find((element) => attribute(element, "data-skip-in-text") === "true");
    expect(preview && attribute(preview, "style")).toContain("display:none");
    expect(preview && textOf(preview).trim()).toMatch(/^Chip makers had a busy week\.[\s\u200b-\u200f\ufeff]*$/);
  });

  it("gives each story a sized cover with its title as alt text, its category, linked title, summary and read time", async () => {
    const { byTag, linksTo } = await renderedDocument();
    const paragraphs = byTag("p").map(textOf);
    for (const story of props.articles) {
      const cover = byTag("img").find((image) => attribute(image, "src") === story.imageUrl);
      expect(cover && [attribute(cover, "alt"), attribute(cover, "width"), attribute(cover, "height")]).toEqual([
        story.title,
        "600",
        "338",
      ]);
      expect(byTag("h2").map(textOf)).toContain(story.title);
      expect(linksTo(story.url).map(textOf)).toEqual(expect.arrayContaining([story.title, "Read the full story"]));
      expect(paragraphs).toContain(story.summary);
      expect(paragraphs).toContain(`Read the full story · ${story.readTime}`);
    }
    expect(paragraphs.filter((paragraph) => paragraph === "AI")).toHaveLength(props.articles.length);
  });

  it("sends a stock cover as its PNG copy, since mail clients show no SVG", async () => {
    const stockCover = {
      ...article(4, "Chip makers race to 2 nm", "Foundries spend billions."),
      imageUrl: `${SITE_URL}/images/stock/vr-ar.svg`,
    };
    const { html } = await renderDigestEmail({ ...props, articles: [stockCover] });
    const images = [...elements(parseDocument(html).document)].filter((element) => element.tagName === "img");
    expect(images.map((image) => attribute(image, "src"))).toEqual([`${SITE_URL}/images/stock/email/vr-ar.png`]);
  });

  it("ends with a button to the site and a footer with the unsubscribe link and the site URL", async () => {
    const { html, byTag, linksTo } = await renderedDocument();
    expect(linksTo(SITE_URL).map(textOf)).toEqual(expect.arrayContaining(["Read more on Byline", SITE_URL]));
    expect(linksTo(UNSUBSCRIBE_URL).map(textOf)).toEqual(["Unsubscribe"]);
    expect(html).toContain(UNSUBSCRIBE_URL.replace("&", "&amp;"));
    expect(byTag("p").map(textOf)).toContain(
      "You are receiving this because you subscribed to the Byline newsletter. Unsubscribe",
    );
  });

  it("prints a summary's markup as text, never as HTML", async () => {
    const { html, byTag } = await renderedDocument();
    expect(html).not.toMatch(/<script/i);
    expect(byTag("script")).toEqual([]);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more.");
    expect(byTag("p").map(textOf)).toContain("Three providers raise storage prices <script>alert(1)</script> & more.");
  });

  it("names the document after the subject, which the body leaves to the message header", async () => {
    const { html, byTag } = await renderedDocument();
    expect(byTag("title").map(textOf)).toEqual([props.subject]);
    expect(html.split(props.subject)).toHaveLength(2);
    expect(byTag("body").map(textOf).join("")).not.toContain(props.subject);
  });
});

describe("renderDigestEmail: the plain-text part", () => {
  it("reads as the same e-mail, with every link given as a full URL", async () => {
    const { text } = await renderedDocument();
    expect(text).not.toMatch(/<(?:p|a|table|td|img|div)\b/i);
    expect(text).toContain("Byline");
    expect(text).toContain("Weekly Digest · November 22, 2026");
    expect(text).toContain("Chip makers had a busy week. Here is what mattered.");
    expect(text).toContain("Also: our readers' favourite gadget of the year.");
    for (const story of props.articles) {
      expect(text).toContain(story.title);
      expect(text).toContain(story.summary);
      expect(text).toContain(`Read the full story ${story.url} · ${story.readTime}`);
    }
    expect(text).toContain(`Read more on Byline ${SITE_URL}`);
    expect(text).toContain(`Unsubscribe ${UNSUBSCRIBE_URL}`);
  });

  it("keeps the stories in order and each title in its own case", async () => {
    const { text } = await renderedDocument();
    const positions = props.articles.map((story) => text.indexOf(`${story.title}\n`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it("draws its accents (the call to action, categories and story links) in the newsroom's accent, with its footer and address", async () => {
    const { html, text } = await renderDigestEmail({
      ...props,
      accent: "#b91c1c",
      footerText: "Written in the harbour.",
      postalAddress: "1 Quay Street\n24103 Kiel",
      language: "de",
    });
    expect(html).not.toContain("#1d4ed8");
    expect(html.match(/#b91c1c/g)?.length).toBeGreaterThanOrEqual(1 + 2 * props.articles.length);
    expect(html).toContain('<html dir="ltr" lang="de">');
    expect(text).toContain("Written in the harbour.");
    expect(text).toContain("1 Quay Street, 24103 Kiel");
  });
});
