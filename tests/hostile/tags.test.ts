import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "~/services/seed/demo-content.server";
import { stockImageUrl } from "~/utils/stock-images";
import { TAG_TEXTS } from "~/validation/tags";
import { errorLogLines, STACK_TRACE, startServer, type ServerProcess } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";

/*
 * Tags against what a hostile or buggy client sends: the editor's tag fields (the chips and the entry)
 * with NUL, lone surrogates, long runs and too many names; the Tags tab's rename, merge and delete with ids, names and
 * addresses that are not; and tag addresses and feeds that no tag could have. Every answer is no server error and
 * shows nothing of the server's inside, a refusal in the editor says why next to the field, and the log holds no error.
 */

const ADMIN = { username: "hostile-tagger", password: "a long passphrase for hostile tags" };
const HOSTILE = ["", "\u0000", "a\ud800b", "x".repeat(3_000), " , ,", "-1", "99999999999", "1e309", "[]", "<script>", "#"];

let server: ServerProcess | undefined;
let dataDir = "";
let cookie = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "byline-hostile-tags-"));
  server = await startServer(
    { DATA_DIR: dataDir, SEED_CONTENT: "demo", ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    120_000,
  );
  cookie = await signInOverHttp(server.url, ADMIN);
}, 300_000);

afterAll(async () => {
  const output = server?.output() ?? "";
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  expect(errorLogLines(output), "error lines in the server's log").toEqual([]);
});

function send(pathname: string, body?: URLSearchParams): Promise<Response> {
  return fetch(`${server!.url}${pathname}`, {
    method: body ? "POST" : "GET",
    body: body?.toString(),
    redirect: "manual",
    headers: {
      ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server!.url } : {}),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function safeAnswer(response: Response, what: string): Promise<string> {
  const text = await response.text();
  expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(STACK_TRACE);
  return text;
}

/** The first demo article's fields as the editor posts them, with the tag fields given. */
function editorForm(tags: { tags?: string[]; tagEntry?: string }): URLSearchParams {
  const article = DEMO_ARTICLES[0]!;
  const form = new URLSearchParams({
    title: article.title,
    excerpt: article.excerpt,
    content: article.content,
    category: article.category,
    readTime: String(article.readTime),
    sources: article.sources,
    image: stockImageUrl(article.image),
    ...(tags.tagEntry !== undefined ? { tagEntry: tags.tagEntry } : {}),
  });
  for (const tag of tags.tags ?? []) form.append("tags", tag);
  return form;
}

describe("hostile tags", { timeout: 240_000 }, () => {
  it("the editor refuses bad tag fields with a sentence, and saves good ones", async () => {
    for (const value of HOSTILE) {
      await safeAnswer(await send("/admin/articles/1/edit", editorForm({ tags: [value] })), `tags=${JSON.stringify(value)}`);
      await safeAnswer(
        await send("/admin/articles/1/edit", editorForm({ tagEntry: value })),
        `tagEntry=${JSON.stringify(value)}`,
      );
    }
    const tooMany = await send(
      "/admin/articles/1/edit",
      editorForm({ tagEntry: Array.from({ length: 11 }, (_, i) => `T${i}`).join(",") }),
    );
    expect(tooMany.status).toBe(400);
    expect(await safeAnswer(tooMany, "eleven tags")).toContain(TAG_TEXTS.tooMany);
    const saved = await send("/admin/articles/1/edit", editorForm({ tags: ["OpenAI"], tagEntry: "openai, EU AI Act" }));
    expect(saved.status).toBe(303);
    expect(await safeAnswer(await send("/admin/tags"), "the Tags tab")).toContain("EU AI Act");
  });

  it("the Tags tab answers forged changes without a server error", async () => {
    for (const value of HOSTILE) {
      for (const fields of <Record<string, string>[]>[
        { intent: "rename", id: value, name: "Name", slug: "name" },
        { intent: "rename", id: "1", name: value, slug: "name" },
        { intent: "rename", id: "1", name: "Name", slug: value },
        { intent: "merge", id: value, into: "2" },
        { intent: "merge", id: "1", into: value },
        { intent: "delete", id: value },
        { intent: value, id: "1" },
      ])
        await safeAnswer(await send("/admin/tags", new URLSearchParams(fields)), `/admin/tags ${JSON.stringify(fields)}`);
    }
    const both = new URLSearchParams([
      ["intent", "rename"],
      ["id", "1"],
      ["id", "2"],
      ["name", "Twice"],
      ["slug", "twice"],
    ]);
    await safeAnswer(await send("/admin/tags", both), "an id twice");
    expect(errorLogLines(server!.output()), "error lines in the server's log").toEqual([]);
  });

  it("tag addresses and feeds no tag has answer 404 or a redirect, never an error", async () => {
    for (const slug of ["%00", "%E0%A4%A", "x".repeat(3_000), "..%2F..%2Fadmin", "OPENAI", "%F0%9F%9A%80", "a%20b", "-"])
      for (const suffix of ["", "/rss.xml", "/feed.json", "?page=99999999999"]) {
        const response = await send(`/tag/${slug}${suffix}`);
        await safeAnswer(response, `/tag/${slug.slice(0, 40)}${suffix}`);
        expect([200, 301, 308, 400, 404], `/tag/${slug.slice(0, 40)}${suffix}`).toContain(response.status);
      }
  });
});
