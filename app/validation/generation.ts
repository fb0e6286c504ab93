import { z } from "zod";
import { FormId } from "./form-id";
import type { Category } from "../domain/sections";
import { allowedText } from "./text";

/**
 * The Article Generation form and the provider-key rules (spec 001, sections 2, 5 and 9), shared by
 * the form in the browser (instant feedback, disabled buttons) and the action on the server, which
 * is the authority. No Node APIs here.
 */

/** The providers whose keys the admin may type in; other OpenAI-compatible servers are configured on the server. */
export type KeyedProvider = "openai" | "perplexity";

export const AI_PROVIDERS = {
  openai: { name: "OpenAI", keyPrefix: "sk-", keyPage: "https://platform.openai.com/api-keys" },
  perplexity: { name: "Perplexity", keyPrefix: "pplx-", keyPage: "https://www.perplexity.ai/settings/api" },
} as const satisfies Record<KeyedProvider, { name: string; keyPrefix: string; keyPage: string }>;

/** Spec section 9: API key minimum length. */
export const API_KEY_MIN_LENGTH = 20;

/** Text that shows a URL (an image address, a web page) was pasted instead of a key. */
const NOT_IN_A_KEY = ["http", "www", ".com", ".webp", "://"] as const;

/**
 * The spec's key format (section 5): trimmed, non-empty, at least 20 characters, starting with the
 * provider's prefix, and holding none of http, www, .com, .webp or :// (case-insensitively).
 */
export function isValidApiKey(provider: KeyedProvider, key: string): boolean {
  const trimmed = key.trim();
  const lower = trimmed.toLowerCase();
  return (
    trimmed.length >= API_KEY_MIN_LENGTH &&
    trimmed.startsWith(AI_PROVIDERS[provider].keyPrefix) &&
    !NOT_IN_A_KEY.some((fragment) => lower.includes(fragment))
  );
}

function formatRule(provider: KeyedProvider): string {
  const { name, keyPrefix } = AI_PROVIDERS[provider];
  return `${name} API keys should start with "${keyPrefix}" and be at least ${API_KEY_MIN_LENGTH} characters long.`;
}

/**
 * The inline text under the key input: null while the key is valid or still empty (an empty key
 * gets the submit text instead), the spec's red-border text for an invalid non-empty key.
 * The generate buttons stay disabled until `isValidApiKey` holds.
 */
export function apiKeyFormatProblem(provider: KeyedProvider, key: string): string | null {
  if (key.trim() === "" || isValidApiKey(provider, key)) return null;
  return `Invalid format. ${formatRule(provider)}`;
}

/** The text shown when the form is submitted with an empty or invalid key; null when the key is valid. */
export function apiKeySubmitProblem(provider: KeyedProvider, key: string): string | null {
  const { name, keyPage } = AI_PROVIDERS[provider];
  if (key.trim() === "") return `Please enter your ${name} API key.`;
  if (isValidApiKey(provider, key)) return null;
  return `Invalid API key format. ${formatRule(provider)} Please check your API key from ${keyPage}.`;
}

/** The service's text for a key of the wrong format (spec section 5: "Invalid {provider} API key format. ..."). */
export function invalidKeyServiceMessage(provider: KeyedProvider): string {
  return `Invalid ${AI_PROVIDERS[provider].name} API key format. ${formatRule(provider)}`;
}

/** How many articles one press of a generate button asks for. */
export const GENERATION_COUNTS = [1, 3] as const;
export type GenerationCount = (typeof GENERATION_COUNTS)[number];

/** Longest topic the form accepts. */
export const TOPIC_MAX_LENGTH = 200;

export const GENERATION_FORM_TEXTS = {
  category: "Please choose a category.",
  topicTooLong: `The topic can be at most ${TOPIC_MAX_LENGTH} characters.`,
  model: "Please choose an AI model.",
  count: "Please choose to generate 1 or 3 articles.",
} as const;

/** A form field that was left empty (or not sent) counts as absent. */
function emptyAsAbsent(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

/**
 * The generator form. The model is checked against the catalogue on the server, and the key's
 * format against the model's provider there too (the form uses `apiKeyFormatProblem`).
 */
export const GenerationRequest = z.object({
  // A section's name; the action checks it is one of the newsroom's (decision 042).
  category: z.preprocess(
    emptyAsAbsent,
    z
      .string({ error: GENERATION_FORM_TEXTS.category })
      .trim()
      .min(1, GENERATION_FORM_TEXTS.category)
      .max(100, GENERATION_FORM_TEXTS.category)
      .check(allowedText("The category", { message: GENERATION_FORM_TEXTS.category }))
      .default("AI"),
  ),
  topic: z.preprocess(
    emptyAsAbsent,
    z.string().trim().max(TOPIC_MAX_LENGTH, GENERATION_FORM_TEXTS.topicTooLong).check(allowedText("The topic")).optional(),
  ),
  model: z
    .string({ error: GENERATION_FORM_TEXTS.model })
    .trim()
    .min(1, GENERATION_FORM_TEXTS.model)
    .check(allowedText("The AI model")),
  count: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.union([z.literal(1), z.literal(3)], { error: GENERATION_FORM_TEXTS.count }),
  ),
  apiKey: z.preprocess(emptyAsAbsent, z.string().trim().check(allowedText("The API key")).optional()),
});

export type GenerationRequest = z.infer<typeof GenerationRequest>;

/** Dismiss on a job's status box: which job to hide. */
export const DismissJob = z.object({ jobId: FormId });

/** The spec's button texts: "Generate 1 {category} Article", "Generate 3 {category} Articles". */
export function generateButtonText(count: number, category: Category | string): string {
  return `Generate ${count} ${category} ${count === 1 ? "Article" : "Articles"}`;
}
