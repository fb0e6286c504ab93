import { diffWords } from "diff";
import type { RevisionKind } from "../domain/history";
import type { Category } from "../domain/sections";

/** A row of the History list. `editorName` is the saver's author profile; null for the system or a deleted account. */
export interface RevisionSummary {
  id: number;
  kind: RevisionKind;
  editorName: string | null;
  restoredFrom: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a comparison shows. */
export interface RevisionFields {
  title: string;
  excerpt: string;
  content: string;
  category: Category;
  image: string;
  sources: string;
  /** The tag names then, separated by commas; "" for none, or for a revision from before tags. */
  tags: string;
}

export type RevisionVersion = RevisionSummary & RevisionFields;

export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  ai_original: "AI original",
  created: "Created",
  edited: "Edited",
  restored: "Restored",
  imported: "Imported",
};

/** Who a revision is by: the person's name, or the part of Byline that made it. */
export function revisionAuthor({ kind, editorName }: Pick<RevisionSummary, "kind" | "editorName">): string {
  if (kind === "ai_original") return "AI draft";
  if (kind === "imported") return "Import";
  return editorName ?? "Byline";
}

/** A run of the body: words both versions have, words only the newer one has, or words only the older one had. */
export interface WordChange {
  change: "same" | "inserted" | "deleted";
  text: string;
}

/** A field other than the body that differs: its label, the older value and the newer one. */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export interface RevisionDiff {
  /** Only the fields that changed, in the editor's order. */
  fields: FieldChange[];
  /** The body word by word; null when it did not change. */
  body: WordChange[] | null;
  /** True when nothing differs. */
  same: boolean;
}

const FIELD_LABELS: Record<Exclude<keyof RevisionFields, "content">, string> = {
  title: "Title",
  excerpt: "Excerpt",
  category: "Category",
  image: "Image",
  sources: "Sources",
  tags: "Tags",
};

/** A body diff that takes longer than this gives up on word level and shows the old body deleted, the new inserted. */
const WORD_DIFF_TIMEOUT_MS = 2_000;

/** The body's changes word by word, with neighbouring runs of the same kind joined. */
export function diffBody(before: string, after: string): WordChange[] {
  const parts = diffWords(before, after, { timeout: WORD_DIFF_TIMEOUT_MS }) ?? [
    { value: before, removed: true, added: false, count: 1 },
    { value: after, removed: false, added: true, count: 1 },
  ];
  const changes: WordChange[] = [];
  for (const part of parts) {
    if (part.value === "") continue;
    const change = part.added ? "inserted" : part.removed ? "deleted" : "same";
    const last = changes.at(-1);
    if (last && last.change === change) last.text += part.value;
    else changes.push({ change, text: part.value });
  }
  return changes;
}

/** What changed from `older` to `newer`: field by field for the short fields, word by word for the body. */
export function diffRevisions(older: RevisionFields, newer: RevisionFields): RevisionDiff {
  return diffFields(older, newer, FIELD_LABELS);
}

/**
 * The same comparison for any record with a `content` body and short fields named in `labels` (in the order shown):
 * an article's, or a page's (services/pages) written out as text.
 */
export function diffFields<Fields extends { content: string }>(
  older: Fields,
  newer: Fields,
  labels: { [Key in Exclude<keyof Fields, "content">]?: string },
): RevisionDiff {
  const fields: FieldChange[] = [];
  for (const [field, label] of Object.entries(labels) as [Exclude<keyof Fields, "content"> & string, string][]) {
    const before = String(older[field]);
    const after = String(newer[field]);
    if (before !== after) fields.push({ field, label, before, after });
  }
  const body = older.content === newer.content ? null : diffBody(older.content, newer.content);
  return { fields, body, same: fields.length === 0 && body === null };
}

/** A revision as a History page lists it: its number (1 is the oldest), kind, author and time. */
export function shownRevision(revision: RevisionSummary, number: number, formatTime: (date: Date) => string) {
  return {
    id: revision.id,
    number,
    kind: REVISION_KIND_LABELS[revision.kind],
    author: revisionAuthor(revision),
    savedAt: revision.updatedAt.toISOString(),
    time: formatTime(revision.updatedAt),
    restoredFrom: revision.restoredFrom,
  };
}

export type ShownRevision = ReturnType<typeof shownRevision>;
