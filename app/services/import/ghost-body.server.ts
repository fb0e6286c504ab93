/**
 * Ghost stores a post's body as `lexical` (Ghost 5 and later) or `mobiledoc` (Ghost 1 to 4) JSON, and an export
 * carries `html` only when the site rendered it. When `html` is missing we render those documents to HTML ourselves,
 * then convert that HTML like any other. Supported: paragraphs, headings, bold, italic, strikethrough, inline code,
 * links, line breaks, bulleted and numbered lists, quotes, horizontal rules, and the image, code, markdown and html
 * cards. Other cards (bookmarks, embeds, galleries, buttons, callouts, products, audio, video, files) are left out.
 */

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

type LexicalNode = {
  type?: string;
  text?: string;
  format?: number | string;
  tag?: string;
  listType?: string;
  url?: string;
  src?: string;
  alt?: string;
  altText?: string;
  caption?: string;
  code?: string;
  language?: string;
  markdown?: string;
  html?: string;
  children?: LexicalNode[];
};

// Lexical's text format bits.
const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const CODE = 16;

function renderLexicalText(node: LexicalNode): string {
  let html = escapeHtml(node.text ?? "");
  const format = typeof node.format === "number" ? node.format : 0;
  if (format & CODE) html = `<code>${html}</code>`;
  if (format & BOLD) html = `<strong>${html}</strong>`;
  if (format & ITALIC) html = `<em>${html}</em>`;
  if (format & STRIKETHROUGH) html = `<s>${html}</s>`;
  return html;
}

function renderLexicalNodes(nodes: LexicalNode[] | undefined, markdownCards: string[]): string {
  return (nodes ?? []).map((node) => renderLexicalNode(node, markdownCards)).join("");
}

function renderLexicalNode(node: LexicalNode, markdownCards: string[]): string {
  const children = () => renderLexicalNodes(node.children, markdownCards);
  switch (node.type) {
    case "text":
    case "extended-text":
      return renderLexicalText(node);
    case "linebreak":
      return "<br>";
    case "link":
    case "autolink":
      return `<a href="${escapeHtml(node.url ?? "")}">${children()}</a>`;
    case "paragraph":
      return `<p>${children()}</p>`;
    case "heading":
    case "extended-heading": {
      const tag = /^h[1-6]$/.test(node.tag ?? "") ? node.tag : "h2";
      return `<${tag}>${children()}</${tag}>`;
    }
    case "quote":
    case "extended-quote":
    case "aside":
      return `<blockquote><p>${children()}</p></blockquote>`;
    case "list": {
      const tag = node.listType === "number" ? "ol" : "ul";
      return `<${tag}>${children()}</${tag}>`;
    }
    case "listitem":
      return `<li>${children()}</li>`;
    case "horizontalrule":
      return "<hr>";
    case "image":
      return imageHtml(node.src, node.alt ?? node.altText, node.caption);
    case "codeblock":
      return codeHtml(node.code ?? "", node.language);
    case "markdown":
      // Already markdown: kept as it is, through a placeholder the HTML converter leaves alone.
      markdownCards.push(node.markdown ?? "");
      return `<p>BYLINE-MARKDOWN-CARD-${markdownCards.length - 1}</p>`;
    case "html":
      return node.html ?? "";
    case "root":
      return children();
    default:
      return "";
  }
}

function imageHtml(src: string | undefined, alt: string | undefined, caption: string | undefined): string {
  if (!src) return "";
  // A caption is HTML in both Ghost formats.
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : "";
  return `<figure><img src="${escapeHtml(src)}" alt="${escapeHtml(alt ?? "")}">${figcaption}</figure>`;
}

function codeHtml(code: string, language: string | undefined): string {
  const className = language ? ` class="language-${escapeHtml(language)}"` : "";
  return `<pre><code${className}>${escapeHtml(code)}</code></pre>`;
}

export interface RenderedBody {
  html: string;
  /** Markdown cards, to put back in place of their placeholders after the HTML is converted. */
  markdownCards: string[];
}

