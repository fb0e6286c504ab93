import fc from "fast-check";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNREADABLE_FORM_MESSAGE } from "~/utils/http";
import { ARTICLE_EDIT_TEXTS, SCHEDULE_TEXTS } from "~/validation/article";
import { SEARCH_NOT_ALLOWED_MESSAGE } from "~/validation/search";
import { errorLogLines, PROJECT_ROOT, STACK_TRACE, startServer, type ServerProcess } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";

/*
 * Malformed input gets a 4xx answer with a plain sentence, never a 500, a stack trace or an error in
 * the server's log. The production build runs as `npm start` would run it (built first when the sources
 * changed), with the demo content and one admin, and is sent what a hostile client sends: random text with
 * control characters, lone surrogates and long runs in the search, sign-up and sign-in fields, and bodies
 * that are not forms (JSON, plain text, broken multipart) to every action, signed in for the admin's.
 */

const ADMIN = { username: "hostile-admin", password: "a long enough passphrase" };
const HOOK_TIMEOUT_MS = 600_000;

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let session = "";

beforeAll(async () => {
  const build = spawnSync(process.execPath, [path.join(PROJECT_ROOT, "bin", "byline.js"), "build"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`);
  dataDir = mkdtempSync(path.join(tmpdir(), "byline-hostile-"));
  server = await startServer(
    { DATA_DIR: dataDir, SEED_CONTENT: "demo", ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    120_000,
  );
  session = await signInOverHttp(server.url, ADMIN);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  try {
    if (server) {
      expect(errorLogLines(server.output()), "error lines in the server's log").toEqual([]);
      await server.stop();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

interface Body {
  body: string;
  contentType: string;
}

function form(fields: Record<string, string>): Body {
  return { body: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
}

function post(pathname: string, { body, contentType }: Body, cookie = ""): Promise<Response> {
  return fetch(`${server!.url}${pathname}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "Content-Type": contentType, Origin: server!.url, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function get(pathAndQuery: string): Promise<Response> {
  return fetch(`${server!.url}${pathAndQuery}`, { redirect: "manual" });
}

/** The answer is no server error and shows nothing of the server's inside. */
async function expectSafeAnswer(response: Response, what: string): Promise<string> {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(STACK_TRACE);
  return text;
}

function expectNoErrorLogged() {
  expect(errorLogLines(server!.output()), "error lines in the server's log").toEqual([]);
}

// ---------------------------------------------------------------------------------------------
// Random input

const controlCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({
    unit: fc.oneof(controlCharacter, loneSurrogate, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
    maxLength: 30,
  }),
  fc.string({ unit: fc.oneof(fc.constant("a"), fc.constant("😀"), controlCharacter), minLength: 150, maxLength: 1200 }),
  fc
    .tuple(fc.constantFrom("reader@example.com", "AI chips", "admin"), controlCharacter)
    .map(([text, character]) => text + character),
);

/** 100 inputs per endpoint, 10 at a time, so that the run stays short even with sign-in's deliberate delay. */
const BATCHES = 10;
const BATCH_SIZE = 10;

function forRandomBatches(send: (text: string) => Promise<Response>, what: string, input = hostileText) {
  return fc.assert(
    fc.asyncProperty(fc.array(input, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }), async (batch) => {
      const answers = await Promise.all(batch.map(send));
      for (const [index, answer] of answers.entries()) await expectSafeAnswer(answer, `${what} ${JSON.stringify(batch[index])}`);
    }),
    { numRuns: BATCHES },
  );
}

describe("random text in public inputs", { timeout: 240_000 }, () => {
  it("the search page answers without a server error", async () => {
    await forRandomBatches((text) => get(`/search?${new URLSearchParams({ query: text })}`), "/search");
    expectNoErrorLogged();
  });

  it("the instant search API answers without a server error", async () => {
    await forRandomBatches((text) => get(`/api/search?${new URLSearchParams({ query: text })}`), "/api/search");
    expectNoErrorLogged();
  });

  it("the view counter answers anything with 204, or with its pixel, never an error", async () => {
    await forRandomBatches(async (text) => {
      const response = await post("/api/views", { body: text, contentType: "text/plain;charset=UTF-8" });
      expect(response.status).toBe(204);
      return response;
    }, "POST /api/views");
    await forRandomBatches(async (text) => {
      const response = await get(`/api/views?${new URLSearchParams({ article: text })}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/gif");
      return response;
    }, "GET /api/views");
    expectNoErrorLogged();
  });

  it("the newsletter sign-up answers without a server error", async () => {
    await forRandomBatches((text) => post("/newsletter", form({ email: text })), "/newsletter");
    expectNoErrorLogged();
  });

  it("the sign-in answers without a server error", async () => {
    await forRandomBatches(
      (text) => post("/auth/login", form({ username: text, password: [...text].reverse().join("") || "x" })),
      "/auth/login",
    );
    expectNoErrorLogged();
  });

  it("the passkey sign-in answers without a server error, whatever the answer says", async () => {
    await forRandomBatches((text) => post("/auth/passkey/options", { body: text, contentType: "text/plain" }), "options");
    await forRandomBatches((text) => post("/auth/passkey/verify", form({ answer: text, returnTo: text })), "verify");
    // Shaped like WebAuthn's JSON, with the hostile text where the binary values go.
    const shaped = (text: string) =>
      JSON.stringify({
        id: text,
        rawId: text,
        type: "public-key",
        clientExtensionResults: {},
        response: { clientDataJSON: text, authenticatorData: text, signature: text, userHandle: text },
      });
    await forRandomBatches((text) => post("/auth/passkey/verify", form({ answer: shaped(text) })), "verify (JSON)");
    // The second screen's passkey, without a sign-in waiting.
    await forRandomBatches((text) => post("/auth/passkey/second-step/options", form({ x: text })), "second-step options");
    await forRandomBatches((text) => post("/auth/passkey/second-step", form({ answer: shaped(text) })), "second step");
    expectNoErrorLogged();
  });

  it("Profile's passkey forms answer without a server error", async () => {
    await forRandomBatches(
      (text) => post("/admin/profile/passkeys", form({ intent: "add", name: text, answer: text, endOthers: text }), session),
      "add a passkey",
    );
    await forRandomBatches(
      (text) => post("/admin/profile/passkeys", form({ intent: "remove", id: text, current: text }), session),
      "remove a passkey",
    );
    expectNoErrorLogged();
  });
});

describe("a search with control characters", () => {
  it.each(["\u0000", "\u0001", "\u001b", "\u007f", "\u0085"])("answers 400 with a plain message for %j", async (character) => {
    const query = new URLSearchParams({ query: `ai${character}chips` });

    const page = await get(`/search?${query}`);
    const html = await expectSafeAnswer(page, "/search");
    expect(page.status).toBe(400);
    expect(html).toContain(SEARCH_NOT_ALLOWED_MESSAGE);

    const api = await get(`/api/search?${query}`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ query: "", results: [], error: SEARCH_NOT_ALLOWED_MESSAGE });
    expectNoErrorLogged();
  });
});

describe("a body that is not a form", () => {
  const boundary = "----hostile-boundary";
  const bodies: Record<string, Body> = {
    JSON: { body: JSON.stringify({ username: "editor", title: "Hello", content: "x" }), contentType: "application/json" },
    "plain text": { body: "username=editor&title=Hello", contentType: "text/plain;charset=UTF-8" },
    "multipart cut short": {
      body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello, and then noth`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    "multipart without a boundary": {
      body: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n--${boundary}--\r\n`,
      contentType: "multipart/form-data",
    },
    "no content type": { body: "title=Hello", contentType: "" },
  };

  /** Actions whose answer is a page (the error page says the sentence) and the two that answer JSON. */
  const pageActions = [
    { path: "/auth/login", admin: false },
    { path: "/auth/passkey/verify", admin: false },
    { path: "/auth/passkey/second-step", admin: false },
    { path: "/admin/profile/passkeys", admin: true },
    { path: "/newsletter", admin: false },
    { path: "/admin/articles", admin: true },
    { path: "/admin/articles/new", admin: true },
    { path: "/admin/articles/1/edit", admin: true },
    { path: "/admin/generate", admin: true },
    { path: "/admin/newsletter", admin: true },
  ];
  const jsonActions = ["/admin/api/preview", "/admin/api/uploads"];
  const cases = Object.keys(bodies);

  it.each(pageActions.flatMap((action) => cases.map((kind) => ({ ...action, kind }))))(
    "$path answers $kind with 400 and a plain sentence",
    async ({ path: pathname, admin, kind }) => {
      const response = await post(pathname, bodies[kind]!, admin ? session : "");
      const text = await expectSafeAnswer(response, `${kind} to ${pathname}`);
      expect(response.status, text.slice(0, 300)).toBe(400);
      expect(text).toContain(UNREADABLE_FORM_MESSAGE);
      expectNoErrorLogged();
    },
  );

  it.each(jsonActions.flatMap((pathname) => cases.map((kind) => ({ pathname, kind }))))(
    "$pathname answers $kind with 400 and a plain sentence in JSON",
    async ({ pathname, kind }) => {
      const response = await post(pathname, bodies[kind]!, session);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: UNREADABLE_FORM_MESSAGE });
      expectNoErrorLogged();
    },
  );

  it("is still answered 401 on an admin action without a session, before its body is read", async () => {
    const response = await post("/admin/articles/new", bodies.JSON!);
    await expectSafeAnswer(response, "JSON without a session");
    expect(response.status).toBe(401);
  });
});

describe("the editor's opened version", () => {
  const title = "A title sent with a broken version";
  const edit = (updatedAt: string) =>
    form({
      updatedAt,
      title,
      excerpt: "An excerpt.",
      content: "Some content.",
      category: "AI",
      readTime: "5",
      sources: "",
      image: "",
    });

  it.each(["0000-01-01T00:00", "0000-01-01T00:00:00.000Z", "yesterday", "2026-02-30T10:00:00.000Z", ""])(
    "answers %j with 400 and a plain sentence, and saves nothing",
    async (updatedAt) => {
      const response = await post("/admin/articles/1/edit", edit(updatedAt), session);
      const text = await expectSafeAnswer(response, `updatedAt ${JSON.stringify(updatedAt)}`);
      expect(response.status).toBe(400);
      expect(text).toContain(`${ARTICLE_EDIT_TEXTS.updateFailed}. ${ARTICLE_EDIT_TEXTS.unknownVersion}`);
      expect(await (await get("/article/1")).text()).not.toContain(title);
      expectNoErrorLogged();
    },
  );
});

describe("an id past what the database holds", () => {
  const past = "99999999999";
  it.each<{ path: string; fields: Record<string, string> }>([
    { path: "/admin/articles/1/corrections", fields: { intent: "delete", correctionId: past } },
    { path: "/admin/newsletter", fields: { intent: "send", draftId: past } },
    { path: "/admin/generate", fields: { intent: "dismiss", jobId: past } },
    { path: "/admin/articles", fields: { intent: "publish", id: past } },
    { path: "/admin/staff", fields: { intent: "suspend", id: past } },
    { path: "/admin/articles/1/history", fields: { intent: "restore", revisionId: past } },
    { path: "/admin/articles/new", fields: { title: "T", excerpt: "E", content: "C", category: "AI", relatedTo: past } },
  ])("is answered by $path without a server error", async ({ path: pathname, fields }) => {
    const response = await post(pathname, form(fields), session);
    await expectSafeAnswer(response, `${pathname} ${JSON.stringify(fields)}`);
    expectNoErrorLogged();
  });
});

describe("a row action's note or time that cannot be sent", () => {
  it.each<{ fields: Record<string, string>; sentence: string }>([
    { fields: { intent: "sendBack", id: "1", note: "" }, sentence: "Please say what should change." },
    {
      fields: { intent: "submit", id: "1", note: "Ring me \u0007 first" },
      sentence: "The note contains characters that are not allowed.",
    },
    { fields: { intent: "schedule", id: "1", publishAt: "yesterday" }, sentence: SCHEDULE_TEXTS.invalidTime },
    { fields: { intent: "schedule", id: "1" }, sentence: SCHEDULE_TEXTS.invalidTime },
  ])("is answered 400 with its sentence for the dialog: $fields", async ({ fields, sentence }) => {
    const before = await (await get("/article/1")).text();
    const response = await post("/admin/articles", form(fields), session);
    const text = await expectSafeAnswer(response, JSON.stringify(fields));
    expect(response.status).toBe(400);
    // The page carries the answer for the dialog in its data (the dialog needs JavaScript).
    expect(text).toContain(JSON.stringify(sentence).slice(1, -1));
    expect(await (await get("/article/1")).text(), "the article is as it was").toBe(before);
    expectNoErrorLogged();
  });

  it("is answered 401 without a session, and changes nothing", async () => {
    const response = await post("/admin/articles", form({ intent: "unpublish", id: "1" }));
    await expectSafeAnswer(response, "signed out");
    expect(response.status).toBe(401);
    expect((await get("/article/1")).status).toBe(200);
    expectNoErrorLogged();
  });
});
