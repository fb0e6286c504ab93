import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
} from "openai";
import { CATEGORIES, type Category } from "../../domain/sections";
import { DUPLICATE_TEXTS } from "../../validation/article";

/**
 * Generation's domain errors and the texts of spec 001, sections 5 and 8, word for word, and the
 * classification of a failure into what the generator's status box shows.
 */

export type GenerationErrorCode =
  | "UNAUTHORIZED"
  | "UNKNOWN_MODEL"
  | "MISSING_KEY"
  | "INVALID_KEY_FORMAT"
  | "NO_RECENT_NEWS_FOUND"
  | "EMPTY_REPLY"
  | "INVALID_JSON"
  | "INVALID_STRUCTURE"
  | "DUPLICATE_CONTENT"
  | "PROVIDER_ERROR";

export interface GenerationErrorDetails {
  /** Suggestions that came with the failure (a model's NO_RECENT_NEWS_FOUND reply carries some). */
  suggestions?: string[];
}

/** A generation failure with a stable code; code reacts to the code, never to the message text. */
export class GenerationError extends Error {
  readonly code: GenerationErrorCode;
  readonly details?: GenerationErrorDetails;

  constructor(code: GenerationErrorCode, message: string, details?: GenerationErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GenerationError";
    this.code = code;
    if (details) this.details = details;
  }
}

// ---------------------------------------------------------------------------------------------
// The spec's texts (sections 5 and 8)
// ---------------------------------------------------------------------------------------------

export const UNAUTHORIZED_MESSAGE =
  "UNAUTHORIZED: Admin authentication required to generate articles. Please log in to the admin panel.";

export const INVALID_STRUCTURE_MESSAGE = "Invalid response structure: missing required fields (title, excerpt, or content)";

export const INVALID_JSON_MESSAGE =
  "Unable to parse AI response as JSON. The AI returned malformed JSON. Please try again or use a different model.";

export function unknownModelMessage(modelId: string): string {
  return `Unknown model: ${modelId}`;
}

/** "{OpenAI|Perplexity} API key is required for model {id}". */
export function missingKeyMessage(providerName: string, modelId: string): string {
  return `${providerName} API key is required for model ${modelId}`;
}

export function emptyReplyMessage(providerName: string): string {
  return `No response content received from ${providerName}`;
}

/** "NO_RECENT_NEWS_FOUND: {message}", the single-article error the UI turns into suggestions. */
export function noRecentNewsMessage(message: string): string {
  return message.startsWith("NO_RECENT_NEWS_FOUND") ? message : `NO_RECENT_NEWS_FOUND: ${message}`;
}

/**
 * What a single generation says when no fetched item of the past 7 days matches (the model is not asked at
 * all then: generation only writes from fetched news).
 */
export function noMatchingNewsMessage({ category, topic }: { category: Category | string; topic?: string }): string {
  return noRecentNewsMessage(
    `No recent news found about ${topic ? `"${topic}" in ` : ""}${category} from trusted sources in the past 7 days.`,
  );
}

/** The batch's text when nothing was made and every failure was "no recent news" (spec section 8). */
export function insufficientRecentNewsMessage({
  category,
  topic,
  count,
}: {
  category: Category | string;
  topic?: string;
  count: number;
}): string {
  return (
    `NO_RECENT_NEWS_FOUND: Could not find enough recent ${category} news${topic ? ` about "${topic}"` : ""} ` +
    `from trusted sources to generate ${count} articles. ` +
    "Try a broader topic, different category, or generate articles one at a time."
  );
}

/**
 * The batch's text when nothing was made for other reasons (spec section 8): the per-article
 * errors, numbered, or a hint to check the key when there are none. Pass texts that are safe to
 * show (the `message` of `classifyGenerationFailure`), never a provider's raw message.
 */
export function noVerifiedArticlesMessage(modelId: string, articleErrors: readonly string[]): string {
  const head = `Failed to generate any verified articles with ${modelId}`;
  if (articleErrors.length === 0) return `${head}. Please check your API key and try again.`;
  return `${head}. Errors: ${articleErrors.map((text, index) => `Article ${index + 1}: ${text}`).join(" ")}`;
}

