import { Cron } from "croner";

/** Sundays at 09:00 in the newsroom's time zone (TIME_ZONE). */
export const DEFAULT_NEWSLETTER_SCHEDULE = "0 9 * * 0";

/** A cron expression croner accepts, or the reason it does not. */
export function cronProblem(pattern: string): string | null {
  try {
    new Cron(pattern, { paused: true }).stop();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The day's date parts in the given IANA time zone, never the process's. */
function localDate(moment: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).formatToParts(
    moment,
  );
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value("year"), month: value("month"), day: value("day") };
}

/**
 * The ISO week a moment falls in, in the newsroom's time zone, such as "2026-W47": the weekly digest's
 * key, unique in the database, so one issue is made per week however many instances fire.
 */
export function isoWeekKey(moment: Date, timeZone: string): string {
  const { year, month, day } = localDate(moment, timeZone);
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, "0")}`;
}

/**
 * Runs `task` on the cron schedule, read in the newsroom's time zone, in process (croner); overlapping
 * runs are skipped and a failing run is reported, never thrown. The database decides which instance
 * does the work (the week key).
 */
export function startWeeklySchedule({
  pattern,
  timeZone,
  task,
  onError,
}: {
  pattern: string;
  timeZone: string;
  task: (firedAt: Date) => Promise<void>;
  onError: (error: unknown) => void;
}): { stop(): void; nextRun(): Date | null } {
  const job = new Cron(pattern, { protect: true, timezone: timeZone }, async () => {
    try {
      await task(new Date());
    } catch (error) {
      onError(error);
    }
  });
  return { stop: () => job.stop(), nextRun: () => job.nextRun() };
}
