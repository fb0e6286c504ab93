/**
 * The clean-up of a generated article body (spec 001, section 5, "Content clean-up"): for
 * Perplexity, citation markers and source parentheticals go; for every provider, line endings and
 * escapes, HTML, headings, company names, lists, quotes and spacing are normalised, and a body that
 * starts with a heading gets a one-line intro. Each rule is its own function; `cleanUpContent`
 * runs them in order and running it twice changes nothing more.
 *
 * Choices worth knowing:
 * - Fenced code blocks are left exactly as written; inline code and links are never rewritten.
 * - Every heading becomes "## **Heading**" (the prompt's form), whatever its level. A line that is
 *   only bold text ("**Heading**", without a full stop) counts as a heading. A plain line ending
 *   in a colon ("Key takeaways:") does not: it usually introduces a list, so it stays as written.
 * - Well-known company names are bolded at their first mention outside headings, links, URLs and
 *   code; a name already bold there counts as its first mention. Bolding every mention clutters.
 * - Curly quotes become straight ones, the form the editor's keyboard types.
 * - Raw HTML from a model is removed, all of it but the editor's underline (<u>…</u>, without
 *   attributes); <script>, <style> and the like go with their content. The article page sanitises
 *   again when it renders; this is belt and braces.
 */

export interface CleanUpOptions {
  /** "openai", "perplexity" or the name of another OpenAI-compatible provider. */
  provider: "openai" | "perplexity" | (string & {});
  /** The article's excerpt, used as the one-line intro when the body starts with a heading. */
  excerpt?: string;
}

// ---------------------------------------------------------------------------------------------
// Code is left alone
// ---------------------------------------------------------------------------------------------

