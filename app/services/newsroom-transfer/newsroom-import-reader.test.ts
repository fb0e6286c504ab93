import { describe, expect, it } from "vitest";
import { ExportLayoutError, looksLikeNewsroomExport, piecesOfLines, type ExportPiece } from "./newsroom-import-reader.server";

async function collect(lines: string[]): Promise<ExportPiece[]> {
  const pieces: ExportPiece[] = [];
  for await (const piece of piecesOfLines(lines)) pieces.push(piece);
  return pieces;
}

const header = '{"format":"byline-export","version":1,"exported_at":"2026-11-26T05:00:00.000Z"';
const emptyParts = ["authors", "accounts", "articles", "subscribers", "newsletter_issues"].flatMap((name) => [
  `,"${name}":[`,
  "]",
]);

describe("reading an export line by line", () => {
  it("recognises the export by its first line", () => {
    expect(looksLikeNewsroomExport(header)).toBe(true);
    expect(looksLikeNewsroomExport('{"db":[{"meta":{}}]}')).toBe(false);
    expect(looksLikeNewsroomExport('[{"title":"x"}]')).toBe(false);
  });

  it("numbers entries by their line and keeps a broken line as one bad entry", async () => {
    const lines = [header, ',"authors":[', '{"id":1}', ",{broken", "]", ...emptyParts.slice(2), "}"];
    const pieces = await collect(lines);
    expect(pieces.map((piece) => [piece.kind, piece.row, piece.kind === "entry" ? piece.section : null])).toEqual([
      ["header", 1, null],
      ["entry", 3, "authors"],
      ["entry", 4, "authors"],
    ]);
    expect(pieces[1]?.value).toEqual({ id: 1 });
    expect(typeof pieces[2]?.value).toBe("symbol");
    // The lines joined are one JSON document.
    expect(() => JSON.parse([header, ...emptyParts, "}"].join("\n"))).not.toThrow();
  });

  it("refuses a document cut short, with parts out of order or reformatted", async () => {
    await expect(collect([header, ...emptyParts])).rejects.toThrow(/cut short/);
    await expect(
      collect([header, ...emptyParts.slice(2, 4), ...emptyParts.slice(0, 2), ...emptyParts.slice(4), "}"]),
    ).rejects.toThrow(ExportLayoutError);
    await expect(collect([`${header}}`])).rejects.toThrow(ExportLayoutError);
  });
});
