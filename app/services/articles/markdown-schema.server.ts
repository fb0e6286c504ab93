import type { Element, ElementContent, Root, RootContent } from "hast";
import { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";

/**
 * What an article body may contain once rendered (spec section 5): headings, paragraphs, line
 * breaks, bold, italic, underline, lists, blockquote, links, span, div, code and pre, with the
 * attributes href, target, rel and class only. The reasons for each choice are written down in
 * docs/decisions/004-article-markdown.md.
 *
 * The body goes through three steps after markdown becomes HTML:
 * 1. `rehypeArticleElements` rewrites what GitHub-flavoured markdown emits beyond the allowlist
 *    (tables, strikethrough, task-list checkboxes, footnotes, rules, images) into allowed elements,
 *    so their text stays readable;
 * 2. rehype-sanitize with `articleSanitizeSchema` drops everything else;
 * 3. `rehypeArticleFinish` opens links to other sites in a new tab, with `noopener noreferrer`, makes tables
 *    (which scroll sideways on narrow screens) reachable by keyboard, and tidies what removal left behind
 *    (links without an address, empty paragraphs).
 */

/** Classes the body may carry: the ones step 1 and GFM task lists produce, and code languages. */
export const ARTICLE_CLASSES = {
  table: "md-table",
  tableRow: "md-table-row",
  tableCell: "md-table-cell",
  tableHead: "md-table-head",
  rule: "md-rule",
  strike: "md-strike",
  checkbox: "md-checkbox",
  footnoteRef: "md-footnote-ref",
  footnotes: "md-footnotes",
  taskList: "contains-task-list",
  taskListItem: "task-list-item",
} as const;

const { table, tableRow, tableCell, tableHead, rule, footnotes, strike, checkbox, footnoteRef, taskList, taskListItem } =
  ARTICLE_CLASSES;

/** Elements removed together with everything inside them; any other element outside the allowlist is unwrapped to its children. */
const STRIPPED_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "select",
  "title",
  "xmp",
  "plaintext",
  "svg",
  "math",
];

export const articleSanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "span",
    "div",
    "code",
    "pre",
  ],
  attributes: {
    // `target` only as `_blank` and `rel` only with these tokens; step 3 sets both on links to other sites.
    a: ["href", ["target", "_blank"], ["rel", "noopener", "noreferrer", "nofollow"]],
    code: [["className", /^language-[\w#+.-]+$/]],
    div: [["className", table, tableRow, tableCell, tableHead, rule, footnotes]],
    span: [["className", strike, checkbox, footnoteRef]],
    ul: [["className", taskList]],
    ol: [["className", taskList]],
    li: [["className", taskListItem]],
  },
  // Nothing that could clobber a DOM name (id, name) is allowed at all, so nothing is prefixed.
  clobber: [],
  protocols: { href: ["http", "https", "mailto"] },
  ancestors: {},
  required: {},
  strip: STRIPPED_WITH_CONTENT,
  allowComments: false,
  allowDoctypes: false,
};

function element(tagName: string, className: string | null, children: ElementContent[]): Element {
  return { type: "element", tagName, properties: className ? { className: [className] } : {}, children };
}

function classes(node: Element): string[] {
  const value = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return value === null || value === undefined ? [] : String(value).split(/\s+/);
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** What replaces one element outside the allowlist: new nodes, or null to keep it as it is. */
function rewrite(node: Element): ElementContent[] | null {
  const props = node.properties;
  switch (node.tagName) {
    case "table":
      return [element("div", table, node.children)];
    case "thead":
    case "tbody":
    case "tfoot":
      return node.children;
    case "tr":
      return [element("div", tableRow, node.children)];
    case "th":
      return [{ ...element("div", tableCell, node.children), properties: { className: [tableCell, tableHead] } }];
    case "td":
      return [element("div", tableCell, node.children)];
    case "del":
    case "s":
    case "strike":
      return [element("span", strike, node.children)];
    case "hr":
      return [element("div", rule, [])];
    case "img": {
      const alt = typeof props.alt === "string" ? props.alt.trim() : "";
      return alt ? [{ type: "text", value: alt }] : [];
    }
    case "input":
      return props.type === "checkbox" ? [element("span", checkbox, [{ type: "text", value: props.checked ? "☑" : "☐" }])] : [];
    case "sup": {
      // A GFM footnote reference, <sup><a data-footnote-ref href="#user-content-fn-1">1</a></sup>: without ids
      // the link could lead nowhere, so it becomes the plain marker "[1]".
      const [only] = node.children;
      if (node.children.length === 1 && only?.type === "element" && only.properties.dataFootnoteRef !== undefined) {
        return [element("span", footnoteRef, [{ type: "text", value: `[${textOf(only)}]` }])];
      }
      return null;
    }
    case "a":
      // The "back to the text" arrow of a GFM footnote: its target has no id any more.
      return props.dataFootnoteBackref !== undefined ? [] : null;
    case "section":
      return props.dataFootnotes !== undefined || classes(node).includes("footnotes")
        ? [element("div", footnotes, node.children)]
        : null;
    default:
      return null;
  }
}

function rewriteChildren(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child) => {
    if (child.type !== "element") return [child];
    const replacement = rewrite(child);
    if (replacement === null) {
      child.children = rewriteChildren(child.children);
      return [child];
    }
    return rewriteChildren(replacement);
  });
}

/** Step 1: GFM's tables, strikethrough, task lists, footnotes, rules and images, in allowed elements. */
export function rehypeArticleElements() {
  return (tree: Root) => {
    tree.children = rewriteChildren(tree.children as ElementContent[]) as RootContent[];
  };
}

/** An absolute http(s) address, which on an article page always points away from the page. */
function isOtherSite(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function isBlank(node: ElementContent): boolean {
  return node.type === "text" && node.value.trim() === "";
}

function finish(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child) => {
    if (child.type !== "element") return [child];
    child.children = finish(child.children);
    // A paragraph whose only content was removed (an inline <object>, say) would leave a gap.
    if (child.tagName === "p" && child.children.every(isBlank)) return [];
    if (Array.isArray(child.properties.className) && child.properties.className.length === 0) {
      delete child.properties.className;
    }
    if (child.tagName === "div" && classes(child).includes(table)) return [scrollableTable(child)];
    if (child.tagName !== "a") return [child];
    const href = child.properties.href;
    // A link whose address the sanitizer removed is only its text.
    if (typeof href !== "string" || href === "") return child.children;
    if (isOtherSite(href)) {
      child.properties = { href, target: "_blank", rel: ["noopener", "noreferrer"] };
    } else {
      child.properties = { href };
    }
    return [child];
  });
}

/**
 * A table scrolls sideways when it is wider than the column: its box is a region in the tab order, named by its
 * column headings, so keyboard users can reach and scroll it (WCAG 2.1.1). Set after sanitizing, by us alone.
 */
function scrollableTable(node: Element): Element {
  const headings = node.children
    .filter((row): row is Element => row.type === "element")
    .flatMap((row) => row.children)
    .filter((cell): cell is Element => cell.type === "element" && classes(cell).includes(tableHead))
    .map((cell) => textOf(cell).trim())
    .filter(Boolean);
  const label = headings.length > 0 ? `Table: ${headings.join(", ")}` : "Table";
  node.properties = { ...node.properties, role: "region", ariaLabel: label, tabIndex: 0 };
  return node;
}

/** Step 3, after sanitizing: links to other sites open in a new tab without access to this one; no empty leftovers. */
export function rehypeArticleFinish() {
  return (tree: Root) => {
    tree.children = finish(tree.children as ElementContent[]) as RootContent[];
  };
}
