/**
 * CSV as spreadsheets read it (RFC 4180), safe to open in any locale: every field is quoted (so a comma, a
 * semicolon, a quote or a line break stays inside its field whether the spreadsheet splits on commas or on
 * semicolons), quotes are doubled, and lines end in CRLF. A field that a spreadsheet would run as a formula
 * (=, +, -, @, tab or carriage return first, also after leading spaces) gets a leading apostrophe, so an
 * exported list cannot carry a formula into an editor's spreadsheet.
 */
const FORMULA_START = /^[ ]*[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
