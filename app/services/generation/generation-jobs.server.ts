import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { generationJobs } from "../../db/schema";
import type { AiModel } from "../../utils/ai-models";
import type { Category } from "../../utils/categories";
import type { GenerationArticleError, GenerationJobView, GenerationNotice, GenerationStep } from "../../utils/generation-jobs";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { AiProviders } from "./ai-provider.server";
import type { ArticleGenerator } from "./article-generator.server";
import { batchFailureError, classifyGenerationFailure, GenerationError } from "./generation-errors.server";
import { sleep } from "../../utils/timers";

export interface StartJobInput {
  adminId: number;
  category: Category;
  topic?: string | undefined;
  modelId: string;
  count: number;
  /** A key typed into the form: used by this process for this job only, never stored. */
  formKey?: string | undefined;
}

export interface JobTimings {
  /** Pause between two articles of a batch (spec: 20 s). */
  spacingMs: number;
  /** How often a running job proves it is alive. */
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this lost its process: it is marked interrupted. */
  staleAfterMs?: number;
  /** How often the worker looks for orphaned or queued jobs. */
  pollMs?: number;
}

type JobRow = typeof generationJobs.$inferSelect;

const RECENT_JOBS = 5;

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

function toView(row: JobRow, catalogue: readonly AiModel[]): GenerationJobView {
  return {
    id: row.id,
    status: row.status,
    category: row.category,
    topic: row.topic,
    model: row.model,
    modelName: catalogue.find((model) => model.id === row.model)?.name ?? row.model,
    count: row.count,
    current: row.current,
    step: row.step,
    articleIds: row.articleIds,
    errors: row.errors,
    outcome: row.outcome ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    dismissed: row.dismissedAt !== null,
  };
}

/** The README's promise: a job whose heartbeat stopped for a minute is marked interrupted. */
export const JOB_STALE_AFTER_MS = 60_000;

/**
 * Durable generation jobs: closing the tab does not stop a batch. Starting a job checks the model and the key, stores a
 * queued row and runs it in this process at once. Each process runs only jobs it has claimed with a
 * conditional update, beats a heartbeat while running, and marks its jobs interrupted when it stops; a
 * worker on every instance marks jobs whose heartbeat went quiet interrupted and picks up queued jobs that
 * use the server's keys (claimed with `FOR UPDATE SKIP LOCKED`, so two instances never run the same job).
 */
