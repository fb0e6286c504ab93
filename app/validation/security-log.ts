import { z } from "zod";
import { SECURITY_EVENT_KIND_LIST, type SecurityEventKind } from "../domain/security-events";
import { addDaysToDay, zonedTimeToInstant } from "../utils/dates";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as a date field sends it ("2026-12-01"), and a real one (not February 30). */
const Day = z
  .string()
  .regex(DAY)
  .refine((value) => {
    const [year, month, day] = value.split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });

/**
 * The security log's filters as they live in the URL (`?person=&kind=&from=&to=&before=`): a person's account id, a
 * kind of event, the first and last day of a period on the newsroom's clock, and the row the page continues before.
 * A malformed value is no filter, as a hand-edited link should be.
 */
export const SecurityLogQuery = z.object({
  person: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  kind: z
    .enum(SECURITY_EVENT_KIND_LIST as [SecurityEventKind, ...SecurityEventKind[]])
    .optional()
    .catch(undefined),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});

export type SecurityLogQuery = z.infer<typeof SecurityLogQuery>;

/** The filters an address carries; an empty parameter is no filter. */
export function parseSecurityLogQuery(url: string): SecurityLogQuery {
  const params = new URL(url).searchParams;
  const value = (name: string) => params.get(name)?.trim() || undefined;
  return SecurityLogQuery.parse({
    person: value("person"),
    kind: value("kind"),
    from: value("from"),
    to: value("to"),
    before: value("before"),
  });
}

/** The query string for these filters (without the page's `before`), for links and the CSV download. */
export function securityLogSearch({ person, kind, from, to }: SecurityLogQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (person !== undefined) params.set("person", String(person));
  if (kind) params.set("kind", kind);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The period's instants: from the first day's midnight to the midnight after the last day, on the newsroom's clock. */
export function securityLogPeriod({ from, to }: SecurityLogQuery, timeZone: string): { from?: Date; until?: Date } {
  return {
    from: from ? (zonedTimeToInstant(`${from}T00:00`, timeZone) ?? undefined) : undefined,
    until: to ? (zonedTimeToInstant(`${addDaysToDay(to, 1)}T00:00`, timeZone) ?? undefined) : undefined,
  };
}
