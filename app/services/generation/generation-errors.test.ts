import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  RateLimitError,
} from "openai";
import { describe, expect, it } from "vitest";
import { DUPLICATE_TEXTS } from "../../validation/article";
import {
  batchFailureError,
  classifyGenerationFailure,
  emptyReplyMessage,
  genericFailureMessage,
  GenerationError,
  type GenerationFailureContext,
  generationFailureKind,
  insufficientRecentNewsMessage,
  INVALID_JSON_MESSAGE,
  INVALID_STRUCTURE_MESSAGE,
  isNoRecentNews,
  missingKeyMessage,
  noMatchingNewsMessage,
  noRecentNewsMessage,
  noVerifiedArticlesMessage,
  redactKeys,
  UNAUTHORIZED_MESSAGE,
  unknownModelMessage,
} from "./generation-errors.server";

const single: GenerationFailureContext = { providerName: "OpenAI", modelId: "gpt-4o", category: "AI", count: 1 };
const batch: GenerationFailureContext = { ...single, count: 3 };

/** An error as the openai SDK builds it from an HTTP answer. */
function sdkError(status: number, error: { message: string; type?: string; code?: string | null }): APIError {
  return APIError.generate(status, { error }, undefined, new Headers({ "x-request-id": "req_123" }));
}

const maskedKeyMessage =
  "Incorrect API key provided: sk-proj-********************abcd. You can find your API key at https://platform.openai.com/account/api-keys.";

describe("the spec's texts", () => {
  it("are word for word", () => {
    expect(UNAUTHORIZED_MESSAGE).toBe(
      "UNAUTHORIZED: Admin authentication required to generate articles. Please log in to the admin panel.",
    );
    expect(unknownModelMessage("gpt-5")).toBe("Unknown model: gpt-5");
    expect(missingKeyMessage("OpenAI", "gpt-4o")).toBe("OpenAI API key is required for model gpt-4o");
    expect(missingKeyMessage("Perplexity", "sonar")).toBe("Perplexity API key is required for model sonar");
    expect(emptyReplyMessage("Perplexity")).toBe("No response content received from Perplexity");
    expect(INVALID_STRUCTURE_MESSAGE).toBe("Invalid response structure: missing required fields (title, excerpt, or content)");
    expect(INVALID_JSON_MESSAGE).toBe(
      "Unable to parse AI response as JSON. The AI returned malformed JSON. Please try again or use a different model.",
    );
    expect(genericFailureMessage(1)).toBe("Failed to generate verified article. Please try again.");
    expect(genericFailureMessage(3)).toBe("Failed to generate verified articles. Please try again.");
  });

  it("prefix a no-recent-news message with its code once", () => {
    expect(noRecentNewsMessage("Nothing this week.")).toBe("NO_RECENT_NEWS_FOUND: Nothing this week.");
    expect(noRecentNewsMessage("NO_RECENT_NEWS_FOUND: Nothing.")).toBe("NO_RECENT_NEWS_FOUND: Nothing.");
    expect(noMatchingNewsMessage({ category: "Security", topic: "quantum" })).toBe(
      'NO_RECENT_NEWS_FOUND: No recent news found about "quantum" in Security from trusted sources in the past 7 days.',
    );
    expect(noMatchingNewsMessage({ category: "Cloud" })).toBe(
      "NO_RECENT_NEWS_FOUND: No recent news found about Cloud from trusted sources in the past 7 days.",
    );
  });

  it("give the batch's texts", () => {
    expect(insufficientRecentNewsMessage({ category: "AI", topic: "robot lawyers", count: 3 })).toBe(
      'NO_RECENT_NEWS_FOUND: Could not find enough recent AI news about "robot lawyers" from trusted sources to generate 3 articles. Try a broader topic, different category, or generate articles one at a time.',
    );
    expect(insufficientRecentNewsMessage({ category: "Mobile", count: 3 })).toBe(
      "NO_RECENT_NEWS_FOUND: Could not find enough recent Mobile news from trusted sources to generate 3 articles. Try a broader topic, different category, or generate articles one at a time.",
    );
    expect(noVerifiedArticlesMessage("gpt-4o", [])).toBe(
      "Failed to generate any verified articles with gpt-4o. Please check your API key and try again.",
    );
    expect(noVerifiedArticlesMessage("sonar", ["Rate limit exceeded. Please wait a moment and try again.", "Boom"])).toBe(
      "Failed to generate any verified articles with sonar. Errors: Article 1: Rate limit exceeded. Please wait a moment and try again. Article 2: Boom",
    );
  });
});

