/**
 * npm run export -- FILE
 * Writes everything the newsroom owns (authors, staff accounts without passwords, articles with their revisions,
 * corrections, co-authors, related stories and old addresses, subscribers with status and consent time, newsletter
 * issues with their deliveries) as one JSON document that `npm run import -- FILE` reads back (decision 027).
 * The document is written one entry per line to FILE.partial and renamed to FILE when complete, so a failure never
 * leaves a cut-short export under the name asked for.
 * Exit status: 0 written, 2 usage, file or database error.
 */
import { once } from "node:events";
import { createWriteStream, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chunked, exportNewsroomLines } from "~/services/newsroom-transfer/newsroom-export.server";
import { failureReason } from "~/services/logger.server";
import type { ExportSection } from "~/validation/newsroom-export";
import { openDatabaseForCommand, readConfigOrExit } from "../server/bootstrap";

const USAGE = `Usage: npm run export -- FILE
  FILE  where to write the newsroom's export (JSON); an existing file is replaced`;

function readArguments() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h", default: false } },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return null;
  }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

async function run(): Promise<number> {
  const parsedArguments = readArguments();
  if (!parsedArguments) return 2;
  const { values, positionals } = parsedArguments;
  const file = positionals[0];
  if (!file || values.help || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const target = path.resolve(file);
  const partial = `${target}.partial`;

  const database = await openDatabaseForCommand(readConfigOrExit());
  if (!database) return 2;
  const started = Date.now();
  const counts: Partial<Record<ExportSection, number>> = {};
  const out = createWriteStream(partial, { encoding: "utf8" });
  try {
    const failed = once(out, "error").then(([error]) => {
      throw error;
    });
    failed.catch(() => undefined);
    for await (const chunk of chunked(exportNewsroomLines({ db: database.db, now: new Date() }, counts))) {
      if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
    }
    out.end();
    await Promise.race([once(out, "finish"), failed]);
    renameSync(partial, target);
  } catch (error) {
    out.destroy();
    rmSync(partial, { force: true });
    process.stderr.write(`Export failed, nothing was written to ${file}: ${failureReason(error)}\n`);
    return 2;
  } finally {
    await database.close();
  }
  const megabytes = (statSync(target).size / 1_048_576).toFixed(1);
  process.stdout.write(
    `Exported ${plural(counts.articles ?? 0, "article")}, ${plural(counts.authors ?? 0, "author")}, ${plural(counts.accounts ?? 0, "account")}, ` +
      `${plural(counts.subscribers ?? 0, "subscriber")} and ${plural(counts.newsletter_issues ?? 0, "newsletter issue")} ` +
      `to ${file} (${megabytes} MB in ${((Date.now() - started) / 1000).toFixed(1)} s).\n`,
  );
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Export failed: ${failureReason(error)}\n`);
    process.exit(2);
  },
);
