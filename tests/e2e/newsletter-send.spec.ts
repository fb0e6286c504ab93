import type { Browser, BrowserContext, Page, Response } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { startChatCompletionsServer, type ChatCompletionsServer } from "../fakes/chat-completions-server";
import { header, startSmtpSink, type SmtpMessage, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { FORM_REFUSED, statusConsoleError } from "./admin-support";
import { signInTo, waitForHydrated, waitForModal, type AdminAccount } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { completionRequests, FORM_KEY, promptOf } from "./generation-support";
import {
  cardValues,
  DIGEST_INTRO,
  digestReply,
  historyRow,
  NEWSLETTER_TAB_TEXTS,
  newsletterTab,
  openNewsletterTab,
  progressLine,
  promptArticles,
  signUpReaders,
  summaryOf,
} from "./newsletter-support";
import { published, sameOriginHeaders, waitForHydration } from "./support";
import { readerContext } from "./views-support";

/**
 * The newsletter really sends, end to end, on a server of this file's own: the demo newsroom (so there
 * are published articles), the SMTP sink as SMTP_URL and the fake chat-completions server as OPENAI_BASE_URL,
 * with no server key, so the editor types one. A reader signs up on the home page; the editor generates the
 * digest, previews it and sends it; each active subscriber gets one message with a personal unsubscribe link
 * (also in the RFC 8058 headers): opening it shows a page whose Unsubscribe button unsubscribes (a GET changes
 * nothing), and a mail provider's one-click POST unsubscribes at once.
 */

const admin: AdminAccount = { username: `newsletter-sender-${process.pid}`, password: "newsletter sender correct horse battery" };
const MAIL_FROM = "Byline Digest <digest@byline.example>";
const SUBJECT = "Chips, Clouds and Careful Security: This Week at Byline";
/** Readers who signed up before this file's tests, from a network of their own. */
const EARLIER_READERS = ["ada@example.com", "grace@example.org", "linus@example.net"];
/** The reader who signs up in the browser. */
const READER = "reader-in-browser@example.com";
const ALL_READERS = [...EARLIER_READERS, READER];
/** The five newest published demo articles, which the digest covers. */
const DIGEST_ARTICLES = published.slice(0, 5).map(({ id, title }) => ({ id, title }));
/** This file's client address (the sign-in and the home-page sign-up count against it). */
const CLIENT_ADDRESS = "198.51.100.100";
const FOREIGN_ORIGIN = "https://mail.example.net";

test.describe.configure({ mode: "serial" });
test.use({
  extraHTTPHeaders: { "X-Forwarded-For": CLIENT_ADDRESS },
  // Playwright's own look into the preview's sandboxed frame makes Chromium log this; the newsletter has no script.
  allowedConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/],
});

let dir: string;
let sink: SmtpSink;
let chat: ChatCompletionsServer;
let server: ServerProcess;
/**
 * The site's own address, which the server gives itself without SITE_URL (localhost on its port) and puts in
 * every link it mails. The editor and the readers use it too, as they would a configured SITE_URL.
 */
let siteUrl: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `newsletter-send-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(dir);
  sink = await startSmtpSink();
  chat = await startChatCompletionsServer({ apiKey: FORM_KEY });
  server = await startServer({
    DATA_DIR: dir,
    SEED_CONTENT: "demo",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: sink.url,
    MAIL_FROM,
    OPENAI_BASE_URL: chat.url,
    // This file is about sending; readers sign up as the spec did, active at once (newsletter-confirmation.spec.ts
    // follows the double opt-in).
    NEWSLETTER_DOUBLE_OPT_IN: "false",
  });
  siteUrl = `http://localhost:${new URL(server.url).port}`;
  await signUpReaders(request, siteUrl, EARLIER_READERS, () => "198.51.100.101");
});

test.afterAll(async () => {
  const code = server ? await server.stop() : 0;
  await chat?.close();
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
  if (server) expect(errorLogLines(server.output())).toEqual([]);
});

