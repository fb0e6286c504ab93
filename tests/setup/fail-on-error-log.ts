import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test that logs an unexpected error fails: console.error and error-level entries of
 * the test logger (tests/setup/test-logger.ts) are collected and checked after each test.
 * A test that provokes an error on purpose calls `allowErrorLogs()`.
 */
const errorLogs: string[] = [];
let errorsAllowed = false;

export function recordErrorLog(text: string): void {
  errorLogs.push(text);
}

export function allowErrorLogs(): void {
  errorsAllowed = true;
}

beforeEach(() => {
  errorLogs.length = 0;
  errorsAllowed = false;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    recordErrorLog(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!errorsAllowed && errorLogs.length > 0) {
    throw new Error(`The test logged an unexpected error:\n${errorLogs.join("\n")}`);
  }
});