export function createGenerationJobService({
  db,
  clock,
  logger,
  providers,
  generator,
  timings,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: AiProviders;
  generator: ArticleGenerator;
  timings: JobTimings;
}) {
  const runnerId = randomUUID();
  const heartbeatMs = timings.heartbeatMs ?? 5_000;
  const staleAfterMs = timings.staleAfterMs ?? JOB_STALE_AFTER_MS;
  const pollMs = timings.pollMs ?? 5_000;
  const running = new Map<number, AbortController>();
  const tasks = new Set<Promise<void>>();
  let stopped = false;
  let stopWorker = () => {};

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

  /**
   * Marks interrupted every running job whose heartbeat is older than the limit, and queued form-key jobs left
   * behind. With `everyRunning` (start-up on the embedded database, which only this process can open) every
   * running job was left by a process that stopped, so none waits for its heartbeat to go stale.
   */
  async function sweepOrphans({ everyRunning = false }: { everyRunning?: boolean } = {}): Promise<number> {
    const limit = new Date(clock.now().getTime() - (everyRunning ? 0 : staleAfterMs));
    const orphaned = await markInterrupted(
      sql`(${generationJobs.status} = 'running' and ${generationJobs.heartbeatAt} < ${limit.toISOString()}::timestamptz)
        or (${generationJobs.status} = 'queued' and ${generationJobs.usesFormKey} and ${generationJobs.createdAt} < ${limit.toISOString()}::timestamptz)`,
    );
    for (const jobId of orphaned) logger.warn({ jobId }, "marked a generation job interrupted: its process stopped");
    return orphaned.length;
  }

  /**
   * Claims and starts one queued job that runs on the server's keys and that no process has started
   * (its creator stopped first). The row is locked with SKIP LOCKED inside the claiming update, so two
   * instances polling at once never take the same job.
   */
  async function claimQueued(): Promise<boolean> {
    const limit = new Date(clock.now().getTime() - pollMs);
    const now = clock.now();
    const next = db
      .select({ id: generationJobs.id })
      .from(generationJobs)
      .where(and(eq(generationJobs.status, "queued"), eq(generationJobs.usesFormKey, false), lt(generationJobs.createdAt, limit)))
      .orderBy(generationJobs.createdAt)
      .limit(1)
      .for("update", { skipLocked: true });
    const [job] = await db
      .update(generationJobs)
      .set({ status: "running", runner: runnerId, startedAt: now, heartbeatAt: now })
      .where(and(inArray(generationJobs.id, next), eq(generationJobs.status, "queued")))
      .returning();
    if (!job) return false;
    try {
      const model = providers.resolveModel(job.model);
      execute(job, model, providers.resolveKey(model, undefined));
    } catch (error) {
      // The configuration changed since the job was queued (a model or a server key removed).
      const outcome = classifyGenerationFailure(error, {
        providerName: "the provider",
        modelId: job.model,
        category: job.category,
        count: job.count,
      });
      await db.update(generationJobs).set({ status: "failed", step: null, outcome, finishedAt: clock.now() }).where(mine(job.id));
    }
    return true;
  }

  return {
    runnerId,

    /**
     * Checks the model ("Unknown model: {id}") and the key (present, the spec's format), stores the job and
     * starts it in this process. Returns the job's id at once; the work goes on in the background.
     */
    async start(input: StartJobInput): Promise<number> {
      const model = providers.resolveModel(input.modelId);
      const apiKey = providers.resolveKey(model, input.formKey);
      const usesFormKey = !providers.hasServerKey(model.provider);
      const [row] = await db
        .insert(generationJobs)
        .values({
          requestedBy: input.adminId,
          category: input.category,
          topic: input.topic ?? null,
          model: model.id,
          count: input.count,
          usesFormKey,
          createdAt: clock.now(),
        })
        .returning({ id: generationJobs.id });
      if (!row) throw new Error("The generation job was not saved.");
      logger.info({ jobId: row.id, model: model.id, category: input.category, count: input.count }, "generation job queued");
      if (stopped) return row.id;
      const job = await claim(row.id);
      if (job) execute(job, model, apiKey);
      return row.id;
    },

    /** The latest jobs, newest first. */
    async recent(limit = RECENT_JOBS): Promise<GenerationJobView[]> {
      const rows = await db
        .select()
        .from(generationJobs)
        .orderBy(desc(generationJobs.createdAt), desc(generationJobs.id))
        .limit(limit);
      return rows.map((row) => toView(row, providers.catalogue));
    },

    async find(id: number): Promise<GenerationJobView | null> {
      const [row] = await db.select().from(generationJobs).where(eq(generationJobs.id, id));
      return row ? toView(row, providers.catalogue) : null;
    },

    /** Hides the job's status box; the job stays in the history. */
    async dismiss(id: number): Promise<boolean> {
      const updated = await db
        .update(generationJobs)
        .set({ dismissedAt: clock.now() })
        .where(eq(generationJobs.id, id))
        .returning({ id: generationJobs.id });
      return updated.length > 0;
    },

    sweepOrphans,
    claimQueued,

    /**
     * Runs the orphan sweep and the queue pick-up every few seconds. `exclusive` says no other process can use
     * this database (the embedded one): jobs left running by the previous process are interrupted at once.
     */
    startWorker({ exclusive = false }: { exclusive?: boolean } = {}): void {
      let first = exclusive;
      const tick = async () => {
        if (stopped) return;
        try {
          await sweepOrphans({ everyRunning: first });
          first = false;
          let claimed = 0;
          while (!stopped && (await claimQueued())) claimed += 1;
          // Each look ends with this line (at debug level): whoever watches the logs knows the worker is alive,
          // and that a job left waiting for a worker when the look began has been taken by now, by this one or another.
          logger.debug({ claimed }, "the generation worker looked for queued jobs");
        } catch (error) {
          logger.warn({ err: error }, "the generation worker could not check the job table; will try again");
        }
      };
      void tick();
      const timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      stopWorker = () => clearInterval(timer);
    },

    /** Stops this process's jobs and marks them interrupted with what they had made. */
    async stop(): Promise<void> {
      stopped = true;
      stopWorker();
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

export type GenerationJobService = ReturnType<typeof createGenerationJobService>;
