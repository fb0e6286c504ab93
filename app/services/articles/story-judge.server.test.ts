import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startChatCompletionsServer, type ChatCompletionsServer } from "../../../tests/fakes";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { createAiProviders } from "../generation/ai-provider.server";
import { createStoryJudge } from "./story-judge.server";

/** The optional model judgement, against the fake OpenAI-compatible server over a real socket. */

const EARLIER = {
  title: "Ford recalls 850,000 vehicles in the US over faulty fuel pumps",
  excerpt:
    "The carmaker said a low-pressure fuel pump can fail and cause engines to stall while driving, raising the risk of a crash.",
};
const DRAFT = {
  title: "Ford owners warned their engines may stall while driving due to fuel pump fault",
  excerpt:
    "About 850,000 vehicles in the United States are affected, and dealers will replace the pump for free, the company said.",
};

let chat: ChatCompletionsServer;
beforeAll(async () => {
  chat = await startChatCompletionsServer({ models: ["local-judge"] });
});
afterAll(() => chat.close());
beforeEach(() => {
  chat.requests.length = 0;
  // The time-limit case may give up before its request is sent, leaving its reply unconsumed (any test order).
  chat.clearScript();
});

function judgeWith({ timeoutMs }: { timeoutMs?: number } = {}) {
  const { logger, entries } = createTestLogger();
  const providers = createAiProviders({
    openai: { apiKey: undefined, baseUrl: undefined },
    perplexity: { apiKey: undefined, baseUrl: undefined },
    compatible: { name: "Local", baseUrl: chat.url, models: ["local-judge"], apiKey: undefined },
  });
  return { judge: createStoryJudge({ providers, logger, timeoutMs }), entries };
}

describe("createStoryJudge", () => {
  it("is null when no provider is configured on the server: the check decides alone", () => {
    const providers = createAiProviders({
      openai: { apiKey: undefined, baseUrl: chat.url },
      perplexity: { apiKey: undefined, baseUrl: chat.url },
      compatible: undefined,
    });
    expect(createStoryJudge({ providers })).toBeNull();
  });

  it("asks the configured server's model once, at temperature 0, and gives its verdict and reason", async () => {
    chat.script({
      content: JSON.stringify({ verdict: "same", reason: "Both report the recall of 850,000 Fords over fuel pumps." }),
    });
    const { judge } = judgeWith();

    expect(await judge!.judge(DRAFT, EARLIER)).toEqual({
      verdict: "same",
      reason: "Both report the recall of 850,000 Fords over fuel pumps.",
    });
    const requests = chat.requests.filter((request) => request.path.endsWith("/chat/completions"));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toMatchObject({ model: "local-judge", temperature: 0 });
    expect(JSON.stringify(requests[0]?.body)).toContain(DRAFT.title);
    expect(JSON.stringify(requests[0]?.body)).toContain(EARLIER.title);
  });

  it("gives null after its time limit, and logs why, so the local decision stands", async () => {
    // The reply would come a minute later, long after the test's own time limit: only the judge's 200 ms limit
    // can give an answer before the test fails (no elapsed time measured here; the fake's timer ends with it).
    chat.script({ content: JSON.stringify({ verdict: "same", reason: "Too late." }), delayMs: 60_000 });
    const { judge, entries } = judgeWith({ timeoutMs: 200 });

    expect(await judge!.judge(DRAFT, EARLIER)).toBeNull();
    expect(entries.filter((entry) => entry.level === 40).map((entry) => entry.msg)).toEqual([
      "story judgement failed; keeping the local decision",
    ]);
  });

  it("gives null for a reply that is not the expected JSON, or an unknown verdict", async () => {
    chat.script([{ content: "They look alike to me." }, { content: JSON.stringify({ verdict: "duplicate", reason: "x" }) }]);
    const { judge } = judgeWith();
    expect(await judge!.judge(DRAFT, EARLIER)).toBeNull();
    expect(await judge!.judge(DRAFT, EARLIER)).toBeNull();
  });
});
