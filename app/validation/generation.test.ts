import { describe, expect, it } from "vitest";
import {
  AI_PROVIDERS,
  apiKeyFormatProblem,
  apiKeySubmitProblem,
  generateButtonText,
  GENERATION_COUNTS,
  GenerationRequest,
  invalidKeyServiceMessage,
  isValidApiKey,
} from "./generation";

const openaiKey = "sk-proj-abcdefghij0123456789";
const perplexityKey = "pplx-abcdefghij0123456789";

const openaiInline = 'Invalid format. OpenAI API keys should start with "sk-" and be at least 20 characters long.';
const perplexityInline = 'Invalid format. Perplexity API keys should start with "pplx-" and be at least 20 characters long.';
const openaiSubmit =
  'Invalid API key format. OpenAI API keys should start with "sk-" and be at least 20 characters long. Please check your API key from https://platform.openai.com/api-keys.';
const perplexitySubmit =
  'Invalid API key format. Perplexity API keys should start with "pplx-" and be at least 20 characters long. Please check your API key from https://www.perplexity.ai/settings/api.';

describe("AI_PROVIDERS", () => {
  it("names each keyed provider with its prefix and key page", () => {
    expect(AI_PROVIDERS).toEqual({
      openai: { name: "OpenAI", keyPrefix: "sk-", keyPage: "https://platform.openai.com/api-keys" },
      perplexity: { name: "Perplexity", keyPrefix: "pplx-", keyPage: "https://www.perplexity.ai/settings/api" },
    });
  });
});

describe("the key format rules", () => {
  it("accepts a key with the provider's prefix and at least 20 characters, ignoring surrounding spaces", () => {
    expect(isValidApiKey("openai", openaiKey)).toBe(true);
    expect(isValidApiKey("openai", `  ${openaiKey}\n`)).toBe(true);
    expect(isValidApiKey("openai", "sk-" + "a".repeat(17))).toBe(true);
    expect(isValidApiKey("perplexity", perplexityKey)).toBe(true);
    expect(apiKeyFormatProblem("openai", openaiKey)).toBeNull();
    expect(apiKeySubmitProblem("perplexity", perplexityKey)).toBeNull();
  });

  it("refuses a key shorter than 20 characters once trimmed", () => {
    expect(isValidApiKey("openai", "sk-" + "a".repeat(16))).toBe(false);
    expect(isValidApiKey("openai", `   sk-${"a".repeat(16)}   `)).toBe(false);
    expect(apiKeyFormatProblem("openai", "sk-short")).toBe(openaiInline);
  });

  it("refuses a key without the provider's prefix, or with the other provider's", () => {
    expect(apiKeyFormatProblem("openai", perplexityKey)).toBe(openaiInline);
    expect(apiKeyFormatProblem("perplexity", openaiKey)).toBe(perplexityInline);
    expect(apiKeyFormatProblem("openai", "SK-abcdefghij0123456789")).toBe(openaiInline);
  });

  it.each(["http", "HTTP", "www", ".com", ".COM", ".webp", "://"])("refuses a key holding %s (a pasted address)", (fragment) => {
    expect(apiKeyFormatProblem("openai", `sk-abcdefghij${fragment}0123456789`)).toBe(openaiInline);
  });

  it("gives no inline text for an empty key, and the submit text asks for one", () => {
    expect(apiKeyFormatProblem("openai", "")).toBeNull();
    expect(apiKeyFormatProblem("openai", "   ")).toBeNull();
    expect(isValidApiKey("openai", "")).toBe(false);
    expect(apiKeySubmitProblem("openai", "")).toBe("Please enter your OpenAI API key.");
    expect(apiKeySubmitProblem("perplexity", "  ")).toBe("Please enter your Perplexity API key.");
  });

  it("gives the spec's submit texts for an invalid key", () => {
    expect(apiKeySubmitProblem("openai", "sk-short")).toBe(openaiSubmit);
    expect(apiKeySubmitProblem("perplexity", "https://www.example.com/key.webp")).toBe(perplexitySubmit);
  });

  it("gives the service-side text", () => {
    expect(invalidKeyServiceMessage("openai")).toBe(
      'Invalid OpenAI API key format. OpenAI API keys should start with "sk-" and be at least 20 characters long.',
    );
    expect(invalidKeyServiceMessage("perplexity")).toBe(
      'Invalid Perplexity API key format. Perplexity API keys should start with "pplx-" and be at least 20 characters long.',
    );
  });
});

/** What the generator form posts: every value a string. */
function formValues(fields: Record<string, string>): Record<string, FormDataEntryValue> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return Object.fromEntries(form);
}

describe("GenerationRequest", () => {
  it("reads the form: count from its string, topic and key trimmed", () => {
    expect(
      GenerationRequest.parse(
        formValues({ category: "Security", topic: "  ransomware  ", model: "gpt-4o", count: "3", apiKey: ` ${openaiKey} ` }),
      ),
    ).toEqual({ category: "Security", topic: "ransomware", model: "gpt-4o", count: 3, apiKey: openaiKey });
  });

  it("defaults the category to AI and leaves an empty topic and key out", () => {
    expect(GenerationRequest.parse(formValues({ category: "", topic: "   ", model: "gpt-4o", count: "1", apiKey: "" }))).toEqual({
      category: "AI",
      model: "gpt-4o",
      count: 1,
    });
    expect(GenerationRequest.parse({ model: "sonar", count: 1 })).toEqual({ category: "AI", model: "sonar", count: 1 });
  });

  // A name no section has is refused by the action, which knows the sections (decision 042).
  it("refuses a category no name could be, a long topic, a missing model and a count other than 1 or 3", () => {
    const result = GenerationRequest.safeParse(
      formValues({ category: "x".repeat(101), topic: "x".repeat(201), model: "  ", count: "2" }),
    );
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]))).toEqual({
      category: "Please choose a category.",
      topic: "The topic can be at most 200 characters.",
      model: "Please choose an AI model.",
      count: "Please choose to generate 1 or 3 articles.",
    });
    expect(GenerationRequest.safeParse(formValues({ model: "gpt-4o", count: "three" })).success).toBe(false);
    expect(GenerationRequest.safeParse(formValues({ model: "gpt-4o" })).success).toBe(false);
    expect(GenerationRequest.parse(formValues({ model: "gpt-4o", count: "1", topic: "x".repeat(200) })).topic).toHaveLength(200);
  });

  // The property test's find: a C1 control (U+0085 is not whitespace to trim) was a category no name could be.
  it.each(["Cloud\u0000", "\u0085", "Se\u009fcurity"])("refuses the category %j, which holds a control character", (category) => {
    const result = GenerationRequest.safeParse(formValues({ category, model: "gpt-4o", count: "1" }));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Please choose a category."]);
  });
});

describe("generateButtonText", () => {
  it("says how many articles of which category", () => {
    expect(GENERATION_COUNTS).toEqual([1, 3]);
    expect(generateButtonText(1, "AI")).toBe("Generate 1 AI Article");
    expect(generateButtonText(3, "Security")).toBe("Generate 3 Security Articles");
  });
});
