import { z } from "zod";
import { INSIGHTS_TABLES, type InsightsPeriod, type InsightsTableId } from "../domain/insights";

/** `?days=30` or `?days=90`; anything else (or nothing) is the 30 days. */
export const InsightsPeriodParam = z
  .enum(["30", "90"])
  .catch("30")
  .transform((value) => Number(value) as InsightsPeriod);

export function parseInsightsPeriod(url: string): InsightsPeriod {
  return InsightsPeriodParam.parse(new URL(url).searchParams.get("days") ?? undefined);
}

/** The CSV file name in the address, `reads-per-day.csv`: its table, or null. */
export function parseInsightsCsvName(name: string | undefined): InsightsTableId | null {
  const parsed = z
    .string()
    .regex(/^[a-z-]+\.csv$/)
    .transform((value) => value.slice(0, -".csv".length))
    .pipe(z.enum(INSIGHTS_TABLES))
    .safeParse(name);
  return parsed.success ? parsed.data : null;
}