describe("GenerationError", () => {
  it("carries a code, a message, details and a cause", () => {
    const cause = new Error("socket hang up");
    const error = new GenerationError("NO_RECENT_NEWS_FOUND", "Nothing.", { suggestions: ["Try Cloud"] }, { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("GenerationError");
    expect(error.code).toBe("NO_RECENT_NEWS_FOUND");
    expect(error.message).toBe("Nothing.");
    expect(error.details).toEqual({ suggestions: ["Try Cloud"] });
    expect(error.cause).toBe(cause);
    expect(new GenerationError("EMPTY_REPLY", "x").details).toBeUndefined();
  });
});

describe("classifyGenerationFailure: 1, no recent news", () => {
  it("warns for a single article with a topic, with suggestions and tips shaped by topic and category", () => {
    const notice = classifyGenerationFailure(new GenerationError("NO_RECENT_NEWS_FOUND", "NO_RECENT_NEWS_FOUND: nothing"), {
      ...single,
      topic: "robot lawyers",
    });
    expect(notice).toEqual({
      tone: "warning",
      title: "No Recent News Found",
      message:
        'No recent AI news about "robot lawyers" was found from trusted sources in the past 7 days. This is quality control working: articles are only written from real, verified news, never invented.',
      suggestions: [
        'Use broader keywords than "robot lawyers", such as a company or product name',
        "Leave the topic empty to write about the latest AI news",
        "Try another category, such as Mobile, Startups, Cloud",
        "Try a Perplexity model, which searches the web in real time",
        "Try again later, when new stories have been published",
      ],
      tips: [
        "Only news from the past 7 days is used, so quiet weeks in a category give fewer stories.",
        "Short, general keywords (a company or product name) match more stories than long phrases.",
        'Popular AI topics: "OpenAI", "AI chips", "AI regulation", "chatbots".',
      ],
    });
  });

  it("suggests a topic when there was none, and no Perplexity model to a Perplexity user", () => {
    const notice = classifyGenerationFailure(new Error("No recent news found for this category"), {
      ...single,
      providerName: "Perplexity",
      modelId: "sonar",
      category: "Security",
    });
    expect(notice.title).toBe("No Recent News Found");
    expect(notice.message).toBe(
      "No recent Security news was found from trusted sources in the past 7 days. This is quality control working: articles are only written from real, verified news, never invented.",
    );
    expect(notice.suggestions).toEqual([
      "Try another category, such as AI, Mobile, Startups",
      'Add a topic that is in the news this week, such as "data breach", "ransomware"',
      "Try again later, when new stories have been published",
    ]);
    expect(notice.tips[2]).toBe('Popular Security topics: "data breach", "ransomware", "vulnerability", "zero-day".');
  });

  it("puts the model's own suggestions first", () => {
    const error = new GenerationError("NO_RECENT_NEWS_FOUND", "NO_RECENT_NEWS_FOUND: none", {
      suggestions: ["  Try   'Gemini'  ", "", "Try Cloud"],
    });
    expect(classifyGenerationFailure(error, single).suggestions.slice(0, 2)).toEqual(["Try 'Gemini'", "Try Cloud"]);
  });

  it("warns for a batch with at most 4 suggestions", () => {
    const notice = classifyGenerationFailure(
      new GenerationError("NO_RECENT_NEWS_FOUND", insufficientRecentNewsMessage({ category: "Cloud", topic: "edge", count: 3 })),
      { ...batch, category: "Cloud", topic: "edge" },
    );
    expect(notice.tone).toBe("warning");
    expect(notice.title).toBe("Insufficient Recent News Found");
    expect(notice.message).toBe(
      'Could not find enough recent Cloud news about "edge" from trusted sources in the past 7 days to generate 3 articles. This is quality control working: articles are only written from real, verified news, never invented.',
    );
    expect(notice.suggestions).toEqual([
      'Use broader keywords than "edge", such as a company or product name',
      "Leave the topic empty to write about the latest Cloud news",
      "Try another category, such as AI, Mobile, Startups",
      "Try a Perplexity model, which searches the web in real time",
    ]);
  });

  it.each([
    "No recent news found about this topic",
    "NO_RECENT_NEWS_FOUND: none",
    "Could not find enough recent AI news",
    "There is no recent, real news on that",
  ])("recognises the spec's text %j in a plain error", (message) => {
    expect(generationFailureKind(new Error(message))).toBe("no-recent-news");
    expect(isNoRecentNews(new Error(message))).toBe(true);
  });
});

describe("classifyGenerationFailure: 2, duplicate", () => {
  it("warns with the spec's full text for a single article", () => {
    expect(
      classifyGenerationFailure(new GenerationError("DUPLICATE_CONTENT", "DUPLICATE_CONTENT"), { ...single, topic: "GPUs" }),
    ).toEqual({
      tone: "warning",
      title: "Content Uniqueness Protection Active",
      message:
        "A similar article already exists in the database. The AI detected potential duplicate content based on title and keywords. Please try generating a different topic or wait for new developments in the tech industry.",
      suggestions: [
        'Try a different topic than "GPUs"',
        "Try another category than AI",
        "Wait for new developments in the tech industry, then try again",
        "Review the existing article in Article Management and update it instead",
      ],
      tips: [
        "Each new article is compared with the existing ones by title and keywords, so the same story is never published twice.",
      ],
    });
  });

  it("says some articles were skipped in a batch", () => {
    const notice = classifyGenerationFailure(new Error("A similar article already exists"), batch);
    expect(notice.title).toBe("Some Articles Skipped");
    expect(notice.message).toBe(DUPLICATE_TEXTS.message);
    expect(notice.suggestions[0]).toBe("Add a specific topic to find a different story");
    expect(notice.suggestions.length).toBeLessThanOrEqual(4);
  });

  it.each(["similar article already exists", "DUPLICATE_CONTENT: x", "Refused: duplicate content"])(
    "recognises %j",
    (message) => {
      expect(generationFailureKind(new Error(message))).toBe("duplicate");
    },
  );
});

const invalidKey = {
  tone: "error",
  title: "Invalid API Key",
  message: "Invalid API key. Please verify your OpenAI API key is correct and has sufficient credits.",
  suggestions: [],
  tips: [],
};

describe("classifyGenerationFailure: 3, invalid key", () => {
  it("uses the spec's text for the SDK's 401, never its message with the masked key", () => {
    const error = new AuthenticationError(
      401,
      { message: maskedKeyMessage, type: "invalid_request_error", code: "invalid_api_key" },
      undefined,
      new Headers(),
    );
    const notice = classifyGenerationFailure(error, single);
    expect(notice).toEqual(invalidKey);
    expect(JSON.stringify(notice)).not.toContain("sk-");
    expect(
      classifyGenerationFailure(sdkError(401, { message: "Invalid API key" }), { ...single, providerName: "Perplexity" }).message,
    ).toBe("Invalid API key. Please verify your Perplexity API key is correct and has sufficient credits.");
  });

  it("recognises a wrapped SDK error by its cause", () => {
    const cause = sdkError(401, { message: maskedKeyMessage, code: "invalid_api_key" });
    expect(
      classifyGenerationFailure(new GenerationError("PROVIDER_ERROR", "OpenAI call failed", undefined, { cause }), single),
    ).toEqual(invalidKey);
  });

  it.each(["Request failed with status code 401", maskedKeyMessage, "invalid_api_key"])("recognises the text %j", (message) => {
    expect(classifyGenerationFailure(new Error(message), single)).toEqual(invalidKey);
  });
});

describe("classifyGenerationFailure: 4, quota or billing", () => {
  const quota = {
    tone: "error",
    title: "Quota Exceeded",
    message: "API quota exceeded or billing issue. Please check your OpenAI account usage and billing status.",
    suggestions: [],
    tips: [],
  };

  it("recognises a 429 whose code or type is insufficient_quota", () => {
    const byCode = sdkError(429, {
      message: "You exceeded your current quota, please check your plan and billing details.",
      type: "insufficient_quota",
      code: "insufficient_quota",
    });
    expect(byCode).toBeInstanceOf(RateLimitError);
    expect(classifyGenerationFailure(byCode, single)).toEqual(quota);
    expect(
      classifyGenerationFailure(sdkError(429, { message: "No credit.", type: "insufficient_quota", code: null }), single),
    ).toEqual(quota);
    expect(classifyGenerationFailure(sdkError(402, { message: "Payment required" }), single)).toEqual(quota);
  });

  it.each(["You exceeded your current quota", "There is a billing issue with this account", "insufficient credits"])(
    "recognises the text %j",
    (message) => {
      expect(classifyGenerationFailure(new Error(message), single)).toEqual(quota);
    },
  );
});

describe("classifyGenerationFailure: 5, rate limit", () => {
  const rateLimit = {
    tone: "error",
    title: "Rate Limit Exceeded",
    message: "Rate limit exceeded. Please wait a moment and try again.",
    suggestions: [],
    tips: [],
  };

  it("recognises the SDK's other 429s", () => {
    const error = sdkError(429, {
      message: "Rate limit reached for gpt-4o on requests per min.",
      type: "requests",
      code: "rate_limit_exceeded",
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect(classifyGenerationFailure(error, single)).toEqual(rateLimit);
  });

  it.each(["Rate limit reached", "429 Too Many Requests", "rate_limit_exceeded"])("recognises the text %j", (message) => {
    expect(classifyGenerationFailure(new Error(message), single)).toEqual(rateLimit);
  });
});

describe("classifyGenerationFailure: 6, model", () => {
  const model = (id: string) => ({
    tone: "error",
    title: "Model Not Available",
    message: `Model ${id} not available. Please try a different model or check your API access.`,
    suggestions: [],
    tips: [],
  });

  it("recognises the SDK's 404 and a model_not_found or invalid_model code", () => {
    const notFound = sdkError(404, {
      message: "The model `gpt-5` does not exist or you do not have access to it.",
      type: "invalid_request_error",
      code: "model_not_found",
    });
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(classifyGenerationFailure(notFound, { ...single, modelId: "gpt-5" })).toEqual(model("gpt-5"));
    const perplexity = sdkError(400, { message: "Invalid model 'sonar-max'.", type: "invalid_model", code: null });
    expect(classifyGenerationFailure(perplexity, { ...single, modelId: "sonar-max" })).toEqual(model("sonar-max"));
    expect(classifyGenerationFailure(sdkError(403, { message: "No.", code: "model_not_found" }), single)).toEqual(
      model("gpt-4o"),
    );
  });

  it.each(["The model `gpt-5` does not exist", "model_not_found", "This model is not available in your region"])(
    "recognises the text %j",
    (message) => {
      expect(classifyGenerationFailure(new Error(message), single)).toEqual(model("gpt-4o"));
    },
  );
});

describe("classifyGenerationFailure: 7, anything else", () => {
  it("shows the raw message of an error it does not know", () => {
    expect(classifyGenerationFailure(new Error("The socket closed early"), single)).toEqual({
      tone: "error",
      title: "Generation Failed",
      message: "The socket closed early",
      suggestions: [],
      tips: [],
    });
    const serverError = sdkError(500, { message: "The server had an error while processing your request." });
    expect(classifyGenerationFailure(serverError, single).message).toBe(
      "500 The server had an error while processing your request.",
    );
  });

  it("shows our own texts as they are, by their code", () => {
    for (const [code, message] of [
      ["UNAUTHORIZED", UNAUTHORIZED_MESSAGE],
      ["UNKNOWN_MODEL", unknownModelMessage("gpt-9")],
      ["MISSING_KEY", missingKeyMessage("OpenAI", "gpt-4o")],
      [
        "INVALID_KEY_FORMAT",
        'Invalid OpenAI API key format. OpenAI API keys should start with "sk-" and be at least 20 characters long.',
      ],
      ["EMPTY_REPLY", emptyReplyMessage("OpenAI")],
      ["INVALID_JSON", INVALID_JSON_MESSAGE],
      ["INVALID_STRUCTURE", INVALID_STRUCTURE_MESSAGE],
    ] as const) {
      expect(classifyGenerationFailure(new GenerationError(code, message), single)).toEqual({
        tone: "error",
        title: "Generation Failed",
        message,
        suggestions: [],
        tips: [],
      });
    }
  });

  it("names timeouts and lost connections", () => {
    expect(classifyGenerationFailure(new APIConnectionTimeoutError(), single)).toMatchObject({
      title: "Request Timed Out",
      message: "Request timed out.",
    });
    expect(classifyGenerationFailure(new APIConnectionError({ cause: new Error("ECONNREFUSED") }), single)).toMatchObject({
      title: "Connection Failed",
      message: "Connection error.",
    });
    expect(classifyGenerationFailure(new APIUserAbortError(), single)).toMatchObject({
      title: "Generation Failed",
      message: "Request was aborted.",
    });
  });

  it("gives the generic text for a value that is not an Error, or an empty message", () => {
    expect(classifyGenerationFailure("boom", single).message).toBe("Failed to generate verified article. Please try again.");
    expect(classifyGenerationFailure(undefined, batch).message).toBe("Failed to generate verified articles. Please try again.");
    expect(classifyGenerationFailure({ message: "401" }, single).title).toBe("Generation Failed");
    expect(classifyGenerationFailure(new Error(""), single).message).toBe(
      "Failed to generate verified article. Please try again.",
    );
  });

  it("takes anything key-like out of a raw message", () => {
    expect(classifyGenerationFailure(new Error("Proxy refused key pplx-abcdef0123456789 (Bearer abc.def)"), single).message).toBe(
      "Proxy refused key [redacted] ([redacted])",
    );
    expect(redactKeys("sk-proj-****abcd and sk-12345678")).toBe("[redacted] and [redacted]");
    expect(redactKeys("a risk-free plan")).toBe("a risk-free plan");
  });
});

describe("batchFailureError", () => {
  const noNews = () => new GenerationError("NO_RECENT_NEWS_FOUND", "NO_RECENT_NEWS_FOUND: none");

  it("is NO_RECENT_NEWS_FOUND when every failure was no recent news", () => {
    const error = batchFailureError([noNews(), noNews(), noNews()], { ...batch, topic: "robots" });
    expect(error.code).toBe("NO_RECENT_NEWS_FOUND");
    expect(error.message).toBe(insufficientRecentNewsMessage({ category: "AI", topic: "robots", count: 3 }));
    expect(classifyGenerationFailure(error, batch).title).toBe("Insufficient Recent News Found");
  });

  it("otherwise lists each failure's shown text, never a raw key", () => {
    const error = batchFailureError(
      [noNews(), sdkError(401, { message: maskedKeyMessage, code: "invalid_api_key" }), "odd"],
      batch,
    );
    expect(error.code).toBe("PROVIDER_ERROR");
    expect(error.message).toBe(
      "Failed to generate any verified articles with gpt-4o. Errors: " +
        "Article 1: No recent AI news was found from trusted sources in the past 7 days. This is quality control working: articles are only written from real, verified news, never invented. " +
        "Article 2: Invalid API key. Please verify your OpenAI API key is correct and has sufficient credits. " +
        "Article 3: Failed to generate verified article. Please try again.",
    );
    expect(error.message).not.toContain("sk-");
  });

  it("hints at the key when there were no failures to list", () => {
    expect(batchFailureError([], batch).message).toBe(
      "Failed to generate any verified articles with gpt-4o. Please check your API key and try again.",
    );
  });
});