/** The generic texts for a failure that is not an Error (spec section 8, class 7). */
export function genericFailureMessage(count: number): string {
  return count > 1
    ? "Failed to generate verified articles. Please try again."
    : "Failed to generate verified article. Please try again.";
}

// ---------------------------------------------------------------------------------------------
// Classification (spec section 8)
// ---------------------------------------------------------------------------------------------

/** The classes of spec section 8, in its order; "timeout" and "connection" are class 7 with a clearer title. */
export type GenerationFailureKind =
  "no-recent-news" | "duplicate" | "invalid-key" | "quota" | "rate-limit" | "model" | "timeout" | "connection" | "other";

export interface GenerationNotice {
  tone: "warning" | "error";
  title: string;
  message: string;
  /** Shown as a numbered list; no numbers in the texts. */
  suggestions: string[];
  tips: string[];
}

export interface GenerationFailureContext {
  /** "OpenAI", "Perplexity", or the configured name of another OpenAI-compatible server. */
  providerName: string;
  modelId: string;
  category: Category;
  topic?: string;
  /** How many articles were asked for: 1, or 3 for a batch. */
  count: number;
}

/** Codes of our own errors whose message is already the spec's text for the admin. */
const OWN_TEXT_CODES: ReadonlySet<GenerationErrorCode> = new Set([
  "UNAUTHORIZED",
  "UNKNOWN_MODEL",
  "MISSING_KEY",
  "INVALID_KEY_FORMAT",
  "EMPTY_REPLY",
  "INVALID_JSON",
  "INVALID_STRUCTURE",
]);

/** The SDK's error codes and types that mean the account has no credit. */
const QUOTA_CODES = new Set(["insufficient_quota", "billing_hard_limit_reached", "billing_not_active", "insufficient_credits"]);
/** The SDK's error codes and types that mean the model is unknown or out of reach. */
const MODEL_CODES = new Set(["model_not_found", "invalid_model", "model_not_available"]);
/** The SDK's error codes and types that mean the key is wrong. */
const KEY_CODES = new Set(["invalid_api_key", "incorrect_api_key"]);

/** The spec's message-text rules (section 8), for errors that are not typed: OpenAI-compatible proxies, wrapped errors. */
const TEXT_RULES: readonly { kind: GenerationFailureKind; pattern: RegExp }[] = [
  {
    kind: "no-recent-news",
    pattern: /no recent news found|NO_RECENT_NEWS_FOUND|could not find enough recent|no recent, real news/i,
  },
  { kind: "duplicate", pattern: /similar article already exists|DUPLICATE_CONTENT|duplicate content/i },
  { kind: "invalid-key", pattern: /\b401\b|incorrect api key|invalid[_ ]api[_ ]key/i },
  { kind: "quota", pattern: /\bquota\b|\bbilling\b|insufficient[_ ](?:quota|credits?|funds)|\b402\b/i },
  { kind: "rate-limit", pattern: /rate[_ -]?limit|too many requests|\b429\b/i },
  {
    kind: "model",
    pattern:
      /model_not_found|invalid[_ ]model|\bmodel\b[^.]*\b(?:not found|does not exist|not available|unavailable|not supported|no access|do not have access)\b/i,
  },
];

function apiErrorKind(error: APIError): GenerationFailureKind | null {
  if (error instanceof APIConnectionTimeoutError) return "timeout";
  if (error instanceof APIUserAbortError) return "other";
  if (error instanceof APIConnectionError) return "connection";
  const codes = [error.code, error.type]
    .filter((value): value is string => typeof value === "string")
    .map((v) => v.toLowerCase());
  if (error instanceof AuthenticationError || error.status === 401 || codes.some((code) => KEY_CODES.has(code)))
    return "invalid-key";
  if (error.status === 402 || codes.some((code) => QUOTA_CODES.has(code))) return "quota";
  if (error instanceof RateLimitError || error.status === 429) return "rate-limit";
  if (error instanceof NotFoundError || error.status === 404 || codes.some((code) => MODEL_CODES.has(code))) return "model";
  return null;
}

function textKind(message: string): GenerationFailureKind | null {
  return TEXT_RULES.find(({ pattern }) => pattern.test(message))?.kind ?? null;
}

