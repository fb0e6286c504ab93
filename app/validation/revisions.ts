import { z } from "zod";
import { FormId } from "./form-id";

/** A revision id as a form or a query string carries it. */
const RevisionId = FormId;

/**
 * The History page's query string: the two revisions to compare (`from`, the older side, and `to`) and the revision
 * whose restore is being confirmed. Each is optional; a malformed one is answered in a sentence, not an error page.
 */
export const RevisionComparison = z.object({
  from: RevisionId.optional(),
  to: RevisionId.optional(),
  restore: RevisionId.optional(),
});
export type RevisionComparison = z.infer<typeof RevisionComparison>;

/**
 * What a History page compares, from its query string: the revisions asked for when they are all in the history
 * (`understood`), else the latest change (the revision before the latest against the latest); and the revision whose
 * restore is being confirmed.
 */
export function chooseComparison<Shown extends { id: number }>(
  shown: readonly Shown[],
  query: Record<string, string>,
): { from?: number; to?: number; restore?: Shown; understood: boolean } {
  const known = new Set(shown.map((revision) => revision.id));
  const parsed = RevisionComparison.safeParse(query);
  const asked = parsed.success ? parsed.data : {};
  const fitting = (revisionId: number | undefined) => revisionId === undefined || known.has(revisionId);
  const understood = parsed.success && fitting(asked.from) && fitting(asked.to) && fitting(asked.restore);
  const latest = shown[0]?.id;
  const previous = shown[1]?.id ?? latest;
  return {
    to: (understood ? asked.to : undefined) ?? latest,
    from: (understood ? asked.from : undefined) ?? previous,
    restore: understood ? shown.find((revision) => revision.id === asked.restore) : undefined,
    understood,
  };
}

/** The restore form: which revision to bring back. */
export const RestoreRevisionForm = z.object({
  intent: z.literal("restore"),
  revisionId: RevisionId,
});

export const REVISION_TEXTS = {
  missingArticle: "This article no longer exists; another admin may have deleted it.",
  unknownRevision: "Those revisions are not in this article's history; showing the latest change instead.",
  missingRevision: "That revision is no longer in this article's history.",
  badRequest: "The restore could not be read. Please reload the page and try again.",
  restored: "Revision restored. The article shows it now, and the restore is kept as a new revision.",
  restoreFailed: "Failed to restore the revision. Please try again.",
  noDifferences: "No differences",
  staleLink: "See what changed",
} as const;

/** The History page of an article, comparing two of its revisions when given. */
export function historyAddress(articleId: number, compare: { from?: number; to?: number } = {}): string {
  const params = new URLSearchParams();
  if (compare.from !== undefined) params.set("from", String(compare.from));
  if (compare.to !== undefined) params.set("to", String(compare.to));
  const search = params.toString();
  return `/admin/articles/${articleId}/history${search ? `?${search}` : ""}`;
}
