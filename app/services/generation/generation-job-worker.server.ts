import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { generationJobs } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { AiProviders } from "./ai-provider.server";
import { classifyGenerationFailure } from "./generation-errors.server";
import type { GenerationJobRunner } from "./generation-job-runner.server";

/** The README's promise: a job whose heartbeat stopped for a minute is marked interrupted. */
export const JOB_STALE_AFTER_MS = 60_000;

export interface JobWorkerTimings {
  /** A running job whose heartbeat is older than this lost its process: it is marked interrupted. */
  staleAfterMs?: number;
  /** How often the worker looks for orphaned or queued jobs. */
  pollMs?: number;
}

/**
 * The worker every instance runs: it marks jobs whose heartbeat went quiet interrupted and picks up queued jobs that
 * use the server's keys (claimed with `FOR UPDATE SKIP LOCKED`, so two instances never run the same job), running
 * them with this process's runner.
 */
export function createGenerationJobWorker({
  db,
  clock,
  logger,
  providers,
  runner,
  timings,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  providers: AiProviders;
  runner: GenerationJobRunner;
  timings: JobWorkerTimings;
}) {
  const staleAfterMs = timings.staleAfterMs ?? JOB_STALE_AFTER_MS;
  const pollMs = timings.pollMs ?? 5_000;
  let stopWorker = () => {};

  /**
   * Marks interrupted every running job whose heartbeat is older than the limit, and queued form-key jobs left
   * behind. With `everyRunning` (start-up on the embedded database, which only this process can open) every
   * running job was left by a process that stopped, so none waits for its heartbeat to go stale.
   */
  async function sweepOrphans({ everyRunning = false }: { everyRunning?: boolean } = {}): Promise<number> {
    const limit = new Date(clock.now().getTime() - (everyRunning ? 0 : staleAfterMs));
    const orphaned = await runner.markInterrupted(
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
      .set({ status: "running", runner: runner.runnerId, startedAt: now, heartbeatAt: now })
      .where(and(inArray(generationJobs.id, next), eq(generationJobs.status, "queued")))
      .returning();
    if (!job) return false;
    try {
      const model = providers.resolveModel(job.model);
      runner.execute(job, model, providers.resolveKey(model, undefined));
    } catch (error) {
      // The configuration changed since the job was queued (a model or a server key removed).
      const outcome = classifyGenerationFailure(error, {
        providerName: "the provider",
        modelId: job.model,
        category: job.category,
        count: job.count,
      });
      await db
        .update(generationJobs)
        .set({ status: "failed", step: null, outcome, finishedAt: clock.now() })
        .where(runner.mine(job.id));
    }
    return true;
  }

  return {
    sweepOrphans,
    claimQueued,

    /**
     * Runs the orphan sweep and the queue pick-up every few seconds. `exclusive` says no other process can use
     * this database (the embedded one): jobs left running by the previous process are interrupted at once.
     */
    start({ exclusive = false }: { exclusive?: boolean } = {}): void {
      let first = exclusive;
      const tick = async () => {
        if (runner.stopped()) return;
        try {
          await sweepOrphans({ everyRunning: first });
          first = false;
          let claimed = 0;
          while (!runner.stopped() && (await claimQueued())) claimed += 1;
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

    /** Stops looking, then stops this process's jobs (marked interrupted with what they had made). */
    async stop(): Promise<void> {
      stopWorker();
      await runner.stop();
    },
  };
}
