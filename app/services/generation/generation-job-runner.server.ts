import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { generationJobs } from "../../db/schema";
import type { AiModel } from "../../utils/ai-models";
import type { GenerationArticleError, GenerationNotice, GenerationStep } from "../../domain/generation-jobs";
import { sleep } from "../../utils/timers";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { ArticleGenerator } from "./article-generator.server";
import { classifyGenerationFailure, GenerationError } from "./generation-errors.server";
import { interruptedNotice, jobOutcome } from "./generation-job-outcome.server";

export type JobRow = typeof generationJobs.$inferSelect;

export interface JobRunTimings {
  /** Pause between two articles of a batch (spec: 20 s). */
  spacingMs: number;
  /** How often a running job proves it is alive. */
  heartbeatMs?: number;
}

/**
 * Running generation jobs in this process. A job runs here only once this process has claimed it with a conditional
 * update (its row then names this runner); while it runs it beats a heartbeat, and every write it makes says it
 * expects the job to be still this runner's and running. Stopping aborts the jobs and marks them interrupted with what
 * they had made.
 */
export function createGenerationJobRunner({
  db,
  clock,
  logger,
  generator,
  timings,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  generator: ArticleGenerator;
  timings: JobRunTimings;
}) {
  const runnerId = randomUUID();
  const heartbeatMs = timings.heartbeatMs ?? 5_000;
  const running = new Map<number, AbortController>();
  const tasks = new Set<Promise<void>>();
  let stopped = false;

  const mine = (id: number) =>
    and(eq(generationJobs.id, id), eq(generationJobs.runner, runnerId), eq(generationJobs.status, "running"));

  async function claim(id: number): Promise<JobRow | undefined> {
    const now = clock.now();
    const [row] = await db
      .update(generationJobs)
      .set({ status: "running", runner: runnerId, startedAt: now, heartbeatAt: now })
      .where(and(eq(generationJobs.id, id), eq(generationJobs.status, "queued")))
      .returning();
    return row;
  }

  async function run(job: JobRow, model: AiModel, apiKey: string, signal: AbortSignal): Promise<void> {
    const failures: { error: unknown; notice: GenerationNotice }[] = [];
    const articleIds: number[] = [];
    /** Drafts saved from an incomplete reply: said in the outcome, so the editor checks them first. */
    const notices: string[] = [];
    const context = {
      providerName: model.providerName,
      modelId: model.id,
      category: job.category,
      topic: job.topic ?? undefined,
    };
    const progress = async (current: number, step: GenerationStep) => {
      await db.update(generationJobs).set({ current, step, heartbeatAt: clock.now() }).where(mine(job.id));
    };
    for (let article = 1; article <= job.count && !signal.aborted; article += 1) {
      try {
        const request = {
          model,
          apiKey,
          category: job.category,
          topic: job.topic ?? undefined,
          reviewerId: job.requestedBy,
        };
        // The draft and its place in the job's list are written in one transaction: a crash keeps both or neither.
        const recordDraft = async (tx: Pick<Database, "update">, articleId: number) => {
          const recorded = await tx
            .update(generationJobs)
            .set({ articleIds: sql`array_append(${generationJobs.articleIds}, ${articleId}::integer)` })
            .where(mine(job.id))
            .returning({ id: generationJobs.id });
          if (recorded.length === 0) throw new Error("The generation job is no longer run by this process.");
        };
        const { id, notice } = await generator.generateArticle(request, (step) => progress(article, step), signal, recordDraft);
        articleIds.push(id);
        if (notice) notices.push(job.count === 1 ? notice : `Article ${article} of ${job.count}: ${notice}`);
      } catch (error) {
        if (signal.aborted) break;
        const notice = classifyGenerationFailure(error, { ...context, count: 1 });
        failures.push({ error, notice });
        logFailure(job.id, article, error);
        const entry: GenerationArticleError = { article, notice };
        await db
          .update(generationJobs)
          .set({ errors: sql`${generationJobs.errors} || ${JSON.stringify([entry])}::jsonb` })
          .where(mine(job.id));
      }
      if (article < job.count && !signal.aborted) {
        await progress(article, "waiting");
        await sleep(timings.spacingMs, signal);
      }
    }
    if (signal.aborted) return;
    const base = jobOutcome({ ...job, articleIds }, failures, model);
    const outcome = notices.length > 0 ? { ...base, tips: [...notices, ...base.tips] } : base;
    const status = articleIds.length === job.count ? "succeeded" : articleIds.length > 0 ? "partial" : "failed";
    await db.update(generationJobs).set({ status, outcome, step: null, finishedAt: clock.now() }).where(mine(job.id));
    logger.info({ jobId: job.id, status, articleIds }, "generation job finished");
  }

  function logFailure(jobId: number, article: number, error: unknown): void {
    // The code and the provider's status are enough; a provider's message can echo part of a key.
    const code = error instanceof GenerationError ? error.code : undefined;
    const status = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
    const expected = code !== undefined && code !== "PROVIDER_ERROR";
    const entry = { jobId, article, code, status, name: error instanceof Error ? error.name : typeof error };
    if (expected) logger.info(entry, "a generated article was not made");
    else logger.warn(entry, "generating an article failed");
  }

  /** Runs a job this process has claimed, beating its heartbeat until it ends. */
  function execute(job: JobRow, model: AiModel, apiKey: string): void {
    const controller = new AbortController();
    running.set(job.id, controller);
    const heartbeat = setInterval(() => {
      db.update(generationJobs)
        .set({ heartbeatAt: clock.now() })
        .where(mine(job.id))
        .catch((error: unknown) => logger.warn({ err: error, jobId: job.id }, "could not record a job heartbeat"));
    }, heartbeatMs);
    heartbeat.unref();
    const task = run(job, model, apiKey, controller.signal)
      .catch(async (error: unknown) => {
        logger.error({ err: error, jobId: job.id }, "a generation job failed unexpectedly");
        const outcome = classifyGenerationFailure(new Error("The job stopped because of an unexpected server error."), {
          providerName: model.providerName,
          modelId: model.id,
          category: job.category,
          topic: job.topic ?? undefined,
          count: job.count,
        });
        await db
          .update(generationJobs)
          .set({ status: "failed", step: null, finishedAt: clock.now(), outcome })
          .where(mine(job.id))
          .catch(() => {});
      })
      .finally(() => {
        clearInterval(heartbeat);
        running.delete(job.id);
        tasks.delete(task);
      });
    tasks.add(task);
  }

  /** Marks the jobs `where` selects interrupted, each with what it had made, in one transaction; their ids. */
  function markInterrupted(where: SQL | undefined): Promise<number[]> {
    return db.transaction(async (tx) => {
      const jobs = await tx
        .update(generationJobs)
        .set({ status: "interrupted", step: null, finishedAt: clock.now() })
        .where(where)
        .returning({
          id: generationJobs.id,
          count: generationJobs.count,
          made: sql<number>`cardinality(${generationJobs.articleIds})`,
        });
      for (const job of jobs) {
        await tx
          .update(generationJobs)
          .set({ outcome: interruptedNotice(job.made, job.count) })
          .where(eq(generationJobs.id, job.id));
      }
      return jobs.map((job) => job.id);
    });
  }

  return {
    runnerId,
    /** The condition every write of a running job carries: the job is still this runner's and running. */
    mine,
    claim,
    execute,
    markInterrupted,

    /** True once `stop` was called: nothing new starts in this process. */
    stopped: () => stopped,

    /** Stops this process's jobs and marks them interrupted with what they had made. */
    async stop(): Promise<void> {
      stopped = true;
      const ids = [...running.keys()];
      for (const controller of running.values()) controller.abort();
      await Promise.allSettled([...tasks]);
      if (ids.length === 0) return;
      await markInterrupted(
        and(inArray(generationJobs.id, ids), eq(generationJobs.runner, runnerId), eq(generationJobs.status, "running")),
      );
    },

    /** Resolves when every job this process is running has ended (tests). */
    async idle(): Promise<void> {
      while (tasks.size > 0) await Promise.allSettled([...tasks]);
    },
  };
}

export type GenerationJobRunner = ReturnType<typeof createGenerationJobRunner>;
