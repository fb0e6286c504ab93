import type { Database } from "../../db/client.server";
import { generationJobs } from "../../db/schema";
import type { Category } from "../../domain/sections";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import type { AiProviders } from "./ai-provider.server";
import type { ArticleGenerator } from "./article-generator.server";
import { createGenerationJobQueries } from "./generation-job-queries.server";
import { createGenerationJobRunner, type JobRunTimings } from "./generation-job-runner.server";
import { createGenerationJobWorker, type JobWorkerTimings } from "./generation-job-worker.server";

export interface StartJobInput {
  adminId: number;
  category: Category;
  topic?: string | undefined;
  modelId: string;
  count: number;
  /** A key typed into the form: used by this process for this job only, never stored. */
  formKey?: string | undefined;
}

export type JobTimings = JobRunTimings & JobWorkerTimings;

/**
 * Durable generation jobs: closing the tab does not stop a batch. Starting a job checks the model and the key, stores a
 * queued row and runs it in this process at once. Each process runs only jobs it has claimed with a
 * conditional update, beats a heartbeat while running, and marks its jobs interrupted when it stops
 * (generation-job-runner.server.ts); a worker on every instance marks jobs whose heartbeat went quiet interrupted and
 * picks up queued jobs that use the server's keys (generation-job-worker.server.ts); the generator tab reads the jobs
 * through generation-job-queries.server.ts.
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
  const runner = createGenerationJobRunner({ db, clock, logger, generator, timings });
  const worker = createGenerationJobWorker({ db, clock, logger, providers, runner, timings });
  const queries = createGenerationJobQueries({ db, clock, providers });

  return {
    runnerId: runner.runnerId,

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
      if (runner.stopped()) return row.id;
      const job = await runner.claim(row.id);
      if (job) runner.execute(job, model, apiKey);
      return row.id;
    },

    recent: queries.recent,
    find: queries.find,
    dismiss: queries.dismiss,

    sweepOrphans: worker.sweepOrphans,
    claimQueued: worker.claimQueued,
    startWorker: worker.start,
    stop: worker.stop,
    idle: runner.idle,
  };
}

export type GenerationJobService = ReturnType<typeof createGenerationJobService>;
