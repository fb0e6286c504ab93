import type { z } from "zod";
import {
  EXPORT_FORMAT,
  EXPORT_SECTIONS,
  NewsroomExport,
  OPTIONAL_SECTIONS,
  type ExportSection,
} from "../../validation/newsroom-export";

/**
 * Reads a newsroom export (decision 027) into pieces, the header and then each part's entries one by one, for the
 * importer (newsroom-import.server.ts) to check and write: line by line when the document is laid out as the exporter
 * writes it, or parsed whole when it is not.
 */

/** One piece of the document as read: the header, or one entry of a part, with its line (or position) for reports. */
export type ExportPiece =
  { kind: "header"; row: number; value: unknown } | { kind: "entry"; section: ExportSection; row: number; value: unknown };

export class ExportLayoutError extends Error {
  readonly code = "EXPORT_LAYOUT";
}

/** True when the first line of a file is a newsroom export's header, as the exporter writes it. */
export function looksLikeNewsroomExport(firstLine: string): boolean {
  return firstLine.trimStart().startsWith(`{"format":${JSON.stringify(EXPORT_FORMAT)}`);
}

/**
 * The pieces of a document written one entry per line (as the exporter writes it), numbered by line. Throws
 * ExportLayoutError at the first line that does not fit that layout (a document reformatted by hand, say): read it
 * whole with `piecesOfDocument` then.
 */
export async function* piecesOfLines(lines: AsyncIterable<string> | Iterable<string>): AsyncGenerator<ExportPiece> {
  let row = 0;
  let current: ExportSection | null = null;
  let nextSection = 0;
  let ended = false;
  const layout = (what: string) => new ExportLayoutError(`line ${row}: ${what}`);
  for await (const raw of lines) {
    row += 1;
    const line = raw.trim();
    if (line === "") continue;
    if (ended) throw layout("text after the end of the document");
    if (row === 1) {
      if (!line.startsWith("{") || line.endsWith("}")) throw layout("expected the export's header");
      let header: unknown;
      try {
        header = JSON.parse(`${line}}`);
      } catch {
        throw layout("the header is not valid JSON");
      }
      yield { kind: "header", row, value: header };
      continue;
    }
    if (current === null) {
      if (line === "}") {
        ended = true;
        continue;
      }
      const opening = /^,"([a-z_]+)":\[$/.exec(line);
      const name = opening?.[1];
      if (!name) throw layout('expected a part such as ,"articles":[');
      // An optional part may be left out (an export from before it existed) while a later one is there.
      while (
        name !== EXPORT_SECTIONS[nextSection] &&
        nextSection < EXPORT_SECTIONS.length &&
        OPTIONAL_SECTIONS.includes(EXPORT_SECTIONS[nextSection] as ExportSection) &&
        EXPORT_SECTIONS.includes(name as ExportSection)
      )
        nextSection += 1;
      if (name !== EXPORT_SECTIONS[nextSection])
        throw layout(`expected the part "${EXPORT_SECTIONS[nextSection] ?? "}"}", found "${name}"`);
      current = EXPORT_SECTIONS[nextSection] ?? null;
      nextSection += 1;
      continue;
    }
    if (line === "]") {
      current = null;
      continue;
    }
    const json = line.startsWith(",") ? line.slice(1) : line;
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      // One broken line is one bad entry; the rest of the document still reads.
      yield { kind: "entry", section: current, row, value: BROKEN_LINE };
      continue;
    }
    yield { kind: "entry", section: current, row, value };
  }
  if (!ended) throw new ExportLayoutError(`the document ends before its closing "}" (line ${row}): the file is cut short`);
  const missing = EXPORT_SECTIONS.slice(nextSection).find((section) => !OPTIONAL_SECTIONS.includes(section));
  if (missing) throw new ExportLayoutError(`the part "${missing}" is missing`);
}

/** The value of an entry whose line is not valid JSON: the importer reports it as one bad entry. */
export const BROKEN_LINE = Symbol("broken line");

/** The pieces of a document parsed whole; entries are numbered by their position in their part (from 1). */
export function* piecesOfDocument(document: unknown): Generator<ExportPiece> {
  const parsed = NewsroomExport.safeParse(document);
  if (!parsed.success) throw new ExportLayoutError(describeIssues(parsed.error));
  const {
    sections: _s,
    authors: _a,
    accounts: _b,
    articles: _c,
    subscribers: _d,
    newsletter_issues: _e,
    settings: _f,
    tags: _g,
    menus: _h,
    pages: _i,
    address_moves: _j,
    ...header
  } = parsed.data;
  yield { kind: "header", row: 1, value: { ...header, exported_at: header.exported_at.toISOString() } };
  for (const section of EXPORT_SECTIONS)
    for (const [index, value] of (parsed.data[section] ?? []).entries()) yield { kind: "entry", section, row: index + 1, value };
}

/** A zod error as one line of a report: the fields and what is wrong with each. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
      if (issue.code === "invalid_type" && issue.input === undefined) return `${field} is required`;
      return field ? `${field} ${issue.message}` : issue.message;
    })
    .join("; ");
}
