import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { generationJobs } from "../../db/schema";
import type { AiModel } from "../../utils/ai-models";
import type { GenerationJobView } from "../../domain/generation-jobs";
import type { Clock } from "../clock.server";
import type { AiProviders } from "./ai-provider.server";

type JobRow = typeof generationJobs.$inferSelect;

const RECENT_JOBS = 5;

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

/** What the generator tab shows of the jobs: the latest ones, one job, and hiding a job's status box. */
export function createGenerationJobQueries({
  db,
  clock,
  providers,
}: {
  db: Database;
  clock: Clock;
  /** The model catalogue, for a job's model name. */
  providers: Pick<AiProviders, "catalogue">;
}) {
  return {
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
  };
}
