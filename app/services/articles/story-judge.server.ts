import { z } from "zod";
import type { AiModel } from "../../utils/ai-models";
import type { AiProviders } from "../generation/ai-provider.server";
import type { Logger } from "../logger.server";
import type { StoryText } from "./story-similarity.server";

/** The model's judgement is one short request; past this time limit the local decision stands. */
export const STORY_JUDGE_TIMEOUT_MS = 5_000;

/** The model to ask: the OpenAI-compatible server's first model, or OpenAI's cheapest with a server key. */
const OPENAI_JUDGE_MODEL = "gpt-3.5-turbo";

/** What the model answers, parsed at the border: a relation and a reason the editor is shown. */
export const StoryJudgement = z.object({
  verdict: z.enum(["same", "follow-up", "different"]),
  reason: z.string().trim().min(1).max(300),
});
export type StoryJudgement = z.infer<typeof StoryJudgement>;

export interface StoryJudge {
  /** The model's view of a pair the local measure is unsure about, or null (no answer in time, or no usable one). */
  judge(draft: StoryText, earlier: StoryText): Promise<StoryJudgement | null>;
}

function judgePrompt(draft: StoryText, earlier: StoryText): string {
  return [
    "You compare two tech news items for a newsroom's duplicate check.",
    '"same": both report the same event (the same news told in other words, from another side, or with numbers written differently).',
    '"follow-up": the same company or product, but the new item reports a different, later event.',
    '"different": they are about different subjects.',
    "",
    `EARLIER: ${earlier.title}\n${earlier.excerpt}`,
    "",
    `NEW: ${draft.title}\n${draft.excerpt}`,
    "",
    'Reply with one JSON object and nothing else: {"verdict": "same" | "follow-up" | "different", "reason": "one short sentence"}',
  ].join("\n");
}

/**
 * The optional model judgement of the uncertain band (docs/decisions/014): only where a provider is
 * configured on the server (an OpenAI key or an OpenAI-compatible server); null otherwise, and everything works
 * without it. Any failure (time limit, refused key, a reply that is not the expected JSON) is logged and gives
 * null, so the caller keeps its local decision.
 */
export function createStoryJudge({
  providers,
  logger,
  timeoutMs = STORY_JUDGE_TIMEOUT_MS,
}: {
  providers: AiProviders;
  logger?: Logger;
  timeoutMs?: number;
}): StoryJudge | null {
  const model: AiModel | undefined =
    providers.catalogue.find((entry) => entry.provider === "compatible") ??
    (providers.hasServerKey("openai") ? providers.catalogue.find((entry) => entry.id === OPENAI_JUDGE_MODEL) : undefined);
  if (!model) return null;
  const apiKey = providers.resolveKey(model, undefined);

  return {
    async judge(draft, earlier) {
      try {
        const reply = await providers.complete({
          model,
          apiKey,
          prompt: judgePrompt(draft, earlier),
          purpose: "story-check",
          signal: AbortSignal.timeout(timeoutMs),
        });
        const json: unknown = JSON.parse(reply.replace(/^```(?:json)?\s*|\s*```$/g, ""));
        const parsed = StoryJudgement.safeParse(json);
        if (parsed.success) return parsed.data;
        logger?.warn({ reply: reply.slice(0, 200) }, "story judgement: unusable reply; keeping the local decision");
        return null;
      } catch (error) {
        logger?.warn({ err: error }, "story judgement failed; keeping the local decision");
        return null;
      }
    },
  };
}
