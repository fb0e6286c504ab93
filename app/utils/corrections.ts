import type { CorrectionKind } from "../domain/history";

/**
 * What pages show of corrections and updates, shared by the corrections service, which reads them, and
 * the pages that render them.
 */

/** One dated note on an article. */
export interface CorrectionNote {
  id: number;
  kind: CorrectionKind;
  note: string;
  createdAt: Date;
}

/** A note as the public /corrections page and its feed list it: with its article. */
export interface PublicCorrection extends CorrectionNote {
  articleId: number;
  articleTitle: string;
}

export interface CorrectionsPage {
  corrections: PublicCorrection[];
  total: number;
  page: number;
  pageCount: number;
}

/** The anchor of a note on its article page, which the feed links to. */
export function correctionAnchor(id: number): string {
  return `correction-${id}`;
}
