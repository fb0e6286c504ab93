/**
 * Why each surviving mutant of `npm run test:mutation` survives, keyed as bench/lib/mutation.ts's `survivorKey`
 * (`file:line Mutator: replacement`), or `file:line` for every mutant of one line. A survivor with no note here
 * shows as "Not yet explained" in the report: kill it with a test of the behaviour, or say here why no test can.
 */
export const SURVIVOR_NOTES: Readonly<Record<string, string>> = {};
