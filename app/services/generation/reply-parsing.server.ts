import { z } from "zod";
import { GenerationError, INVALID_JSON_MESSAGE, INVALID_STRUCTURE_MESSAGE } from "./generation-errors.server";

/**
 * Reads a model's reply (spec 001, section 5, "JSON reply repair"): strip code fences, extract the
 * outermost braces, repair the content field, and as a last resort fall back to the title and
 * excerpt with a notice. The reply is untrusted text: it is parsed, never evaluated, and only the
 * expected fields are kept.
 */

export type ParsedReply =
  | { kind: "article"; title: string; excerpt: string; content: string; usedItems: number[]; notice?: string }
  | { kind: "no-recent-news"; message: string; suggestions: string[] };

/** A reply longer than this is not an article of 800-1200 words; only its start is read. */
export const MAX_REPLY_LENGTH = 200_000;

/** The message of a no-recent-news reply that says nothing itself. */
export const DEFAULT_NO_RECENT_NEWS_MESSAGE = "No recent news found from trusted sources in the past 7 days.";

const MAX_SUGGESTIONS = 5;
const MAX_SUGGESTION_LENGTH = 300;
const MAX_NEWS_MESSAGE_LENGTH = 1000;

// ---------------------------------------------------------------------------------------------
// The repair chain, one step each
// ---------------------------------------------------------------------------------------------

/**
 * Takes the JSON out of a markdown code fence: "```json\n{...}\n```", with or without words around
 * it. A fence only counts before the first "{" (opening) or after the last "}" (closing), so a code
 * block inside the article's content is left alone. Text without fences comes back trimmed.
 */
export function stripCodeFences(text: string): string {
  let result = text.trim();
  const firstBrace = result.indexOf("{");
  const head = firstBrace === -1 ? result : result.slice(0, firstBrace);
  const opening = /(?:^|\n)[ \t]*(`{3,}|~{3,})[^\n`]*(?:\n|$)/.exec(head);
  if (opening) result = result.slice(opening.index + opening[0].length);
  const lastBrace = result.lastIndexOf("}");
  const tail = result.slice(lastBrace + 1);
  const closing = /(`{3,}|~{3,})/.exec(tail);
  if (closing) result = result.slice(0, lastBrace + 1 + closing.index);
  return result.trim();
}

/**
 * The first complete top-level {...} object in the text, reading strings (and their escapes) so a
 * brace inside a string does not count; when the braces never balance (a truncated or garbled
 * reply), everything from the first "{" to the last "}". Null when there is no object at all.
 */
export function extractOutermostObject(text: string): string | null {
  const start = text.indexOf("{");
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (inString) {
      if (character === "\\") index++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === "{") depth++;
    else if (character === "}" && --depth === 0) return text.slice(start, index + 1);
  }
  const end = text.lastIndexOf("}");
  return end > start ? text.slice(start, end + 1) : null;
}

const VALID_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** After a quote inside a string: does the rest look like the string has ended (a comma and the next key, a colon, a closing brace)? */
function endsString(text: string, quoteIndex: number): boolean {
  const rest = text.slice(quoteIndex + 1, quoteIndex + 200);
  return /^\s*(?:[:}\]]|$)/.test(rest) || /^\s*,\s*(?:["}\]]|$)/.test(rest);
}

/**
 * Repairs what models get wrong in JSON, mostly inside the long "content" string: raw line breaks
 * and tabs (escaped), quotes that were not escaped (a quote only ends a string when a comma and the
 * next key, a colon or a closing brace follows), escapes JSON does not know (\' becomes ', others
 * keep their backslash as text), and trailing commas before } or ]. It closes nothing that was
 * cut off: a truncated reply is left to the fallback, which says so.
 */
export function repairContentField(jsonText: string): string {
  let result = "";
  let inString = false;
  for (let index = 0; index < jsonText.length; index++) {
    const character = jsonText[index] ?? "";
    if (!inString) {
      if (character === '"') inString = true;
      else if (character === ",") {
        const next = /^\s*([}\]])/.exec(jsonText.slice(index + 1));
        if (next) continue;
      }
      result += character;
      continue;
    }
    if (character === "\\") {
      const next = jsonText[index + 1] ?? "";
      if (next === "'") {
        result += "'";
      } else if (next === "u" && !/^[0-9a-fA-F]{4}$/.test(jsonText.slice(index + 2, index + 6))) {
        result += "\\\\u";
      } else if (VALID_ESCAPES.has(next)) {
        result += character + next;
      } else {
        // An escape JSON does not know, or a backslash at the very end: keep the backslash as text.
        result += "\\\\";
        continue;
      }
      index++;
      continue;
    }
    if (character === '"') {
      if (endsString(jsonText, index)) {
        inString = false;
        result += character;
      } else result += '\\"';
      continue;
    }
    const escaped = CONTROL_ESCAPES[character];
    if (escaped) result += escaped;
    else if (character < " ") result += `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
    else result += character;
  }
  return result;
}

const LENIENT_ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "", b: "", f: "" };

/** A JSON string's text with its escapes read leniently (a cut-off escape is dropped). */
function unescapeJsonText(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)?/gs, (_, escape: string | undefined) => {
    if (!escape) return "";
    if (escape.length === 5) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return LENIENT_ESCAPES[escape] ?? escape;
  });
}

