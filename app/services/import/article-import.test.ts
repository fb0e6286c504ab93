import { describe, expect, it } from "vitest";
import { ImportFileError, parseImportFile } from "./article-import.server";

describe("parseImportFile", () => {
  it("reads a JSON array with rows numbered from 1", () => {
    expect(parseImportFile('[{"a":1},{"b":2}]')).toEqual({
      format: "byline",
      found: 2,
      rows: [
        { row: 1, value: { a: 1 } },
        { row: 2, value: { b: 2 } },
      ],
      errors: [],
    });
  });

  it("reads NDJSON numbered by line, skipping blank lines", () => {
    expect(parseImportFile('{"a":1}\r\n\n{"b":2}\n')).toEqual({
      format: "byline",
      found: 2,
      rows: [
        { row: 1, value: { a: 1 } },
        { row: 3, value: { b: 2 } },
      ],
      errors: [],
    });
  });

  it("explains an empty file or a broken JSON array", () => {
    expect(() => parseImportFile("  \n")).toThrow(new ImportFileError("The file is empty."));
    expect(() => parseImportFile("[{")).toThrow(/starts with "\[" but is not valid JSON/);
  });
});