interface Segment {
  code: boolean;
  text: string;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** The text split into prose and fenced code blocks (fence lines included), as CommonMark reads fences. */
export function splitFencedCode(text: string): Segment[] {
  const segments: Segment[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  const flush = (code: boolean) => {
    if (current.length > 0) segments.push({ code, text: current.join("\n") });
    current = [];
  };
  for (const line of text.split("\n")) {
    if (fence === null) {
      const open = FENCE_OPEN.exec(line);
      if (open?.[1] && !(open[1].startsWith("`") && open[2]?.includes("`"))) {
        flush(false);
        fence = open[1];
      }
      current.push(line);
    } else {
      current.push(line);
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (close?.[1] && close[1][0] === fence[0] && close[1].length >= fence.length) {
        flush(true);
        fence = null;
      }
    }
  }
  flush(fence !== null);
  return segments;
}

/** Applies a rule to the prose only, leaving fenced code blocks as they are. */
function mapProse(text: string, rule: (prose: string) => string): string {
  return splitFencedCode(text)
    .map((segment) => (segment.code ? segment.text : rule(segment.text)))
    .join("\n");
}

/**
 * The inline code spans of a text, as [start, end) offsets: a run of backticks closed by the next
 * run of the same length, with no blank line in between (CommonMark). A scanner, not a regular
 * expression, so a reply full of backticks cannot make it backtrack for ever.
 */
export function inlineCodeSpans(text: string): [number, number][] {
  const runs = [...text.matchAll(/`+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const spans: [number, number][] = [];
  let opener = 0;
  while (opener < runs.length) {
    const open = runs[opener];
    let closer = opener + 1;
    let closedAt = -1;
    for (; open && closer < runs.length; closer++) {
      const run = runs[closer];
      const previous = runs[closer - 1];
      if (!run || !previous || /\n[ \t]*\n/.test(text.slice(previous.end, run.start))) break;
      if (run.end - run.start === open.end - open.start) {
        closedAt = closer;
        break;
      }
    }
    const close = runs[closedAt];
    if (open && close) {
      spans.push([open.start, close.end]);
      opener = closedAt + 1;
    } else opener++;
  }
  return spans;
}

/** Applies a rule to the parts of a text outside its inline code spans. */
function mapOutsideInlineCode(text: string, rule: (prose: string) => string): string {
  let result = "";
  let last = 0;
  for (const [start, end] of inlineCodeSpans(text)) {
    result += rule(text.slice(last, start)) + text.slice(start, end);
    last = end;
  }
  return result + rule(text.slice(last));
}

/** Applies a rule to the prose outside fenced code blocks and inline code spans. */
function mapText(text: string, rule: (prose: string) => string): string {
  return mapProse(text, (prose) => mapOutsideInlineCode(prose, rule));
}

/** Applies a rule to each line of the prose. */
function mapLines(text: string, rule: (line: string, index: number, lines: string[]) => string | null): string {
  return mapProse(text, (prose) =>
    prose
      .split("\n")
      .map((line, index, lines) => rule(line, index, lines))
      .filter((line): line is string => line !== null)
      .join("\n"),
  );
}

// ---------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------

/** \r\n, \r and the Unicode line separators become \n. */
export function normalizeLineEndings(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029]/g, "\n");
}

function unescapeLiterals(text: string): string {
  return text
    .replace(/\\r\\n|\\n|\\r/g, "\n")
    .replace(/\\t/g, " ")
    .replace(/\\"/g, '"')
    .replace(/\\'/g, "'");
}

/**
 * Escapes that reached the text as characters ("\n", "\t", "\"", "\'", from a reply escaped
 * twice) become what they stand for (a tab becomes a space, so it starts no code block). When the
 * text has no real line break at all, all of it was escaped twice and everything is unescaped;
 * otherwise code is left alone. Markdown's own escapes (\*, \#) stay.
 */
export function unescapeLiteralEscapes(text: string): string {
  if (!text.includes("\n")) return unescapeLiterals(text);
  return mapText(text, unescapeLiterals);
}

/** Elements removed together with everything inside them. */
const REMOVED_WITH_CONTENT =
  "script|style|iframe|object|embed|applet|noscript|noembed|noframes|frameset|frame|template|textarea|select|title|xmp|plaintext|svg|math|head";

function stripHtmlOnce(text: string): string {
  return (
    text
      .replace(/<!--[\s\S]*?(?:-->|$)/g, "")
      .replace(new RegExp(`<(${REMOVED_WITH_CONTENT})\\b[^<>]*>[\\s\\S]*?<\\/\\1\\s*>`, "gi"), "")
      // Common formatting becomes its markdown.
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<h[1-6]\b[^<>]*>/gi, "\n\n## ")
      .replace(/<\/h[1-6]\s*>/gi, "\n\n")
      .replace(/<\/?(?:strong|b)\b[^<>]*>/gi, "**")
      .replace(/<\/?(?:em|i)\b[^<>]*>/gi, "*")
      .replace(/<li\b[^<>]*>/gi, "\n- ")
      .replace(/<\/?(?:p|div|ul|ol|blockquote|section|article)\b[^<>]*>/gi, "\n\n")
      .replace(
        /<a\b[^<>]*?\bhref\s*=\s*(["'])(https?:\/\/[^"'\s<>()]+)\1[^<>]*>([^<]*)<\/a\s*>/gi,
        (_, _quote: string, url: string, label: string) => `[${label.trim() || url}](${url})`,
      )
      // The underline stays, without attributes; every other tag goes, keeping its text.
      .replace(/<(\/?)u\b[^<>]*>/gi, (_, slash: string) => `\uE000${slash}u\uE001`)
      .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, "")
      .replace(/\uE000(\/?)u\uE001/g, "<$1u>")
      // An opening tag the reply cut off before its ">" ("<img src=x onerror=...").
      .replace(/<\/?[A-Za-z][A-Za-z0-9-]*\s[^<>\n]*=[^<>\n]*$/gm, "")
  );
}

/**
 * Removes raw HTML a model wrote, all of it except the underline <u>…</u> (without attributes):
 * <script>, <style>, <iframe> and the like with their content, other tags keeping their text. A
 * few common tags become their markdown first (<br>, <h2>, <strong>, <em>, <li>, <p>, <a href>).
 * Repeated until nothing changes, so "<scr<script></script>ipt>" cannot rebuild a tag.
 */
export function stripHtml(text: string): string {
  return mapProse(text, (prose) => {
    let current = prose.replace(/[\uE000\uE001]/g, "");
    for (let pass = 0; pass < 5; pass++) {
      const next = stripHtmlOnce(current);
      if (next === current) break;
      current = next;
    }
    return current;
  });
}

/**
 * An address a link may have: http(s), mailto, or one on this site (a path, a fragment). Anything
 * else with a colon before its first slash is a scheme we do not want (javascript:, data:, an
 * entity-encoded "&#106;avascript:").
 */
function isSafeAddress(address: string): boolean {
  const trimmed = address.trim().replace(/^</, "");
  if (/^(?:https?:\/\/|mailto:|\/|#)/i.test(trimmed)) return true;
  const colon = trimmed.indexOf(":");
  const slash = trimmed.indexOf("/");
  return colon === -1 || (slash !== -1 && slash < colon);
}

/** Links, images, autolinks and link definitions whose address is not http(s), mailto or on this site keep only their text. */
export function neutralizeUnsafeLinks(text: string): string {
  return mapProse(text, (prose) =>
    prose
      .replace(/!?\[([^[\]\n]*)\]\(((?:[^()\n]|\([^()\n]*\))*)\)/g, (link: string, label: string, address: string) =>
        isSafeAddress(address) ? link : label,
      )
      .replace(/<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*)>/g, (link: string, address: string) =>
        isSafeAddress(address) ? link : "",
      )
      .replace(/^ {0,3}\[[^\]\n]+\]:[ \t]*(\S+).*$/gm, (definition: string, address: string) =>
        isSafeAddress(address) ? definition : "",
      ),
  );
}

/**
 * Perplexity's citation markers: [1], [1][2], [1, 3], [2-4], footnote references [^1] and
 * 【1】 or 【4†source】, with the space before them. Links ([1](url)) and reference definitions
 * ([1]: url) stay.
 */
export function stripCitationMarkers(text: string): string {
  return mapText(text, (prose) =>
    prose
      .replace(/[ \t]*(?<!\])(?:\[\d{1,3}(?:[ \t]*[,–-][ \t]*\d{1,3})*\])+(?![(:[])/g, "")
      .replace(/[ \t]*\[\^\d{1,3}\](?!:)/g, "")
      .replace(/[ \t]*【[^】\n]{0,40}】/g, ""),
  );
}

/**
 * Parentheticals that name a source instead of saying something: "(Source: TechCrunch)",
 * "(Sources: A, B)", "(according to Reuters)", "(via The Verge)", "(as reported by Wired)",
 * "[Source: X]", with the space before them. Long parentheticals are kept: they usually say more.
 */
export function stripSourceParentheticals(text: string): string {
  return mapText(text, (prose) =>
    prose
      .replace(/[ \t]*\((?:sources?[ \t]*:|according to\s|via\s|as reported by\s|reported by\s|citing\s)[^()\n]{1,80}\)/gi, "")
      .replace(/[ \t]*\[sources?[ \t]*:[^\]\n]{1,80}\](?!\()/gi, ""),
  );
}

/** Curly quotes and apostrophes become straight ones. */
export function normalizeQuotes(text: string): string {
  return mapText(text, (prose) => prose.replace(/[“”„‟]/g, '"').replace(/[‘’‚‛]/g, "'"));
}

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Bullets ("•", "●", "*", "+") become "- "; "1)" becomes "1. "; a thematic break ("* * *") stays. */
export function normalizeLists(text: string): string {
  return mapLines(text, (line) => {
    if (THEMATIC_BREAK.test(line)) return line;
    return line
      .replace(/^(\s*)[•●▪◦‣∙][ \t]*(?=\S)/, "$1- ")
      .replace(/^(\s*)[*+-][ \t]+(?=\S)/, "$1- ")
      .replace(/^(\s*)(\d{1,3})[.)][ \t]+(?=\S)/, "$1$2. ");
  });
}

/** A heading's words without emphasis marks, closing #s or a trailing colon. */
function headingWords(text: string): string {
  return text
    .replace(/(?:^|[ \t]+)#+[ \t]*$/, "")
    .trim()
    .replace(/\*\*|__/g, "")
    .replace(/^[*_]+|[*_]+$/g, "")
    .trim()
    .replace(/[ \t]*:$/, "")
    .trim();
}

const ATX_HEADING = /^ {0,3}(?:#{1,6}[ \t]+|#{2,6}(?=[^\s#\d])|#{1,6}$)(.*)$/;
const BOLD_LINE = /^ {0,3}(\*\*|__)(?![*_\s])([^\n]*?)\1[ \t]*:?[ \t]*$/;
const SETEXT_EQUALS = /^ {0,3}=+[ \t]*$/;

/** A line that "===" under it makes a heading: text, not a heading, list item or quote already. */
function isSetextText(line: string): boolean {
  return /^ {0,3}\S/.test(line) && !ATX_HEADING.test(line) && !/^\s*(?:[-*+>]|\d{1,3}[.)])(?:\s|$)/.test(line);
}

/**
 * Every heading becomes "## **Heading**": ATX headings of any level ("# A", "### *A*", "##A ##"),
 * "A" underlined with "===", and a short line (at most 100 characters) that is only bold text and
 * not a sentence ("**A**", "**A:**", but not "**A sentence.**"). Empty headings are dropped.
 */
export function normalizeHeadings(text: string): string {
  return mapLines(text, (line, index, lines) => {
    if (SETEXT_EQUALS.test(line) && index > 0 && isSetextText(lines[index - 1] ?? "")) return null;
    if (SETEXT_EQUALS.test(lines[index + 1] ?? "") && isSetextText(line)) {
      const words = headingWords(line);
      return words === "" ? null : `## **${words}**`;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      const words = headingWords(atx[1] ?? "");
      return words === "" ? null : `## **${words}**`;
    }
    const bold = BOLD_LINE.exec(line);
    if (bold?.[2]) {
      const words = headingWords(bold[2]);
      if (words !== "" && words.length <= 100 && !/[.!?]$/.test(words) && !/\*\*|__/.test(bold[2])) return `## **${words}**`;
    }
    return line;
  });
}

/** A quote line is "> text"; the blank lines around a quote come from `normalizeSpacing`. */
export function normalizeBlockquotes(text: string): string {
  return mapLines(text, (line) => line.replace(/^ {0,3}>(?!>)[ \t]*(?=\S)/, "> ").replace(/^ {0,3}>[ \t]+$/, ">"));
}

/**
 * Well-known companies, bolded at their first mention. Each entry lists the spellings of one
 * company, matched case-sensitively as whole words ("Apple", not "apple" or "Applebee's").
 */
export const WELL_KNOWN_COMPANIES: readonly (readonly string[])[] = [
  ["Apple"],
  ["Google"],
  ["Alphabet"],
  ["Microsoft"],
  ["Amazon"],
  ["Meta"],
  ["OpenAI"],
  ["Anthropic"],
  ["Nvidia", "NVIDIA"],
  ["Tesla"],
  ["SpaceX"],
  ["Samsung"],
  ["Intel"],
  ["AMD"],
  ["Qualcomm"],
  ["IBM"],
  ["Oracle"],
  ["Netflix"],
  ["Sony"],
  ["Huawei"],
  ["TSMC"],
  ["Salesforce"],
  ["Adobe"],
  ["Cisco"],
  ["Broadcom"],
];

const COMPANY_OF = new Map(WELL_KNOWN_COMPANIES.flatMap((spellings) => spellings.map((name) => [name, spellings[0]] as const)));
const COMPANY_NAMES = [...COMPANY_OF.keys()].sort((a, b) => b.length - a.length).join("|");
const COMPANY = new RegExp(String.raw`(?<![\p{L}\p{N}_*@/.#-])(${COMPANY_NAMES})(?![\p{L}\p{N}_*]|-\p{L}|\.\p{L})`, "gu");
/** What company bolding never touches besides code: links, images, HTML tags, URLs, bold and reference definitions. */
const NOT_FOR_BOLDING =
  /!?\[[^[\]\n]*\](?:\([^()\n]*\)|\[[^[\]\n]*\])|<[^<>\n]+>|\b(?:https?:\/\/|www\.)\S+|\*\*[^\n]+?\*\*|__[^\n]+?__|^ {0,3}\[[^\]\n]+\]:.*$/gm;

