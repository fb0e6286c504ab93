/**
 * The AI model catalogue (spec section 3): each entry has an id, a name, a description and a provider.
 * OpenAI and Perplexity are built in; an OpenAI-compatible server configured by the operator
 * (AI_COMPATIBLE_*, a local Ollama, say) adds its models under the provider "compatible".
 */

export type ModelProvider = "openai" | "perplexity" | "compatible";

export interface AiModel {
  id: string;
  name: string;
  description: string;
  provider: ModelProvider;
  /** Shown to editors and used in error texts: "OpenAI", "Perplexity", or the configured server's name. */
  providerName: string;
}

export const DEFAULT_MODEL_ID = "gpt-4o";

export const BUILT_IN_MODELS: readonly AiModel[] = [
  {
    id: "gpt-4o",
    name: "GPT-4o",
    description: "OpenAI's flagship model: strong writing, fast and reliable JSON.",
    provider: "openai",
    providerName: "OpenAI",
  },
  {
    id: "gpt-4-turbo",
    name: "GPT-4 Turbo",
    description: "Large context and careful reasoning at a lower price than GPT-4.",
    provider: "openai",
    providerName: "OpenAI",
  },
  {
    id: "gpt-4",
    name: "GPT-4",
    description: "The original GPT-4: thorough, slower and more expensive.",
    provider: "openai",
    providerName: "OpenAI",
  },
  {
    id: "gpt-3.5-turbo",
    name: "GPT-3.5 Turbo",
    description: "The quickest and cheapest choice for short, simple drafts.",
    provider: "openai",
    providerName: "OpenAI",
  },
  {
    id: "llama-3.1-sonar-large-128k-online",
    name: "Llama 3.1 Sonar Large (Online)",
    description: "Perplexity's Llama 3.1 model with live web search.",
    provider: "perplexity",
    providerName: "Perplexity",
  },
  {
    id: "sonar-deep-research",
    name: "Sonar Deep Research",
    description: "Perplexity's research model: reads many sources before it writes.",
    provider: "perplexity",
    providerName: "Perplexity",
  },
];

/** The catalogue with the operator's OpenAI-compatible models appended. */
export function modelCatalogue(compatible?: { name: string; models: readonly string[] }): AiModel[] {
  const extra = (compatible?.models ?? []).map((id): AiModel => ({
    id,
    name: id,
    description: `Served by ${compatible?.name ?? "an OpenAI-compatible server"} at the operator's own address.`,
    provider: "compatible",
    providerName: compatible?.name ?? "Local",
  }));
  const builtIn = BUILT_IN_MODELS.filter((model) => !extra.some((added) => added.id === model.id));
  return [...builtIn, ...extra];
}
