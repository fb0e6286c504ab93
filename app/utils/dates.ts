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

/** A time zone, or where to read the one in force (the newsroom's is a setting that may change while running). */
export type ZoneSource = string | (() => string);

/** The zone a `ZoneSource` names now. */
export function zoneNow(zone: ZoneSource): string {
  return typeof zone === "function" ? zone() : zone;
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

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `date` in `timeZone`, as the number of milliseconds they would be in UTC. */
function wallClockMs(date: Date, timeZone: string): number {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  // One formatToParts call (the costly part), read field by field: the view counter asks for every beacon.
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const { type, value } of format.formatToParts(date)) fields[type] = Number(value);
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The moment a newsroom means by a date and time on its own clock ("2026-11-27T09:00", as a datetime-local field
 * sends it) in `timeZone`; null when the text is not such a time. A time the clocks skip when summer time starts
 * is read as the same time on the new clock (02:30 becomes 03:30); a time that happens twice is the first one.
 */
export function zonedTimeToInstant(local: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The zone's offset at a moment is its wall clock minus the moment; try the offsets around the wanted time.
  const offsetAt = (ms: number) => wallClockMs(new Date(ms), timeZone) - ms;
  const candidates = [offsetAt(asUtc - 86_400_000), offsetAt(asUtc), offsetAt(asUtc + 86_400_000)]
    .map((offset) => asUtc - offset)
    .filter((ms) => wallClockMs(new Date(ms), timeZone) === asUtc)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return new Date(candidates[0]);
  // In a gap: read with the offset from before the change, which lands on the same time on the new clock.
  return new Date(asUtc - offsetAt(asUtc - 86_400_000));
}

/** `date` on the newsroom's clock as a datetime-local field shows it: "2026-11-27T09:00". */
export function instantToZonedTime(date: Date, timeZone: string): string {
  return new Date(wallClockMs(date, timeZone)).toISOString().slice(0, 16);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "Mar 5, 2025, 9:30 AM UTC": a moment with its time, in the newsroom's time zone (TIME_ZONE), named, so the server's
 * HTML and the hydrated page agree (a correction's time); "Unknown date" when there is no valid date.
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

/**
 * A moment in W3C date-time format with the newsroom's offset, as the News sitemap and NewsArticle data want it:
 * "2026-11-25T20:30:00-05:00" for 01:30 UTC in New York.
 */
export function w3cDateTime(date: Date, timeZone: string): string {
  const wall = wallClockMs(date, timeZone);
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0");
  return `${new Date(wall).toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}

/** A calendar day `YYYY-MM-DD` moved by whole days (negative goes back); calendar arithmetic, no time zone. */
export function addDaysToDay(day: string, days: number): string {
  const moved = new Date(`${day}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Every calendar day from `first` to `last`, both included, oldest first. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDaysToDay(day, 1)) days.push(day);
  return days;
}

/** The newsroom's calendar day of a moment, `YYYY-MM-DD`. */
export function newsroomDay(moment: Date, timeZone: string): string {
  return instantToZonedTime(moment, timeZone).slice(0, 10);
}

/** The Monday of a calendar day's week, `YYYY-MM-DD`. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDaysToDay(day, -weekday);
}
