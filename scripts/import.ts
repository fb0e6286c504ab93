/**
 * npm run import -- FILE [--category-map TAG=CATEGORY]... [--site-url URL]
 * Imports a Byline newsroom export (`npm run export`, decision 027), or articles from a Ghost JSON export, a WordPress export (WXR), or our own JSON array or NDJSON file in the
 * spec's field names; the format is recognised by the content and named first ("Found a Ghost export: 37 posts").
 * Posts from Ghost and WordPress already imported (by their own id) are skipped, so an export can be run again.
 * Every row is checked; bad rows are reported by number and reason ("Row 3: title contains characters
 * that are not allowed") and the good ones are imported together in one transaction. Should the database
 * still refuse the batch, its reason is printed, never the SQL or the rows' values.
 * Exit status: 0 every row imported, 1 some rows rejected (the rest imported), 2 nothing imported.
 */
import { closeSync, createReadStream, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import {
  describeFormat,
  ImportFileError,
  importArticles,
  importFailureReason,
  parseImportFile,
} from "~/services/import/article-import.server";
import { asc } from "drizzle-orm";
import { sections } from "~/db/schema";
import { CategoryMapError, parseCategoryMap } from "~/services/import/import-source.server";
import {
  describeNewsroomResult,
  importNewsroom,
  type NewsroomImportResult,
} from "~/services/newsroom-transfer/newsroom-import.server";
import {
  ExportLayoutError,
  looksLikeNewsroomExport,
  piecesOfDocument,
  piecesOfLines,
} from "~/services/newsroom-transfer/newsroom-import-reader.server";
import { openDatabaseForCommand, readConfigOrExit } from "../server/bootstrap";

const USAGE = `Usage: npm run import -- FILE [--category-map TAG=CATEGORY]... [--site-url URL]
  FILE  a Byline export (npm run export), a Ghost JSON export, a WordPress export (WXR), a JSON array of articles, or one JSON object per line
  --category-map TAG=CATEGORY  puts posts whose primary Ghost tag or WordPress category is TAG in CATEGORY (repeatable)
  --site-url URL  the Ghost site's address, to replace __GHOST_URL__ in image links (without it they become paths)`;

function readArguments() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        "category-map": { type: "string", multiple: true, default: [] },
        "site-url": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return null;
  }
}

