import type { Category } from "./sections";

/**
 * What the Article Generation tab shows about a generation job. Shared by the job service, which stores it,
 * and the tab, which renders it.
 */

export const GENERATION_JOB_STATUSES = ["queued", "running", "succeeded", "partial", "failed", "interrupted"] as const;
export type GenerationJobStatus = (typeof GENERATION_JOB_STATUSES)[number];

/** The step a running job is on, in order. */
export const GENERATION_STEPS = ["fetching-news", "writing", "checking", "saving", "waiting"] as const;
export type GenerationStep = (typeof GENERATION_STEPS)[number];

/** A message for the status box: a title, a text, numbered suggestions and tips. */
export interface GenerationNotice {
  tone: "success" | "warning" | "error";
  title: string;
  message: string;
  suggestions: string[];
  tips: string[];
}

/** Why one article of a job was not made. */
export interface GenerationArticleError {
  /** 1-based position of the article in the job. */
  article: number;
  notice: GenerationNotice;
}

export interface GenerationJobView {
  id: number;
  status: GenerationJobStatus;
  category: Category;
  topic: string | null;
  model: string;
  modelName: string;
  count: number;
  /** The article being made (1-based), or the last one attempted. */
  current: number;
  step: GenerationStep | null;
  articleIds: number[];
  errors: GenerationArticleError[];
  outcome: GenerationNotice | null;
  createdAt: string;
  finishedAt: string | null;
  dismissed: boolean;
}

export function isFinished(status: GenerationJobStatus): boolean {
  return status !== "queued" && status !== "running";
}