/** Bolds each well-known company at its first mention; see the file's notes for what counts. */
export function boldCompanyNames(text: string): string {
  const done = new Set<string>();
  const boldPlain = (plain: string) =>
    plain.replace(COMPANY, (name: string) => {
      const company = COMPANY_OF.get(name) ?? name;
      if (done.has(company)) return name;
      done.add(company);
      return `**${name}**`;
    });
  const boldOutsideLinks = (piece: string) => {
    let result = "";
    let last = 0;
    for (const match of piece.matchAll(NOT_FOR_BOLDING)) {
      result += boldPlain(piece.slice(last, match.index));
      if (match[0].startsWith("**") || match[0].startsWith("__")) {
        for (const name of match[0].slice(2, -2).matchAll(COMPANY)) done.add(COMPANY_OF.get(name[0]) ?? name[0]);
      }
      result += match[0];
      last = match.index + match[0].length;
    }
    return result + boldPlain(piece.slice(last));
  };
  return mapLines(text, (line) => (ATX_HEADING.test(line) ? line : mapOutsideInlineCode(line, boldOutsideLinks)));
}

type LineKind = "blank" | "heading" | "item" | "quote" | "indented" | "text";

function lineKind(line: string): LineKind {
  if (line.trim() === "") return "blank";
  if (/^## /.test(line) || ATX_HEADING.test(line)) return "heading";
  if (/^\s*(?:[-+*]|\d{1,3}[.)])[ \t]+\S/.test(line) && !THEMATIC_BREAK.test(line)) return "item";
  if (/^ {0,3}>/.test(line)) return "quote";
  if (/^(?: {2,}|\t)/.test(line)) return "indented";
  return "text";
}