async function run(): Promise<number> {
  const parsedArguments = readArguments();
  if (!parsedArguments) return 2;
  const { values, positionals } = parsedArguments;
  const file = positionals[0];
  if (!file || values.help || positionals.length > 1) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const siteUrl = values["site-url"];
  if (siteUrl !== undefined && !(URL.canParse(siteUrl) && /^https?:$/.test(new URL(siteUrl).protocol))) {
    process.stderr.write(`--site-url ${siteUrl}: expected an address such as https://blog.example.com\n`);
    return 2;
  }
  let categoryMap;
  try {
    categoryMap = parseCategoryMap(values["category-map"]);
  } catch (error) {
    if (error instanceof CategoryMapError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let firstLine: string;
  try {
    firstLine = readFirstLine(path.resolve(file));
  } catch (error) {
    process.stderr.write(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`,
    );
    return 2;
  }
  if (looksLikeNewsroomExport(firstLine)) return importExport(file);

  let text: string;
  try {
    text = readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    process.stderr.write(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}\n`,
    );
    return 2;
  }
  const database = await openDatabaseForCommand(readConfigOrExit());
  if (!database) return 2;
  try {
    // A tag named as one of this newsroom's sections is that section; a mapping must name one (decision 042).
    const names = (await database.db.select({ name: sections.name }).from(sections).orderBy(asc(sections.position))).map(
      (section) => section.name,
    );
    let parsed;
    try {
      parsed = parseImportFile(text, { categoryMap, siteUrl, sectionNames: names });
    } catch (error) {
      if (error instanceof ImportFileError) {
        process.stderr.write(`${file}: ${error.message}\n`);
        return 2;
      }
      throw error;
    }
    for (const [tag, section] of categoryMap) {
      if (names.some((name) => name.toLowerCase() === section.toLowerCase())) continue;
      const entry = values["category-map"].find((given) => given.toLowerCase().startsWith(`${tag}=`)) ?? `${tag}=${section}`;
      process.stderr.write(`--category-map ${entry}: expected TAG=SECTION where SECTION is one of ${names.join(", ")}\n`);
      return 2;
    }
    process.stdout.write(`${describeFormat(parsed)}\n`);
    const result = await importArticles({ db: database.db, now: new Date() }, parsed);
    for (const { row, label, reason } of result.errors)
      process.stdout.write(`Row ${row}${label ? ` (${label})` : ""}: ${reason}\n`);
    const rejected = result.errors.length;
    let summary = `Imported ${result.imported} article${result.imported === 1 ? "" : "s"}`;
    if (result.skipped) summary += `; skipped ${result.skipped} already imported`;
    process.stdout.write(
      rejected ? `${summary}; ${rejected} row${rejected === 1 ? " was" : "s were"} rejected.\n` : `${summary}.\n`,
    );
    // Running an export again imports nothing new: that is success, not failure.
    if (result.imported === 0 && result.skipped === 0) return 2;
    return rejected ? 1 : 0;
  } finally {
    await database.close();
  }
}

/** The file's first line (at most 4 KiB of it), to recognise an export before reading further. */
function readFirstLine(file: string): string {
  const descriptor = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const length = readSync(descriptor, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString("utf8").split("\n")[0] ?? "";
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A newsroom export: read line by line as the exporter wrote it, entries written as they are read, all in one
 * transaction; a document laid out otherwise (reformatted by hand) is read whole instead.
 */
async function importExport(file: string): Promise<number> {
  process.stdout.write("Found a Byline export\n");
  const database = await openDatabaseForCommand(readConfigOrExit());
  if (!database) return 2;
  const context = { db: database.db, now: new Date() };
  let result: NewsroomImportResult;
  try {
    try {
      const reader = createInterface({ input: createReadStream(path.resolve(file), "utf8"), crlfDelay: Infinity });
      // The iterator must exist before the first await: readline drops the lines it reads before anyone listens.
      const lineIterator = reader[Symbol.asyncIterator]();
      result = await importNewsroom(context, piecesOfLines({ [Symbol.asyncIterator]: () => lineIterator }));
    } catch (error) {
      if (!(error instanceof ExportLayoutError)) throw error;
      let document: unknown;
      try {
        document = JSON.parse(readFileSync(path.resolve(file), "utf8"));
      } catch (parseError) {
        process.stderr.write(`${file}: not a complete export (${error.message}; ${(parseError as Error).message})\n`);
        return 2;
      }
      try {
        result = await importNewsroom(context, piecesOfDocument(document));
      } catch (wholeError) {
        if (!(wholeError instanceof ExportLayoutError)) throw wholeError;
        process.stderr.write(`${file}: not a Byline export: ${wholeError.message}\n`);
        return 2;
      }
    }
  } finally {
    await database.close();
  }
  for (const { row, label, reason } of result.errors)
    process.stdout.write(`Line ${row}${label ? ` (${label})` : ""}: ${reason}\n`);
  const rejected = result.errors.length;
  const summary = describeNewsroomResult(result);
  process.stdout.write(
    rejected ? `${summary}; ${rejected} entr${rejected === 1 ? "y was" : "ies were"} rejected.\n` : `${summary}.\n`,
  );
  const imported = Object.values(result.imported).reduce((sum, count) => sum + count, 0);
  const skipped = Object.values(result.skipped).reduce((sum, count) => sum + count, 0);
  if (imported === 0 && skipped === 0) return 2;
  return rejected ? 1 : 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Import failed, nothing was imported: ${importFailureReason(error)}\n`);
    process.exit(2);
  },
);
