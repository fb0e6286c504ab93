import { describe, expect, it } from "vitest";
import { csvDocument, csvField } from "./csv";

/**
 * Splits CSV as a spreadsheet does with the given separator: quoted fields may hold anything, quotes are doubled.
 * Enough for these tests; the point is that both a comma and a semicolon locale see the same fields.
 */
function readCsv(text: string, separator: "," | ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  return rows;
}

/** A field a spreadsheet would run: its first character after spaces starts a formula. */
function runsAsFormula(field: string): boolean {
  return /^[ ]*[=+\-@\t\r]/.test(field);
}

describe("csvField", () => {
  it("quotes every field and doubles quotes", () => {
    expect(csvField("reader@example.com")).toBe('"reader@example.com"');
    expect(csvField("")).toBe('""');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it.each([
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1@example.com", '"\'+1@example.com"'],
    ["-x@example.com", '"\'-x@example.com"'],
    ["@sum", '"\'@sum"'],
    ["\t=1+1", '"\'\t=1+1"'],
    ["\r=1+1", '"\'\r=1+1"'],
    ["  =1+1", '"\'  =1+1"'],
    [" @SUM(A1)", '"\' @SUM(A1)"'],
  ])("keeps a spreadsheet from running %j as a formula", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("leaves a formula character alone when it is not at the start", () => {
    expect(csvField("a=1+1@example.com")).toBe('"a=1+1@example.com"');
  });
});

describe("csvDocument", () => {
  it("writes the header and rows quoted, with CRLF line ends", () => {
    expect(csvDocument(["email", "status"], [["a@example.com", "active"]])).toBe(
      '"email","status"\r\n"a@example.com","active"\r\n',
    );
  });

  it("reads back as the same fields in a comma locale, and as whole lines in a semicolon locale, none a formula", () => {
    const rows = [
      ["a;=1+1;x@example.com", "pending", "2025-03-01T09:00:00.000Z"],
      ["=cmd|' /C calc'!A0", "+SUM(1,2)", "-2+3"],
      ["@x,y@example.com", ' "quoted" ', "\t=tab"],
    ];
    const text = csvDocument(["email", "status", "subscribed_at"], rows);

    const commas = readCsv(text, ",");
    expect(commas).toHaveLength(4);
    for (const row of commas) expect(row).toHaveLength(3);
    expect(commas[1]).toEqual(["a;=1+1;x@example.com", "pending", "2025-03-01T09:00:00.000Z"]);
    expect(commas[2]).toEqual(["'=cmd|' /C calc'!A0", "'+SUM(1,2)", "'-2+3"]);
    expect(commas[3]).toEqual(["'@x,y@example.com", ' "quoted" ', "'\t=tab"]);

    // A semicolon locale splits on ";" only: no semicolon inside a value starts a new cell.
    const semicolons = readCsv(text, ";");
    expect(semicolons).toHaveLength(4);
    for (const row of semicolons) expect(row, JSON.stringify(row)).toHaveLength(1);

    for (const field of [...commas.flat(), ...semicolons.flat()]) {
      expect(runsAsFormula(field), JSON.stringify(field)).toBe(false);
    }
  });
});
