import { TriangleAlert } from "lucide-react";
import { STATUS_LABELS, type ArticleStatus } from "~/domain/article-status";
import { articlePath } from "~/utils/articles";
import { DUPLICATE_TEXTS, FOLLOW_UP_TEXTS } from "~/validation/article";

/** An article a save found close to the one being saved, and, when a model compared them, what it said. */
export interface SimilarArticle {
  id: number;
  title: string;
  /** Only a published article is called published and linked to its reader page; a scheduled one is not out yet. */
  status: ArticleStatus;
  judgement?: string;
}

/** "published", "scheduled", "in review", "draft": the state as the notices name it. */
function stateName(status: ArticleStatus): string {
  return STATUS_LABELS[status].toLowerCase();
}

/** The save's offer to mark the article a follow-up of an earlier story: saving again saves it, related if ticked. */
export function FollowUpOffer({ earlier }: { earlier: SimilarArticle }) {
  return (
    <div
      role="status"
      className="mx-5 mb-4 rounded-lg border border-blue-300 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-100"
    >
      <p>
        {FOLLOW_UP_TEXTS.offer}{" "}
        <a
          href={earlier.status === "published" ? articlePath(earlier.id) : `/admin/articles/${earlier.id}/edit`}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium underline"
        >
          {earlier.title}
        </a>
        {earlier.status === "published" ? null : ` (${stateName(earlier.status)})`}
      </p>
      {earlier.judgement ? (
        <p className="mt-1">
          {FOLLOW_UP_TEXTS.judgement} {earlier.judgement}
        </p>
      ) : null}
      <input type="hidden" name="followUpSeen" value="true" />
      <label className="mt-2 flex items-center gap-2 font-medium">
        <input type="checkbox" name="relatedTo" value={earlier.id} defaultChecked className="size-4" />
        {FOLLOW_UP_TEXTS.markRelated}
      </label>
      <p className="mt-1 text-blue-900/80 dark:text-blue-100/80">{FOLLOW_UP_TEXTS.hint}</p>
    </div>
  );
}

/** The save found a similar article: Save anyway confirms. */
export function DuplicateWarning({ duplicate }: { duplicate: SimilarArticle }) {
  return (
    <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden className="size-4" />
        {DUPLICATE_TEXTS.title}
      </p>
      <p className="mt-1">{DUPLICATE_TEXTS.message}</p>
      <p className="mt-2">
        Similar article:{" "}
        {duplicate.status === "published" ? (
          <a href={articlePath(duplicate.id)} target="_blank" rel="noopener noreferrer" className="font-medium underline">
            {duplicate.title}
          </a>
        ) : (
          <strong>{duplicate.title}</strong>
        )}{" "}
        ({stateName(duplicate.status)}). If yours is a different story, choose Save anyway.
      </p>
      {duplicate.judgement ? (
        <p className="mt-1">
          {FOLLOW_UP_TEXTS.judgement} {duplicate.judgement}
        </p>
      ) : null}
    </div>
  );
}
