import type { AiModel } from "../../utils/ai-models";
import type { Category } from "../../domain/sections";
import type { GenerationNotice } from "../../domain/generation-jobs";
import { batchFailureError, classifyGenerationFailure } from "./generation-errors.server";

/** The text of an interrupted job, saying what it had made. */
export function interruptedNotice(made: number, count: number): GenerationNotice {
  return {
    tone: "error",
    title: "Generation Interrupted",
    message: `The server stopped while this job was running. ${made} of ${count} article${count === 1 ? " was" : "s were"} made before it stopped; start a new job for the rest.`,
    suggestions: [],
    tips: [],
  };
}

/** The job's closing message: success, partial success, or the spec's failure texts for one or several articles. */
export function jobOutcome(
  job: { count: number; category: Category; topic: string | null; articleIds: number[] },
  failures: { error: unknown; notice: GenerationNotice }[],
  model: AiModel,
): GenerationNotice {
  const made = job.articleIds.length;
  const context = { providerName: model.providerName, modelId: model.id, category: job.category, topic: job.topic ?? undefined };
  if (job.count === 1) {
    if (made === 1) {
      return {
        tone: "success",
        title: "Article Generated",
        message: `Your ${job.category} article was saved as a draft. Review it in Article Management before you publish it.`,
        suggestions: [],
        tips: [],
      };
    }
    return failures[0]?.notice ?? classifyGenerationFailure(undefined, { ...context, count: 1 });
  }
  if (made === job.count) {
    return {
      tone: "success",
      title: "Articles Generated",
      message: `All ${job.count} ${job.category} articles were saved as drafts. Review them in Article Management before you publish them.`,
      suggestions: [],
      tips: [],
    };
  }
  if (made > 0) {
    return {
      tone: "warning",
      title: "Partial Success",
      message: `${made} of ${job.count} ${job.category} articles were saved as drafts; ${job.count - made} could not be made (see below).`,
      suggestions: [],
      tips: [],
    };
  }
  const error = batchFailureError(
    failures.map(({ error: failure }) => failure),
    { ...context, count: job.count },
  );
  return classifyGenerationFailure(error, { ...context, count: job.count });
}
