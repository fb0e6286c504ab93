import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Which integration files the second time zone runs again (docs/decisions/037-fast-feedback.md).
 *
 * `.ci/run` runs every test under TZ=Pacific/Kiritimati (UTC+14), then again under TZ=Pacific/Honolulu (UTC-10):
 * the unit project whole, and the integration files that can see a date. A file can see a date when its own text,
 * or the text of the module it tests (its name without `.integration.test`: `x.server.ts` or `x.ts` beside it),
 * mentions one of DATE_SIGNALS. The rule reads the files, so a new file is chosen (or not) without anyone keeping a
 * list; tests/setup/second-time-zone.test.ts checks the rule against the files that use a time zone or a schedule.
 *
 * The databases themselves do not see the machine's zone (PostgreSQL's sessions take the server's `TimeZone`,
 * PGlite's is UTC whatever TZ says), and an instant is the same instant in every zone: a `Date` compared, added to,
 * stored in a timestamp column or sent as ISO text, a clock's `now()`, SQL's `now()` and intervals. What the second
 * zone can catch is code that turns an instant into a calendar value (a day, a week, an hour) or a text in the
 * machine's zone instead of the newsroom's, so the signals are the places where that happens: a time zone, a local
 * rendering or calendar field, a calendar unit in a name (`startOfWeek`, `perDay`), a schedule, SQL that makes
 * calendar values (`date_trunc`, a `::date`, whose rows the driver turns into local midnights).
 */
export const DATE_SIGNALS: readonly { name: string; pattern: RegExp }[] = [
  { name: "a time zone", pattern: /time_?zone|timeZone|\bTZ\b|Intl\.DateTimeFormat/i },
  { name: "a local rendering of a time", pattern: /toLocale(Date|Time)?String|toDateString|toTimeString/ },
  {
    name: "a local calendar field",
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(|new Date\(\s*\d+\s*,/,
  },
  {
    name: "a calendar unit in a name",
    pattern:
      /[a-z](Day|Days|Daily|Week|Weeks|Weekly|Month|Months|Monthly|Year|Years|Hour|Hours|Midnight)\b|\b(days?|weeks?|weekly|months?|monthly|years?|hours?|daily)[A-Z]/,
  },
  { name: "a schedule", pattern: /schedul/i },
  { name: "SQL calendar values", pattern: /\b(date_trunc|current_date|at time zone)\b|::date\b/i },
];

/** The first signal the text matches, or undefined when it mentions no date. */
export function dateSignal(text: string): string | undefined {
  return DATE_SIGNALS.find((signal) => signal.pattern.test(text))?.name;
}

export const INTEGRATION_TEST = /\.integration\.test\.tsx?$/;
const SEARCHED = ["app", "server", "scripts", "tests"];

/** Every integration test file under the folders vitest.config.ts searches, relative to the root, sorted. */
export function integrationTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (INTEGRATION_TEST.test(entry.name)) found.push(child);
    }
  };
  for (const folder of SEARCHED) if (existsSync(path.join(root, folder))) walk(folder);
  return found.sort();
}

/** The module an integration file tests: `x.integration.test.ts` tests `x.server.ts`, `x.ts` or `x.server.tsx` beside it. */
export function moduleUnderTest(root: string, file: string): string | undefined {
  const stem = file.replace(INTEGRATION_TEST, "");
  return [".server.ts", ".ts", ".server.tsx", ".tsx"]
    .map((suffix) => `${stem}${suffix}`)
    .find((candidate) => existsSync(path.join(root, candidate)));
}

/** Why a file can see a date (the signal and where it was found), or undefined when it cannot. */
export function whyItSeesADate(root: string, file: string): string | undefined {
  const own = dateSignal(readFileSync(path.join(root, file), "utf8"));
  if (own) return `${own} in the test file`;
  const tested = moduleUnderTest(root, file);
  const theirs = tested ? dateSignal(readFileSync(path.join(root, tested), "utf8")) : undefined;
  return theirs && tested ? `${theirs} in ${tested}` : undefined;
}

/** The integration files the second time zone runs, relative to the root. */
export function integrationFilesThatSeeADate(root: string): string[] {
  return integrationTestFiles(root).filter((file) => whyItSeesADate(root, file) !== undefined);
}
