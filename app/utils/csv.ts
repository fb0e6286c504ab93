/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled,
 * lines end in CRLF. A field that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first)
 * gets a leading apostrophe, so an exported list cannot carry a formula into an editor's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
