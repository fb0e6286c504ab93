import { test, expect } from "@playwright/test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../support/server-process";
import { E2E_ADMIN } from "./admin-support";
import { BUILD_MARKER, BUILD_SECRETS, SERVER_BUNDLE, type BuildMarker } from "./build-secrets";

/**
 * What browsers download (build/client) holds no secret: not the values the build ran with, not the
 * names of the variables that carry them, and nothing of how passwords are stored.
 */

const CLIENT_DIR = path.join(PROJECT_ROOT, "build", "client");
const SERVER_DIR = path.join(PROJECT_ROOT, "build", "server");

const SECRET_NAMES = ["ADMIN_PASSWORD", "OPENAI_API_KEY", "PERPLEXITY_API_KEY", "SESSION_SECRET", "DATABASE_URL", "SMTP_URL"];
const STORAGE_WORDS = ["password_hash", "scrypt$"];

/**
 * The one way a variable's name may appear: as a whole string the page shows, which no code can read a
 * value through. The login screen with no admin yet tells the reader to set ADMIN_USERNAME and
 * ADMIN_PASSWORD. Not after "[" (env["NAME"]) and not before ":" (a { NAME: value } object).
 */
function withoutShownNames(text: string): string {
  return text.replace(new RegExp(`(?<!\\[\\s*)(["'\`])(${SECRET_NAMES.join("|")})\\1(?!\\s*:)`, "g"), "");
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Each file's content as text (binary files too: a secret would still show as its bytes). */
function contents(dir: string): { file: string; text: string }[] {
  return filesUnder(dir).map((file) => ({
    file: path.relative(PROJECT_ROOT, file),
    text: readFileSync(file).toString("latin1"),
  }));
}

test.beforeAll(() => {
  const how = "Build with `npm run test:e2e` (or `npx tsx tests/e2e/build-with-secrets.ts`) before running this spec.";
  expect(existsSync(BUILD_MARKER), `the build was not made with the sentinel secrets. ${how}`).toBe(true);
  const marker = JSON.parse(readFileSync(BUILD_MARKER, "utf8")) as BuildMarker;
  expect(marker.secrets.sort(), `the build saw other secrets. ${how}`).toEqual(Object.keys(BUILD_SECRETS).sort());
  expect(marker.serverBundleModifiedMs, `build/ was rebuilt without the sentinel secrets since. ${how}`).toBe(
    statSync(SERVER_BUNDLE).mtimeMs,
  );
});

test("the client assets hold none of the secrets the build ran with, nor the e2e admin's password", () => {
  const files = contents(CLIENT_DIR);
  expect(files.filter(({ file }) => file.endsWith(".js")).length).toBeGreaterThan(0);
  expect(files.filter(({ file }) => file.endsWith(".css")).length).toBeGreaterThan(0);
  const secrets = [...Object.values(BUILD_SECRETS), E2E_ADMIN.password];
  const found = files.flatMap(({ file, text }) =>
    secrets.filter((secret) => text.includes(secret)).map((secret) => `${file}: ${secret}`),
  );
  expect(found).toEqual([]);
});

test("the client assets name no secret-carrying variable and nothing of password storage", () => {
  const files = contents(CLIENT_DIR);
  const words = [...SECRET_NAMES, ...STORAGE_WORDS];
  const found = files.flatMap(({ file, text }) =>
    words.filter((word) => withoutShownNames(text).includes(word)).map((word) => `${file}: ${word}`),
  );
  expect(found).toEqual([]);
  expect(withoutShownNames('env["ADMIN_PASSWORD"]')).toContain("ADMIN_PASSWORD");
  expect(withoutShownNames("{ `ADMIN_PASSWORD`: 1 }")).toContain("ADMIN_PASSWORD");
  expect(withoutShownNames("children:`ADMIN_PASSWORD`}")).not.toContain("ADMIN_PASSWORD");

  // The search does find these words where they belong: the server bundle reads the variables and the schema.
  const server = contents(SERVER_DIR)
    .map(({ text }) => text)
    .join("\n");
  for (const word of [...SECRET_NAMES.filter((name) => name !== "SESSION_SECRET"), "password_hash"])
    expect(server).toContain(word);
});

test("the build did not write the secrets' values into the server bundle either", () => {
  const found = contents(SERVER_DIR).flatMap(({ file, text }) =>
    Object.values(BUILD_SECRETS)
      .filter((secret) => text.includes(secret))
      .map((secret) => `${file}: ${secret}`),
  );
  expect(found).toEqual([]);
});
