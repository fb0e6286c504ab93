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
