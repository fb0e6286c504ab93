import OpenAI from "openai";
import { modelCatalogue, type AiModel, type ModelProvider } from "../../utils/ai-models";
import { apiKeyFormatProblem, invalidKeyServiceMessage } from "../../validation/generation";
import type { Config } from "../env.server";
import { GenerationError } from "./generation-errors.server";

/** Perplexity's OpenAI-compatible API. */
export const PERPLEXITY_BASE_URL = "https://api.perplexity.ai";

/** Spec section 9 and the provider client's defaults (section 8). */
export const COMPLETION_LIMITS = {
  maxTokens: 3500,
  retries: 2,
  timeoutMs: 10 * 60_000,
} as const;

/** Spec section 9: 0.9 for OpenAI article generation, 0.7 for Perplexity and for the newsletter. */
export function temperatureFor(provider: ModelProvider, purpose: CompletionPurpose): number {
  // A judgement of two stories should be the same every time it is asked.
  if (purpose === "story-check") return 0;
  return purpose === "article" && provider !== "perplexity" ? 0.9 : 0.7;
}

/** A local server usually wants no key, but the SDK refuses an empty one. */
const NO_KEY_NEEDED = "no-key-needed";

/** What a completion is for: it sets the temperature. */
export type CompletionPurpose = "article" | "newsletter" | "story-check";

export interface CompletionRequest {
  model: AiModel;
  apiKey: string;
  prompt: string;
  purpose: CompletionPurpose;
  signal?: AbortSignal;
}

/**
 * The provider layer: the model catalogue, where each provider's key comes from, and one chat-completion
 * call through the official SDK (2 retries on 408/409/429/5xx, 10-minute timeout). Keys typed into a form
 * are passed in per call and never kept.
 */
export function createAiProviders(
  config: Pick<Config, "openai" | "perplexity" | "compatible">,
  options: { timeoutMs?: number } = {},
) {
  const catalogue = modelCatalogue(config.compatible);

  function serverKey(provider: ModelProvider): string | undefined {
    if (provider === "openai") return config.openai.apiKey;
    if (provider === "perplexity") return config.perplexity.apiKey;
    return config.compatible?.apiKey ?? NO_KEY_NEEDED;
  }

  function baseUrl(provider: ModelProvider): string | undefined {
    if (provider === "openai") return config.openai.baseUrl;
    if (provider === "perplexity") return config.perplexity.baseUrl ?? PERPLEXITY_BASE_URL;
    return config.compatible?.baseUrl;
  }

  return {
    catalogue,

    /** "Unknown model: {id}" for an id outside the catalogue. */
    resolveModel(id: string): AiModel {
      const model = catalogue.find((entry) => entry.id === id);
      if (!model) throw new GenerationError("UNKNOWN_MODEL", `Unknown model: ${id}`);
      return model;
    },

    /** True when the server holds the key for this provider, so the form does not ask for one. */
    hasServerKey(provider: ModelProvider): boolean {
      return serverKey(provider) !== undefined;
    },

    /** The key to use: the server's when configured, otherwise the one typed into the form, checked by the spec's rules. */
    resolveKey(model: AiModel, formKey: string | undefined): string {
      const configured = serverKey(model.provider);
      if (configured !== undefined) return configured;
      const typed = formKey?.trim() ?? "";
      if (typed === "") {
        throw new GenerationError("MISSING_KEY", `${model.providerName} API key is required for model ${model.id}`);
      }
      if (model.provider !== "compatible" && apiKeyFormatProblem(model.provider, typed) !== null) {
        throw new GenerationError("INVALID_KEY_FORMAT", invalidKeyServiceMessage(model.provider));
      }
      return typed;
    },

    /** One chat completion; the reply's text, or "No response content received from {provider}". */
    async complete({ model, apiKey, prompt, purpose, signal }: CompletionRequest): Promise<string> {
      const client = new OpenAI({
        apiKey,
        baseURL: baseUrl(model.provider),
        maxRetries: COMPLETION_LIMITS.retries,
        timeout: options.timeoutMs ?? COMPLETION_LIMITS.timeoutMs,
        logLevel: "off",
      });
      const completion = await client.chat.completions.create(
        {
          model: model.id,
          messages: [{ role: "user", content: prompt }],
          temperature: temperatureFor(model.provider, purpose),
          max_tokens: COMPLETION_LIMITS.maxTokens,
          ...(model.provider === "perplexity" ? {} : { response_format: { type: "json_object" as const } }),
        },
        { signal },
      );
      const text = completion.choices[0]?.message?.content?.trim();
      if (!text) throw new GenerationError("EMPTY_REPLY", `No response content received from ${model.providerName}`);
      return text;
    },
  };
}

export type AiProviders = ReturnType<typeof createAiProviders>;
