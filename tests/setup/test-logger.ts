import pino, { type Logger } from "pino";
import { Writable } from "node:stream";
import { recordErrorLog } from "./fail-on-error-log";

export interface TestLogger {
  logger: Logger;
  /** Every entry written, parsed. */
  entries: Record<string, unknown>[];
}

/** A pino logger that keeps its entries for assertions; error entries fail the test unless allowed. */
export function createTestLogger(): TestLogger {
  const entries: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const entry = JSON.parse(chunk.toString()) as Record<string, unknown>;
      entries.push(entry);
      if (typeof entry.level === "number" && entry.level >= 50) recordErrorLog(chunk.toString());
      callback();
    },
  });
  return { logger: pino({ level: "debug" }, sink), entries };
}