function spaceProse(prose: string): string {
  const output: string[] = [];
  let previous: LineKind = "blank";
  let inList = false;
  for (const raw of prose.split("\n")) {
    const line = raw.replace(/[ \t\u00a0]+$/, "");
    const kind = lineKind(line);
    if (kind === "blank") {
      if (previous !== "blank") output.push("");
      previous = "blank";
      continue;
    }
    const listGoesOn = inList && (kind === "item" || kind === "indented");
    const needsBlank =
      previous !== "blank" &&
      (kind === "heading" ||
        previous === "heading" ||
        (kind === "item" && !inList) ||
        (inList && !listGoesOn) ||
        (kind === "quote") !== (previous === "quote"));
    if (needsBlank) output.push("");
    if (kind === "item") inList = true;
    else if (!listGoesOn) inList = false;
    output.push(line);
    previous = kind;
  }
  return output.join("\n").replace(/^\n+|\n+$/g, "");
}

/**
 * Trailing spaces go, runs of blank lines become one, and headings, lists and quotes get a blank
 * line before and after them; fenced code blocks get one around them too, and keep their inside.
 */
export function normalizeSpacing(text: string): string {
  return splitFencedCode(text)
    .map((segment) => (segment.code ? segment.text.replace(/^\n+/, "") : spaceProse(segment.text)))
    .filter((part) => part.trim() !== "")
    .join("\n\n")
    .trim();
}

