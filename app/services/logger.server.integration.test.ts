import { sql } from "drizzle-orm";
import { Writable } from "node:stream";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../tests/setup/test-database";
import { loginAttempts } from "../db/schema";
import { createLogger, failureReason } from "./logger.server";

/*
 * Database errors reach the logs through `{ err }`. drizzle's error message carries the query's
 * parameters and PostgreSQL's `detail` the row's values; neither may bring an e-mail address or a
 * username into a log line. Real failures on the real database, logged by the production logger.
 */

const database = withTestDatabase();
const EMAIL = "reader.private@example.com";

function productionLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { logger: createLogger({ env: "production", logLevel: "info" }, sink), lines };
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("The query was expected to fail.");
}

describe("the logger and database errors", () => {
  beforeEach(() => resetDatabase(database.db));

  it("logs a query refused for a NUL byte without its parameters, keeping the SQL and PostgreSQL's reason", async () => {
    const error = await failure(() =>
      database.db.insert(loginAttempts).values({ username: `${EMAIL}\u0000`, failures: 1, lastAttemptAt: new Date() }),
    );
    expect(String((error as Error).message)).toContain(EMAIL); // what drizzle itself would have logged

    const { logger, lines } = productionLogger();
    logger.error({ err: error }, "sign-in failed");
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).not.toContain("reader.private");
    const entry = JSON.parse(line) as { err: { type: string; message: string; stack: string } };
    expect(entry.err.type).toBe("DrizzleQueryError");
    expect(entry.err.message).toMatch(/^Failed query: insert into "login_attempts"/);
    expect(entry.err.message).toMatch(/invalid byte sequence for encoding "UTF8": 0x00/);
    expect(entry.err.stack).toMatch(/\n {4}at /);
    // What the CLIs print: PostgreSQL's reason alone.
    expect(failureReason(error)).toBe('invalid byte sequence for encoding "UTF8": 0x00');
  });

  it("logs a unique violation without the key's value in PostgreSQL's detail", async () => {
    const insert = () => database.db.insert(loginAttempts).values({ username: EMAIL, failures: 1, lastAttemptAt: new Date() });
    await insert();
    const error = await failure(insert);

    const { logger, lines } = productionLogger();
    logger.error({ err: error }, "sign-in failed");
    expect(lines.join("")).not.toContain("reader.private");
    expect(lines.join("")).toContain("duplicate key value violates unique constraint");
  });

  it("logs a refused input value without the value", async () => {
    const error = await failure(() => database.db.execute(sql`select ${EMAIL}::integer`));

    const { logger, lines } = productionLogger();
    logger.warn({ err: error }, "a query failed");
    expect(lines.join("")).not.toContain("reader.private");
    expect(lines.join("")).toContain("invalid input syntax for type integer");
  });

  it("leaves other errors and their causes as they were", () => {
    const { logger, lines } = productionLogger();
    logger.error({ err: new Error("outer", { cause: new TypeError("inner detail") }) }, "something failed");
    const entry = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    expect(entry.err.type).toBe("Error");
    expect(entry.err.message).toBe("outer: inner detail");
    expect(entry.err.stack).toContain("caused by: TypeError: inner detail");
  });
});