/** The errors to look at: the error itself and its causes (a wrapped SDK error), at most a few deep. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

/**
 * Which class of spec section 8 a failure falls in: our own code first, then the openai SDK's
 * typed errors (also as a cause), then the spec's message-text matching.
 */
export function generationFailureKind(error: unknown): GenerationFailureKind {
  if (error instanceof GenerationError) {
    if (error.code === "NO_RECENT_NEWS_FOUND") return "no-recent-news";
    if (error.code === "DUPLICATE_CONTENT") return "duplicate";
    if (OWN_TEXT_CODES.has(error.code)) return "other";
  }
  for (const link of causeChain(error)) {
    if (link instanceof APIError) {
      const kind = apiErrorKind(link);
      if (kind) return kind;
    }
  }
  for (const link of causeChain(error)) {
    if (link instanceof Error) {
      const kind = textKind(link.message);
      if (kind) return kind;
    }
  }
  return "other";
}

/** True when a failure means "no recent news" (the batch uses it to choose its final text). */
export function isNoRecentNews(error: unknown): boolean {
  return generationFailureKind(error) === "no-recent-news";
}

/** Anything shaped like a provider key (sk-..., pplx-..., a bearer token), in a text meant for people. */
const KEY_LIKE = /\b(?:sk|pplx)-[A-Za-z0-9_*.-]{4,}|\bBearer\s+[A-Za-z0-9._~+/=-]+/g;

/** Takes out anything that looks like a key, masked or not, from a raw message before it is shown. */
export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, "[redacted]");
}

/** Popular topics per category, offered when nothing recent matched. */
export const POPULAR_TOPICS: Record<Category, readonly string[]> = {
  AI: ["OpenAI", "AI chips", "AI regulation", "chatbots"],
  Mobile: ["iPhone", "Android", "Samsung Galaxy", "foldable phones"],
  Startups: ["funding rounds", "acquisitions", "IPOs", "Y Combinator"],
  Cloud: ["AWS", "Microsoft Azure", "Google Cloud", "data centers"],
  Gadgets: ["wearables", "laptops", "smart home", "headphones"],
  Software: ["Windows", "open source", "developer tools", "app updates"],
  Security: ["data breach", "ransomware", "vulnerability", "zero-day"],
};

/** Suggestion lists are cut to 4 in the multi-article messages (spec section 8). */
export const MULTI_SUGGESTION_LIMIT = 4;

/** At most this many of a model's own suggestions are passed on, each cut to a sensible length. */
const MODEL_SUGGESTIONS_KEPT = 3;
const MODEL_SUGGESTION_LENGTH = 200;

function quoteList(items: readonly string[]): string {
  return items.map((item) => `"${item}"`).join(", ");
}

function otherCategories(category: Category): string {
  return CATEGORIES.filter((other) => other !== category)
    .slice(0, 3)
    .join(", ");
}

function modelSuggestions(error: unknown): string[] {
  const suggestions = error instanceof GenerationError ? (error.details?.suggestions ?? []) : [];
  return suggestions
    .filter((text): text is string => typeof text === "string")
    .map((text) => text.replace(/\s+/g, " ").trim().slice(0, MODEL_SUGGESTION_LENGTH))
    .filter(Boolean)
    .slice(0, MODEL_SUGGESTIONS_KEPT);
}

