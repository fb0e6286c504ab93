const formats = new Map<string, Intl.DateTimeFormat>();

/** The newsroom's day formatter for one IANA zone, made once per zone. */
function articleDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone });
    formats.set(timeZone, format);
  }
  return format;
}

/** True when `name` is a time zone Intl knows, such as "Europe/Berlin" or "UTC". */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * "Mar 5, 2025" style, the day in the newsroom's time zone (TIME_ZONE), never the process's or the
 * reader's, so the server's HTML and the browser's hydration agree; "Unknown date" when there is no valid date.
 */
export function formatArticleDate(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "Unknown date";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "Unknown date" : articleDateFormat(timeZone).format(date);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Mar 5, 2025, 9:30 AM UTC": a moment with its time, in the newsroom's time zone (TIME_ZONE), named, so the server's
 * HTML and the hydrated page agree (a correction's time, issue 19); "Unknown date" when there is no valid date.
 */
export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "Unknown date";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "Unknown date";
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(date);
}