/** The URL in a List-Unsubscribe header: `<https://...>`. */
function listUnsubscribeUrl(message: SmtpMessage): string {
  const value = header(message, "List-Unsubscribe") ?? "";
  const match = /^<(\S+)>$/.exec(value);
  expect(match, `List-Unsubscribe is one URL in angle brackets (got "${value}")`).not.toBeNull();
  return match![1]!;
}

function messageTo(email: string): SmtpMessage {
  const message = sink.messages.find((candidate) => candidate.envelope.to.includes(email));
  expect(message, `a message was sent to ${email}`).toBeDefined();
  return message!;
}

/** What the fixture's page does for pages a test opens itself: collects console errors and uncaught exceptions. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** A second person at another browser: the editor watching the tab while a reader acts. */
async function editorPage(browser: Browser): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.102" } });
  const page = await context.newPage();
  const problems = consoleProblems(page);
  await openNewsletterTab(page, siteUrl, admin);
  return { page, problems, close: () => context.close() };
}

/** The subscribers' export as `email -> status`. */
async function exportedStatuses(page: Page): Promise<Map<string, string>> {
  const response = await page.request.get(`${siteUrl}/admin/newsletter/subscribers.csv`);
  expect(response.status()).toBe(200);
  const lines = (await response.text()).trimEnd().split("\r\n").slice(1);
  // Every field is quoted (decision 013); an address holds no comma or quote, so splitting on "," is enough here.
  const unquoted = (field: string) => field.replace(/^"(.*)"$/, "$1");
  return new Map(lines.map((line) => line.split(",").map(unquoted) as [string, string]));
}