function unique(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function noRecentNewsNotice(
  error: unknown,
  { providerName, category, topic, count }: GenerationFailureContext,
): GenerationNotice {
  const multi = count > 1;
  const about = topic ? ` about "${topic}"` : "";
  const popular = POPULAR_TOPICS[category] ?? [];
  const message = multi
    ? `Could not find enough recent ${category} news${about} from trusted sources in the past 7 days to generate ${count} articles. ` +
      "This is quality control working: articles are only written from real, verified news, never invented."
    : `No recent ${category} news${about} was found from trusted sources in the past 7 days. ` +
      "This is quality control working: articles are only written from real, verified news, never invented.";

  const suggestions = unique([
    ...modelSuggestions(error),
    ...(topic
      ? [
          `Use broader keywords than "${topic}", such as a company or product name`,
          `Leave the topic empty to write about the latest ${category} news`,
        ]
      : []),
    `Try another category, such as ${otherCategories(category)}`,
    ...(providerName.toLowerCase() === "perplexity" ? [] : ["Try a Perplexity model, which searches the web in real time"]),
    ...(multi ? ["Generate articles one at a time"] : []),
    ...(topic ? [] : [`Add a topic that is in the news this week, such as ${quoteList(popular.slice(0, 2))}`]),
    "Try again later, when new stories have been published",
  ]);

  const tips = [
    "Only news from the past 7 days is used, so quiet weeks in a category give fewer stories.",
    "Short, general keywords (a company or product name) match more stories than long phrases.",
    ...(popular.length > 0 ? [`Popular ${category} topics: ${quoteList(popular)}.`] : []),
  ];

  return {
    tone: "warning",
    title: multi ? "Insufficient Recent News Found" : "No Recent News Found",
    message,
    suggestions: multi ? suggestions.slice(0, MULTI_SUGGESTION_LIMIT) : suggestions,
    tips,
  };
}

function duplicateNotice({ category, topic, count }: GenerationFailureContext): GenerationNotice {
  const multi = count > 1;
  const suggestions = [
    topic ? `Try a different topic than "${topic}"` : "Add a specific topic to find a different story",
    `Try another category than ${category}`,
    "Wait for new developments in the tech industry, then try again",
    "Review the existing article in Article Management and update it instead",
  ];
  return {
    tone: "warning",
    title: multi ? "Some Articles Skipped" : "Content Uniqueness Protection Active",
    message: DUPLICATE_TEXTS.message,
    suggestions: multi ? suggestions.slice(0, MULTI_SUGGESTION_LIMIT) : suggestions,
    tips: [
      "Each new article is compared with the existing ones by title and keywords, so the same story is never published twice.",
    ],
  };
}

function errorNotice(title: string, message: string, suggestions: string[] = [], tips: string[] = []): GenerationNotice {
  return { tone: "error", title, message, suggestions, tips };
}

/**
 * What the generator's status box shows for a failure (spec section 8). Classes 3 to 6 use the
 * spec's text, never the provider's message (the SDK's 401 message holds a masked key); anything
 * else shows the error's own message, with anything key-like taken out.
 */
export function classifyGenerationFailure(error: unknown, context: GenerationFailureContext): GenerationNotice {
  const { providerName, modelId, count } = context;
  switch (generationFailureKind(error)) {
    case "no-recent-news":
      return noRecentNewsNotice(error, context);
    case "duplicate":
      return duplicateNotice(context);
    case "invalid-key":
      return errorNotice(
        "Invalid API Key",
        `Invalid API key. Please verify your ${providerName} API key is correct and has sufficient credits.`,
      );
    case "quota":
      return errorNotice(
        "Quota Exceeded",
        `API quota exceeded or billing issue. Please check your ${providerName} account usage and billing status.`,
      );
    case "rate-limit":
      return errorNotice("Rate Limit Exceeded", "Rate limit exceeded. Please wait a moment and try again.");
    case "model":
      return errorNotice(
        "Model Not Available",
        `Model ${modelId} not available. Please try a different model or check your API access.`,
      );
    case "timeout":
      return errorNotice("Request Timed Out", rawMessage(error, count));
    case "connection":
      return errorNotice("Connection Failed", rawMessage(error, count));
    case "other":
      return errorNotice("Generation Failed", rawMessage(error, count));
  }
}

/**
 * The error a batch throws when it made no article (spec section 8): NO_RECENT_NEWS_FOUND when every
 * failure was "no recent news", otherwise "Failed to generate any verified articles with {model}"
 * listing each failure's shown text (never a provider's raw message).
 */
export function batchFailureError(failures: readonly unknown[], context: GenerationFailureContext): GenerationError {
  if (failures.length > 0 && failures.every(isNoRecentNews)) {
    return new GenerationError("NO_RECENT_NEWS_FOUND", insufficientRecentNewsMessage(context));
  }
  const texts = failures.map((failure) => classifyGenerationFailure(failure, { ...context, count: 1 }).message);
  return new GenerationError("PROVIDER_ERROR", noVerifiedArticlesMessage(context.modelId, texts));
}

function rawMessage(error: unknown, count: number): string {
  if (!(error instanceof Error) || error.message.trim() === "") return genericFailureMessage(count);
  return redactKeys(error.message);
}
