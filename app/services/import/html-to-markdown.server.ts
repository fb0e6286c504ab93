import TurndownService from "turndown";

/**
 * HTML bodies from Ghost and WordPress become our markdown: ATX headings, `**bold**`, `*emphasis*`, links, `-` lists,
 * quotes, fenced code and images. Scripts, styles and iframes are dropped; other unknown elements keep their text.
 */
function makeConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
    strongDelimiter: "**",
    hr: "---",
  });
  service.remove(["script", "style", "iframe", "noscript", "form", "button"]);
  // A figure's caption follows its image as a plain paragraph.
  service.addRule("figcaption", {
    filter: "figcaption",
    replacement: (content) => (content.trim() ? `\n\n${content.trim()}\n\n` : ""),
  });
  // "- item" rather than Turndown's "-   item".
  service.addRule("listItem", {
    filter: "li",
    replacement: (content, node, options) => {
      const parent = node.parentNode as HTMLElement | null;
      let prefix = `${options.bulletListMarker} `;
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? "1") || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, node)}. `;
      }
      const body = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "\n")
        .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
      return prefix + body + (node.nextSibling && !body.endsWith("\n") ? "\n" : "");
    },
  });
  return service;
}

const converter = makeConverter();

export function htmlToMarkdown(html: string): string {
  if (html.trim() === "") return "";
  return converter
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The words of an HTML fragment, tags removed and entities decoded, on one line. */
export function htmlToPlainText(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
      // Blocks and line breaks part words; inline tags (<em>, <a>) do not.
      .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|br|hr|tr|td|th|table)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, "")
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
        if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
        if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
        return ENTITIES[name.toLowerCase()] ?? entity;
      })
      .replace(/\s+/g, " ")
      .trim()
  );
}