test("Send Newsletter before any generation asks for content first, in the browser and on the server", async ({ page }) => {
  await openNewsletterTab(page, siteUrl, admin);
  const tab = newsletterTab(page);
  await expect(tab.cards).toHaveText(cardValues(3, 3));
  await expect(page.getByText(NEWSLETTER_TAB_TEXTS.noHistory, { exact: true })).toBeVisible();
  await expect(tab.preview).toBeDisabled();
  await expect(tab.progress).toHaveCount(0);

  await tab.send.click();
  await expect(tab.alert).toHaveText(NEWSLETTER_TAB_TEXTS.notGenerated);
  await expect(tab.dialog).toBeHidden();

  // The form posted without a draft (no JavaScript, or a stale page) gets the same answer from the server.
  const response = await page.request.post(`${siteUrl}/admin/newsletter`, {
    form: { intent: "send" },
    headers: sameOriginHeaders(siteUrl),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(NEWSLETTER_TAB_TEXTS.notGenerated);
  expect(sink.messages).toEqual([]);
});

test("a reader subscribes with the home page's sign-up form", async ({ page }) => {
  await page.goto(`${siteUrl}/`);
  await waitForHydration(page);
  const block = page.getByRole("region", { name: "Stay in the loop" });
  await block.getByLabel("Email address").fill(READER);
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByRole("status")).toHaveText("Thanks for subscribing!");
});

test("the editor generates the digest with a typed key, previews it and sends it to every active subscriber", async ({
  page,
}) => {
  await openNewsletterTab(page, siteUrl, admin);
  const tab = newsletterTab(page);
  await expect(tab.cards).toHaveText(cardValues(4, 4));

  // No server key: the tab asks for the OpenAI key, which goes to the provider with this request only.
  await expect(tab.model).toHaveValue("gpt-4o");
  await expect(tab.openaiKey).toHaveAttribute("type", "password");
  await tab.openaiKey.fill(FORM_KEY);
  chat.script(digestReply(SUBJECT));
  await tab.generate.click();
  await expect(tab.notice).toHaveText(`Newsletter generated: “${SUBJECT}”. Preview it, then send it.`);
  await expect(tab.subject).toHaveText(`Subject: ${SUBJECT}`);
  await expect(tab.composer).toContainText("5 articles, written by GPT-4o on");

  const [request] = completionRequests(chat);
  expect(request?.headers.authorization).toBe(`Bearer ${FORM_KEY}`);
  expect((request?.body as { model?: string }).model).toBe("gpt-4o");
  expect(promptArticles(promptOf(request!)), "the prompt lists the five newest published articles").toEqual(DIGEST_ARTICLES);

  // Preview: the HTML in a sandboxed frame and the text version, both with the intro and every article's summary.
  await tab.preview.click();
  await expect(tab.hidePreview).toHaveAttribute("aria-expanded", "true");
  await expect(tab.htmlFrame).toHaveAttribute("sandbox", "");
  const frame = tab.htmlFrame.contentFrame();
  await expect(frame.getByText(DIGEST_INTRO)).toBeVisible();
  for (const article of DIGEST_ARTICLES) {
    const card = frame.getByRole("heading", { level: 2, name: article.title, exact: true });
    await expect(card.getByRole("link")).toHaveAttribute("href", `${siteUrl}/article/${article.id}`);
    const cover = frame.getByRole("img", { name: article.title, exact: true });
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth), { message: "the cover shows" })
      .toBeGreaterThan(0);
    await expect(frame.getByText(summaryOf(article), { exact: true })).toBeVisible();
    await expect(tab.textVersion).toContainText(article.title);
    await expect(tab.textVersion).toContainText(summaryOf(article));
  }
  await expect(frame.getByRole("link", { name: "Unsubscribe", exact: true })).toBeVisible();
  await expect(tab.textVersion).toContainText(DIGEST_INTRO);
  expect(await accessibilityViolations(page), "axe on the tab with the preview open").toEqual([]);
  await tab.hidePreview.click();
  await expect(tab.htmlFrame).toHaveCount(0);
  await expect(tab.preview).toHaveAttribute("aria-expanded", "false");

  // Send: the dialog asks with the number of active subscribers and the subject.
  await tab.send.click();
  await waitForModal(tab.dialog);
  await expect(tab.dialog).toContainText("Send this newsletter to 4 active subscribers?");
  await expect(tab.dialog).toContainText(SUBJECT);
  const sendButton = tab.dialog.getByRole("button", { name: "Send to 4", exact: true });
  await waitForHydrated(sendButton);
  await sendButton.click();
  await expect(tab.dialog).toBeHidden();
  await expect(tab.notice).toHaveText("Sending the newsletter to 4 active subscribers.");

  await expect(tab.progress).toHaveAccessibleName("Newsletter sent", { timeout: 20_000 });
  await expect(tab.progress).toContainText(SUBJECT);
  await expect(tab.progress.getByRole("status")).toHaveText(progressLine({ sent: 4, total: 4 }));
  await expect(tab.progressBar).toHaveAttribute("max", "4");
  await expect(tab.progressBar).toHaveAttribute("value", "4");
  expect(await historyRow(page, SUBJECT)).toEqual([`${SUBJECT}\nSent from this tab`, "Sent", "4", "0", "0"]);

  // The sink holds one message per active subscriber, each with the draft's subject and a personal link.
  const messages = await sink.waitForMessages(4);
  expect(messages.flatMap((message) => message.envelope.to).sort()).toEqual([...ALL_READERS].sort());
  for (const message of messages) {
    expect(message.parsed.subject).toBe(SUBJECT);
    expect(message.parsed.from?.address).toBe("digest@byline.example");
    expect(header(message, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(listUnsubscribeUrl(message)).toMatch(new RegExp(`^${siteUrl}/unsubscribe/[^/]+$`));
  }
  expect(new Set(messages.map(listUnsubscribeUrl)).size, "every subscriber has a link of their own").toBe(4);

  // The draft went out: the tab has no draft left, and the same draft posted again sends nothing more.
  await page.reload();
  await waitForHydrated(tab.send);
  await expect(tab.subject).toHaveCount(0);
  await tab.send.click();
  await expect(tab.alert).toHaveText(NEWSLETTER_TAB_TEXTS.notGenerated);
  expect(sink.messages).toHaveLength(4);
});

test("a reader who opens an article from the sent message counts as a read from that issue, with or without JavaScript, on the article's cached page", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const message = messageTo(READER);
  const [article] = DIGEST_ARTICLES;
  // The sender adds the issue's campaign parameter to every article link, in the HTML and in the text.
  const articleLink = (reader: Page) =>
    reader.getByRole("heading", { level: 2, name: article!.title, exact: true }).getByRole("link");
  await page.setContent(message.parsed.html ?? "");
  const link = (await articleLink(page).getAttribute("href")) ?? "";
  expect(link).toMatch(new RegExp(`^${siteUrl}/article/${article!.id}\\?ref=newsletter-\\d+$`));
  expect(message.parsed.text).toContain(link);

  // The page cache keeps the article once, whatever its campaign parameter: warmed without it, the link is a hit.
  const plain = `${siteUrl}/article/${article!.id}`;
  await page.request.get(plain);
  const cached = await page.request.get(plain);
  expect(cached.headers()["x-page-cache"]).toBe("hit");

  /** The reader's view report and the link's page: the cached article, the same copy as without the parameter. */
  const expectCountedOnCachedPage = async (landed: Promise<Response>, reported: Promise<Response>, report: "POST" | "GET") => {
    const answer = await landed;
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-page-cache"], "the link's page comes from the cache").toBe("hit");
    expect(answer.headers().etag, "the same cached page as without the parameter").toBe(cached.headers().etag);
    expect((await reported).status(), `the view report (${report})`).toBe(report === "POST" ? 204 : 200);
  };
  const viewReport = (context: BrowserContext, method: "POST" | "GET") =>
    context.waitForEvent(
      "response",
      (response) => new URL(response.url()).pathname === "/api/views" && response.request().method() === method,
    );

  // A reader opens the message and follows the article's link, which opens in a new tab as mail links do.
  const reader = await readerContext(browser, server, "198.51.100.111");
  try {
    const inbox = await reader.newPage();
    await inbox.setContent(message.parsed.html ?? "");
    const landed = reader.waitForEvent("response", (response) => response.url() === link);
    const reported = viewReport(reader, "POST");
    const opened = reader.waitForEvent("page");
    await articleLink(inbox).click();
    await expect((await opened).getByRole("heading", { level: 1 })).toHaveText(article!.title);
    await expectCountedOnCachedPage(landed, reported, "POST");
  } finally {
    await reader.close();
  }

  // Another, whose browser runs no JavaScript, opens the same link: the pixel counts, the page sending its address as Referer.
  const noScript = await readerContext(browser, server, "198.51.100.112", { javaScriptEnabled: false });
  try {
    const tab = await noScript.newPage();
    const reported = viewReport(noScript, "GET");
    const landed = tab.goto(link).then((response) => response!);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(article!.title);
    await expectCountedOnCachedPage(landed, reported, "GET");
  } finally {
    await noScript.close();
  }

  // Views are written every 10 seconds: the editor's Insights tab shows the two reads once they are in.
  await signInTo(page, siteUrl, admin);
  const issues = page.getByRole("table", { name: /Newsletter issues/ });
  await expect(async () => {
    await page.goto(`${siteUrl}/admin/insights`);
    await expect(issues.getByRole("row", { name: SUBJECT }).getByRole("cell"), "Sent on, delivered, failed, reads").toHaveText(
      [/\d{4}-\d{2}-\d{2}/, "4", "0", "2"],
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Newsletter issues", exact: true })).toContainText("2 reads from the newsletter");
});

test("the reader's message carries their own unsubscribe link; it opens a page whose Unsubscribe button unsubscribes, and Resubscribe brings them back", async ({
  page,
  browser,
  playwright,
}) => {
  const message = messageTo(READER);
  const link = listUnsubscribeUrl(message);
  expect(message.parsed.text).toContain(link);

  const editor = await editorPage(browser);
  try {
    await expect(newsletterTab(editor.page).cards).toHaveText(cardValues(4, 4));

    // A corporate mail filter fetches every link in the message before the reader sees it: nothing changes.
    const scanner = await playwright.request.newContext();
    try {
      for (const method of ["GET", "HEAD"] as const) {
        const scanned = await scanner.fetch(link, { method, maxRedirects: 0 });
        expect(scanned.status(), `${method} ${link}`).toBe(200);
      }
    } finally {
      await scanner.dispose();
    }

    // The reader opens the message and presses its Unsubscribe link, which opens in a new tab as mail links do.
    await page.setContent(message.parsed.html ?? "");
    await expect(page.getByText(DIGEST_INTRO)).toBeVisible();
    const unsubscribe = page.getByRole("link", { name: "Unsubscribe", exact: true });
    await expect(unsubscribe).toHaveAttribute("href", link);
    const opened = page.waitForEvent("popup");
    await unsubscribe.click();
    const landing = await opened;
    const landingProblems = consoleProblems(landing);
    await expect(landing).toHaveURL(link);
    await expect(landing.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the Byline newsletter?");
    await expect(landing.getByText(`${READER} receives the Byline weekly digest. Press Unsubscribe to stop it.`)).toBeVisible();
    expect(await accessibilityViolations(landing), "axe on the unsubscribe page").toEqual([]);

    // Opening the link changed nothing: the admin list still says active.
    await editor.page.reload();
    const tab = newsletterTab(editor.page);
    await expect(tab.cards).toHaveText(cardValues(4, 4));
    await expect(tab.recent.getByRole("row").filter({ hasText: READER }).getByRole("cell").nth(1)).toHaveText("active");

    // The button does.
    await landing.getByRole("button", { name: "Unsubscribe", exact: true }).click();
    await expect(landing.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
    await expect(landing).toHaveURL(link);
    await expect(landing.getByRole("status")).toHaveText(`${READER} will no longer receive the Byline newsletter.`);
    expect(await accessibilityViolations(landing), "axe on the unsubscribed page").toEqual([]);

    await editor.page.reload();
    await expect(tab.cards).toHaveText(cardValues(4, 3));
    await expect(tab.recent.getByRole("row").filter({ hasText: READER }).getByRole("cell").nth(1)).toHaveText("unsubscribed");

    // Unsubscribed by mistake: one click brings the reader back.
    const resubscribe = landing.getByRole("button", { name: "Resubscribe", exact: true });
    await waitForHydrated(resubscribe);
    await resubscribe.click();
    await expect(landing.getByRole("heading", { level: 1 })).toHaveText("Welcome back!");
    await expect(landing.getByRole("status")).toHaveText(`${READER} will receive the Byline weekly digest again.`);
    expect(landingProblems, "the unsubscribe page logged errors").toEqual([]);
    await editor.page.reload();
    await expect(tab.cards).toHaveText(cardValues(4, 4));
    await expect(tab.recent.getByRole("row").filter({ hasText: READER }).getByRole("cell").nth(1)).toHaveText("active");
    expect(editor.problems, "the editor's page logged errors").toEqual([]);
  } finally {
    await editor.close();
  }
});

test.describe("a link that is not valid", () => {
  test.use({ allowedConsoleErrors: [statusConsoleError(404)] });

  test("a forged or damaged token shows that the link is not valid, with 404, and changes nobody", async ({ page, request }) => {
    const real = new URL(listUnsubscribeUrl(messageTo(EARLIER_READERS[2]!)));
    const [subscriberId, signature] = real.pathname.split("/").at(-1)!.split(".");
    // The right subscriber with a made-up signature, a signature for someone else, and no token shape at all.
    const forged = [
      `${subscriberId}.${"A".repeat(signature!.length)}`,
      `${(Number.parseInt(subscriberId!, 36) + 1).toString(36)}.${signature}`,
      "not-a-token",
    ];
    for (const token of forged) {
      const response = await page.goto(`${siteUrl}/unsubscribe/${token}`);
      expect(response?.status(), `/unsubscribe/${token}`).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This unsubscribe link is not valid");
      await expect(page.getByRole("button", { name: "Resubscribe" })).toHaveCount(0);

      const oneClick = await request.post(`${siteUrl}/unsubscribe/${token}`, {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        data: "List-Unsubscribe=One-Click",
        maxRedirects: 0,
      });
      expect(oneClick.status(), `one-click POST to /unsubscribe/${token}`).toBe(404);
    }
    expect(await accessibilityViolations(page), "axe on the invalid-link page").toEqual([]);

    await openNewsletterTab(page, siteUrl, admin);
    await expect(newsletterTab(page).cards).toHaveText(cardValues(4, 4));
    expect((await exportedStatuses(page)).get(EARLIER_READERS[2]!)).toBe("active");
  });
});

test("one-click unsubscribe: a mail provider's POST without a cookie unsubscribes, with no Origin or a foreign one, urlencoded or multipart; a foreign button press or resubscribe is refused", async ({
  page,
  playwright,
}) => {
  await openNewsletterTab(page, siteUrl, admin);
  // A mail provider's own HTTP client: no cookie jar shared with anyone.
  const provider = await playwright.request.newContext();
  const oneClick = (link: string, headers: Record<string, string> = {}) =>
    provider.post(link, {
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
      maxRedirects: 0,
    });
  try {
    // A provider's server sends no Origin, Referer or Sec-Fetch-Site at all.
    const withoutOrigin = await oneClick(listUnsubscribeUrl(messageTo(EARLIER_READERS[1]!)));
    expect(withoutOrigin.status()).toBe(200);
    expect(withoutOrigin.headers()["set-cookie"]).toBeUndefined();
    await page.reload();
    await expect(newsletterTab(page).cards).toHaveText(cardValues(4, 3));

    // One that posts from its webmail's page names that page's origin.
    const link = listUnsubscribeUrl(messageTo(EARLIER_READERS[0]!));
    const fromForeignOrigin = await oneClick(link, { Origin: FOREIGN_ORIGIN });
    expect(fromForeignOrigin.status()).toBe(200);
    await page.reload();
    await expect(newsletterTab(page).cards).toHaveText(cardValues(4, 2));
    const statuses = await exportedStatuses(page);
    expect(statuses.get(EARLIER_READERS[0]!)).toBe("unsubscribed");
    expect(statuses.get(EARLIER_READERS[1]!)).toBe("unsubscribed");
    expect(statuses.get(EARLIER_READERS[2]!)).toBe("active");

    // The page's Unsubscribe button is a form like any other: posted from another site, it is refused.
    const lastLink = listUnsubscribeUrl(messageTo(EARLIER_READERS[2]!));
    const forgedButton = await provider.post(lastLink, {
      headers: { Origin: FOREIGN_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      data: "",
      maxRedirects: 0,
    });
    expect(forgedButton.status()).toBe(403);
    expect(await forgedButton.text()).toBe(FORM_REFUSED);
    expect((await exportedStatuses(page)).get(EARLIER_READERS[2]!)).toBe("active");

    // RFC 8058 prefers the one-click body as multipart/form-data: that unsubscribes too.
    const multipart = await provider.post(lastLink, { multipart: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
    expect(multipart.status()).toBe(200);
    expect(await multipart.text()).toBe("You have been unsubscribed.");
    expect((await exportedStatuses(page)).get(EARLIER_READERS[2]!)).toBe("unsubscribed");

    // Resubscribing is no one-click action: from another site it is refused, and the reader stays unsubscribed.
    const refused = await provider.post(`${link}/resubscribe`, {
      headers: { Origin: FOREIGN_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      data: "",
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toBe(FORM_REFUSED);
    expect((await exportedStatuses(page)).get(EARLIER_READERS[0]!)).toBe("unsubscribed");
  } finally {
    await provider.dispose();
  }
});