export function renderLexical(json: string): RenderedBody | null {
  let document: { root?: LexicalNode };
  try {
    document = JSON.parse(json) as { root?: LexicalNode };
  } catch {
    return null;
  }
  if (!document?.root) return null;
  const markdownCards: string[] = [];
  return { html: renderLexicalNode(document.root, markdownCards), markdownCards };
}

type Mobiledoc = {
  markups?: [string, string[]?][];
  cards?: [string, Record<string, unknown>][];
  atoms?: [string, string, unknown][];
  sections?: unknown[][];
};

type Marker = [number, number[], number, unknown];

function renderMarkers(markers: Marker[], document: Mobiledoc): string {
  const open: string[] = [];
  let html = "";
  for (const [kind, opened, closed, value] of markers) {
    for (const index of opened) {
      const [tag = "span", attributes = []] = document.markups?.[index] ?? [];
      const safeTag = /^(a|b|strong|i|em|s|code|u|sup|sub)$/.test(tag.toLowerCase()) ? tag.toLowerCase() : "span";
      let attributeHtml = "";
      for (let at = 0; at + 1 < attributes.length; at += 2)
        if (attributes[at] === "href") attributeHtml += ` href="${escapeHtml(String(attributes[at + 1]))}"`;
      html += `<${safeTag}${attributeHtml}>`;
      open.push(safeTag);
    }
    if (kind === 0) html += escapeHtml(String(value ?? ""));
    else if (kind === 1) {
      const atom = document.atoms?.[Number(value)];
      if (atom?.[0] === "soft-return") html += "<br>";
      else if (atom) html += escapeHtml(atom[1]);
    }
    for (let count = 0; count < closed; count += 1) html += `</${open.pop()}>`;
  }
  while (open.length) html += `</${open.pop()}>`;
  return html;
}

function renderMobiledocCard(name: string, payload: Record<string, unknown>, markdownCards: string[]): string {
  const text = (key: string) => (typeof payload[key] === "string" ? (payload[key] as string) : undefined);
  switch (name) {
    case "markdown":
    case "card-markdown":
      markdownCards.push(text("markdown") ?? "");
      return `<p>BYLINE-MARKDOWN-CARD-${markdownCards.length - 1}</p>`;
    case "image":
      return imageHtml(text("src"), text("alt"), text("caption"));
    case "code":
      return codeHtml(text("code") ?? "", text("language"));
    case "html":
      return text("html") ?? "";
    case "hr":
      return "<hr>";
    default:
      return "";
  }
}

export function renderMobiledoc(json: string): RenderedBody | null {
  let document: Mobiledoc;
  try {
    document = JSON.parse(json) as Mobiledoc;
  } catch {
    return null;
  }
  if (!Array.isArray(document?.sections)) return null;
  const markdownCards: string[] = [];
  const parts = document.sections.map((section) => {
    const [type, tagOrIndex, content] = section as [number, string | number, unknown];
    if (type === 1) {
      const tag = String(tagOrIndex).toLowerCase();
      const safeTag = /^(p|h[1-6]|blockquote|aside)$/.test(tag) ? (tag === "aside" ? "blockquote" : tag) : "p";
      return `<${safeTag}>${renderMarkers((content as Marker[]) ?? [], document)}</${safeTag}>`;
    }
    if (type === 3) {
      const tag = tagOrIndex === "ol" ? "ol" : "ul";
      const items = ((content as Marker[][]) ?? []).map((markers) => `<li>${renderMarkers(markers, document)}</li>`);
      return `<${tag}>${items.join("")}</${tag}>`;
    }
    if (type === 10) {
      const card = document.cards?.[Number(tagOrIndex)];
      return card ? renderMobiledocCard(card[0], card[1] ?? {}, markdownCards) : "";
    }
    if (type === 2) return imageHtml(String(tagOrIndex), undefined, undefined);
    return "";
  });
  return { html: parts.join(""), markdownCards };
}

/** Puts the markdown cards back where their placeholders landed in the converted markdown. */
export function restoreMarkdownCards(markdown: string, markdownCards: string[]): string {
  return markdown.replace(/BYLINE-MARKDOWN-CARD-(\d+)/g, (_match, index: string) => markdownCards[Number(index)]?.trim() ?? "");
}