/** The intro used when a body starts with a heading and there is no excerpt to use. */
export const DEFAULT_INTRO = "Here is what happened and why it matters.";

/** The intro as one plain line: no line breaks, and no leading mark that would make it a heading, list or quote. */
function introLine(intro: string): string {
  return intro
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:#{1,6}\s*|[-+*>]\s+|\d{1,3}[.)]\s+|`{3,}|~{3,})+/, "")
    .trim();
}

/** A body that starts with a heading gets a one-line intro before it. */
export function prependIntro(text: string, intro?: string): string {
  if (!/^ {0,3}#{1,6}\s/.test(text)) return text;
  const line = introLine(intro ?? "") || DEFAULT_INTRO;
  return `${line}\n\n${text}`;
}

// ---------------------------------------------------------------------------------------------
// All of it
// ---------------------------------------------------------------------------------------------

function isPerplexity(provider: string): boolean {
  return provider.trim().toLowerCase() === "perplexity";
}

/** The rules that make a piece of untrusted text safe and tidy, without the block-level ones. */
function cleanUpInline(text: string, perplexity: boolean): string {
  let result = neutralizeUnsafeLinks(stripHtml(unescapeLiteralEscapes(normalizeLineEndings(text))));
  if (perplexity) result = stripSourceParentheticals(stripCitationMarkers(result));
  return normalizeQuotes(result);
}

/** The whole clean-up of a generated body, in order; see the file's notes. */
export function cleanUpContent(content: string, { provider, excerpt }: CleanUpOptions): string {
  const perplexity = isPerplexity(provider);
  let text = cleanUpInline(content, perplexity);
  text = normalizeLists(text);
  text = normalizeHeadings(text);
  text = normalizeBlockquotes(text);
  text = prependIntro(text.replace(/^\s+/, ""), excerpt === undefined ? undefined : cleanUpInline(excerpt, perplexity));
  text = boldCompanyNames(text);
  return normalizeSpacing(text);
}
