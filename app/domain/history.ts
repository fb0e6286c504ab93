/**
 * What an article's history records, written once for the database's enums, the forms and the pages: how each
 * revision came to be, and the two kinds of dated note on a published article.
 */

/** How a revision came to be: the AI draft as generated, a new article, a save, a restore, an import. */
export const REVISION_KINDS = ["ai_original", "created", "edited", "restored", "imported"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** A correction (something was wrong) or an update (something new happened) to a published article. */
export const CORRECTION_KINDS = ["correction", "update"] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];
