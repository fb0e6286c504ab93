/**
 * npm run import -- FILE
 * Imports articles from a JSON array or NDJSON file in the spec's field names.
 * Every row is checked; bad rows are reported by number and reason ("Row 3: title contains characters
 * that are not allowed") and the good ones are imported together in one transaction. Should the database
 * still refuse the batch, its reason is printed, never the SQL or the rows' values.
 * Exit status: 0 every row imported, 1 some rows rejected (the rest imported), 2 nothing imported.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ImportFileError, importArticles, importFailureReason, parseImportFile } from "~/services/import/article-import.server";
import { openDatabaseForCommand, readConfigOrExit } from "../server/bootstrap";

const USAGE = "Usage: npm run import -- FILE   (a JSON array of articles, or one JSON object per line)";

async function run(): Promise<number> {
  const file = process.argv[2];
  if (!file || file === "--help" || file === "-h") {
    process.stderr.write(`${USAGE}\n`);
    return file ? 0 : 2;
  }
  let text: string;
  try {
    text = readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    process.stderr.write(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`,
    );
    return 2;
  }
  let parsed;
  try {
    parsed = parseImportFile(text);
  } catch (error) {
    if (error instanceof ImportFileError) {
      process.stderr.write(`${file}: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  const database = await openDatabaseForCommand(readConfigOrExit());
  if (!database) return 2;
  try {
    const result = await importArticles({ db: database.db, now: new Date() }, parsed);
    for (const { row, reason } of result.errors) process.stdout.write(`Row ${row}: ${reason}\n`);
    const rejected = result.errors.length;
    const summary = `Imported ${result.imported} article${result.imported === 1 ? "" : "s"}`;
    process.stdout.write(
      rejected ? `${summary}; ${rejected} row${rejected === 1 ? " was" : "s were"} rejected.\n` : `${summary}.\n`,
    );
    if (result.imported === 0) return 2;
    return rejected ? 1 : 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Import failed, nothing was imported: ${importFailureReason(error)}\n`);
    process.exit(2);
  },
);
