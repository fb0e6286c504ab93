import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopServer } from "../load/load-support";
import { errorLogLines, STACK_TRACE, startServer, type ServerProcess } from "../support/server-process";
import { signInOverHttp } from "../support/sign-in";

/*
 * Every form the admin area shows, each of its fields sent with what a hostile (or buggy) client sends instead of
 * what the page wrote there: empty, NUL, a lone surrogate, a long run, numbers past what the database holds, a
 * year 0, a list, the field twice. Found by reading the pages as a signed-in administrator sees them, so a form
 * added later is covered too. Each answer must be no server error and show nothing of the server's inside, and
 * the log must hold no error. (A crawl like this found the editor's version field answering 500 for year 0.)
 */

const ADMIN = { username: "form-crawler", password: "a long passphrase for the form crawl" };
const START_PAGES = ["/admin", "/admin/articles", "/admin/articles/new", "/admin/articles/1/edit", "/admin/sections?edit=4"];
/** Pages not crawled: they sign out, or are downloads rather than pages. */
const NOT_CRAWLED = /\/auth\/logout|\.csv$|\.json$/;
const MAX_PAGES = 40;

const HOSTILE_VALUES = [
  "",
  "\u0000",
  "a\ud800b",
  "x".repeat(3_000),
  "-1",
  "99999999999",
  "1e309",
  "0000-01-01T00:00",
  "[]",
  " 1",
];

let server: ServerProcess | undefined;
let dataDir = "";
let cookie = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "byline-hostile-forms-"));
  server = await startServer({
    DATA_DIR: dataDir,
    SEED_CONTENT: "demo",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  cookie = await signInOverHttp(server.url, ADMIN);
});

afterAll(async () => {
  const output = server?.output() ?? "";
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  expect(errorLogLines(output), "error lines in the server's log").toEqual([]);
});

interface Field {
  name: string;
  value: string;
}

interface FoundForm {
  page: string;
  action: string;
  method: "get" | "post";
  fields: Field[];
}

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  const children =
    "content" in node && node.nodeName === "template" ? node.content.childNodes : "childNodes" in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;
const textOf = (node: Node): string =>
  node.nodeName === "#text"
    ? (node as DefaultTreeAdapterTypes.TextNode).value
    : "childNodes" in node
      ? node.childNodes.map(textOf).join("")
      : "";

/** The forms of a page with the values it filled in (a select's chosen or first option, a textarea's text), and its admin links. */
function readPage(page: string, html: string): { forms: FoundForm[]; links: string[] } {
  const document = parse(html);
  const forms: FoundForm[] = [];
  for (const form of elements(document)) {
    if (form.tagName !== "form") continue;
    const fields: Field[] = [];
    for (const control of elements(form)) {
      const name = attribute(control, "name");
      if (!name) continue;
      if (control.tagName === "input") {
        const type = attribute(control, "type") ?? "text";
        if ((type === "checkbox" || type === "radio") && attribute(control, "checked") === undefined) continue;
        if (type === "file") continue;
        fields.push({ name, value: attribute(control, "value") ?? (type === "checkbox" ? "on" : "") });
      } else if (control.tagName === "textarea") {
        fields.push({ name, value: textOf(control) });
      } else if (control.tagName === "select") {
        const options = [...elements(control)].filter((option) => option.tagName === "option");
        const chosen = options.find((option) => attribute(option, "selected") !== undefined) ?? options[0];
        fields.push({ name, value: chosen ? (attribute(chosen, "value") ?? textOf(chosen)) : "" });
      } else if (control.tagName === "button" && attribute(control, "value") !== undefined) {
        fields.push({ name, value: attribute(control, "value") ?? "" });
      }
    }
    const method = attribute(form, "method")?.toLowerCase() === "post" ? "post" : "get";
    forms.push({ page, action: attribute(form, "action") ?? page, method, fields });
  }
  const links = [...elements(document)]
    .filter((element) => element.tagName === "a")
    .map((anchor) => attribute(anchor, "href") ?? "")
    .filter((href) => href.startsWith("/admin") && !href.includes("#"));
  return { forms, links };
}

function request(pathname: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
  return fetch(`${server!.url}${pathname}`, {
    method: init.method ?? "GET",
    redirect: "manual",
    headers: {
      Origin: server!.url,
      Cookie: cookie,
      ...(init.body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: init.body?.toString(),
  });
}

/** The admin pages from the start pages and their links, and each kind of form once (ids in addresses count as one). */
async function crawl(): Promise<FoundForm[]> {
  const seen = new Set<string>();
  const queue = [...START_PAGES];
  const forms = new Map<string, FoundForm>();
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const page = queue.shift()!;
    if (seen.has(page) || NOT_CRAWLED.test(page.split("?")[0]!)) continue;
    seen.add(page);
    const response = await request(page);
    const html = await response.text();
    expect(response.status, `GET ${page}`).toBeLessThan(500);
    const found = readPage(page, html);
    for (const form of found.forms) {
      if (NOT_CRAWLED.test(form.action)) continue;
      const kind = [form.method, form.action.split("?")[0]!.replace(/\d+/g, ":n"), ...form.fields.map((field) => field.name)];
      const intent = form.fields.find((field) => field.name === "intent")?.value;
      const key = [...kind, intent].join(" ");
      if (!forms.has(key)) forms.set(key, form);
    }
    for (const link of found.links) if (!seen.has(link.split("?")[0]!)) queue.push(link.split("?")[0]!);
  }
  return [...forms.values()];
}

describe("the admin area's forms, each field sent with hostile values", { timeout: 600_000 }, () => {
  it("answer without a server error and log none", async () => {
    const forms = await crawl();
    // The editor, the corrections, the newsletter, staff, profile and generation forms at least.
    expect(forms.length).toBeGreaterThanOrEqual(8);
    for (const form of forms) {
      const sends: { what: string; body: URLSearchParams }[] = [];
      for (const target of form.fields) {
        for (const value of HOSTILE_VALUES) {
          const body = new URLSearchParams();
          for (const field of form.fields) body.append(field.name, field === target ? value : field.value);
          sends.push({ what: `${target.name}=${JSON.stringify(value.slice(0, 20))}`, body });
        }
        const twice = new URLSearchParams();
        for (const field of form.fields) {
          twice.append(field.name, field.value);
          if (field === target) twice.append(field.name, `${field.value}2`);
        }
        sends.push({ what: `${target.name} twice`, body: twice });
      }
      for (const { what, body } of sends) {
        const response =
          form.method === "post"
            ? await request(form.action, { method: "POST", body })
            : await request(`${form.action.split("?")[0]}?${body.toString()}`);
        const text = await response.text();
        const described = `${form.method.toUpperCase()} ${form.action} (from ${form.page}) with ${what}`;
        expect(response.status, `${described}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(response.status, `${described}: still signed in`).not.toBe(401);
        expect(text, described).not.toMatch(STACK_TRACE);
      }
    }
    expect(errorLogLines(server!.output()), "error lines in the server's log").toEqual([]);
  });
});