/** A one-line string field ("title": "...") whose closing quote is followed by a comma, a brace or the line's end. */
function lineField(text: string, name: string): string | null {
  const match = new RegExp(`(?<![\\w-])["']?${name}["']?\\s*:\\s*"([^\\n]*?)"\\s*(?:,|\\}|$)`, "im").exec(text);
  const value = match?.[1] ? unescapeJsonText(match[1]).trim() : "";
  return value === "" ? null : value;
}

/** Whatever the "content" string holds, up to its closing quote or, when the reply was cut off, its end. */
function contentField(text: string): string {
  const start = /(?<![\w-])["']?content["']?\s*:\s*"/i.exec(text);
  if (!start) return "";
  const rest = text.slice(start.index + start[0].length);
  const end = /(?<!\\)"\s*(?:,\s*"[A-Za-z_]+"\s*:|\}\s*(?:`{3,}\s*)?$)/.exec(rest);
  return unescapeJsonText(end ? rest.slice(0, end.index) : rest).trim();
}

export const FALLBACK_NOTICES = {
  partialContent:
    "The AI reply was incomplete, so the title and excerpt were recovered and the content may be cut short. Please review it before publishing.",
  excerptOnly:
    "The AI reply was incomplete, so only the title and excerpt were recovered; the content holds the excerpt. Please write the article before publishing.",
} as const;

/**
 * The last resort: the title and excerpt read with patterns from a reply that is not JSON (cut off,
 * or garbled beyond repair). The content is whatever of it can be recovered, else the excerpt; the
 * notice says the reply was incomplete. Null when there is no title or no excerpt.
 */
export function fallbackTitleAndExcerpt(
  text: string,
): { title: string; excerpt: string; content: string; notice: string } | null {
  const title = lineField(text, "title");
  const excerpt = lineField(text, "excerpt");
  if (!title || !excerpt) return null;
  const content = contentField(text);
  return content === ""
    ? { title, excerpt, content: excerpt, notice: FALLBACK_NOTICES.excerptOnly }
    : { title, excerpt, content, notice: FALLBACK_NOTICES.partialContent };
}

// ---------------------------------------------------------------------------------------------
// The reply's shapes
// ---------------------------------------------------------------------------------------------

const requiredText = z.string().trim().min(1);

const ArticleReply = z.object({
  title: requiredText,
  excerpt: requiredText,
  content: requiredText,
  /** The numbers (1-based) of the news items the model says it used; anything else counts as none. */
  used_items: z
    .array(z.number().int().positive().max(1000))
    .max(100)
    .optional()
    .catch(undefined)
    .transform((items) => [...new Set(items ?? [])]),
});

const NoRecentNewsReply = z.object({
  error: z.literal("NO_RECENT_NEWS_FOUND"),
  message: z
    .string()
    .trim()
    .min(1)
    .transform((text) => text.slice(0, MAX_NEWS_MESSAGE_LENGTH))
    .optional()
    .catch(undefined),
  suggestions: z.array(z.unknown()).optional().catch(undefined),
});

function suggestionTexts(values: readonly unknown[] | undefined): string[] {
  return (values ?? [])
    .filter((value): value is string => typeof value === "string")
    .map((value) => value.replace(/\s+/g, " ").trim().slice(0, MAX_SUGGESTION_LENGTH))
    .filter(Boolean)
    .slice(0, MAX_SUGGESTIONS);
}

function interpret(value: unknown): ParsedReply {
  const noNews = NoRecentNewsReply.safeParse(value);
  if (noNews.success) {
    return {
      kind: "no-recent-news",
      message: noNews.data.message ?? DEFAULT_NO_RECENT_NEWS_MESSAGE,
      suggestions: suggestionTexts(noNews.data.suggestions),
    };
  }
  const article = ArticleReply.safeParse(value);
  if (!article.success) throw new GenerationError("INVALID_STRUCTURE", INVALID_STRUCTURE_MESSAGE);
  const { title, excerpt, content, used_items: usedItems } = article.data;
  return { kind: "article", title, excerpt, content, usedItems };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * A model's reply as an article or a no-recent-news answer. Tries the text as it is, without code
 * fences, its outermost object, and each of those repaired; then a no-recent-news error code seen
 * in the text; then the title-and-excerpt fallback (with a notice). Throws GenerationError
 * INVALID_JSON when nothing works, INVALID_STRUCTURE when the JSON lacks a non-empty title,
 * excerpt or content.
 */
export function parseModelReply(text: string): ParsedReply {
  const reply = typeof text === "string" ? text.slice(0, MAX_REPLY_LENGTH) : "";
  const unfenced = stripCodeFences(reply);
  const candidates = [...new Set([unfenced, extractOutermostObject(unfenced), extractOutermostObject(reply)])].filter(
    (candidate): candidate is string => typeof candidate === "string" && candidate.trim() !== "",
  );
  for (const attempt of [(candidate: string) => candidate, repairContentField]) {
    for (const candidate of candidates) {
      const parsed = parseJson(attempt(candidate));
      if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null) return interpret(parsed.value);
    }
  }
  if (/["']?error["']?\s*:\s*["']NO_RECENT_NEWS_FOUND["']/.test(reply)) {
    return { kind: "no-recent-news", message: DEFAULT_NO_RECENT_NEWS_MESSAGE, suggestions: [] };
  }
  const fallback = fallbackTitleAndExcerpt(unfenced);
  if (fallback) return { kind: "article", ...fallback, usedItems: [] };
  throw new GenerationError("INVALID_JSON", INVALID_JSON_MESSAGE);
}
