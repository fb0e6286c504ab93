import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { ChatCompletionRequest, ContentReply } from "../fakes/chat-completions-server";
import { signInTo, waitForHydrated, type AdminAccount } from "./article-admin-support";
import { expect } from "./fixtures";
import { promptOf } from "./generation-support";
import { sameOriginHeaders } from "./support";

/**
 * What the newsletter sending specs share: the model's digest reply, written from the articles the prompt
 * lists; readers signing up over HTTP from their own client addresses; and the Newsletter Management tab's
 * parts, found by their roles and names.
 */

/** The spec's texts, written out so a changed text in the app fails a test. */
export const NEWSLETTER_TAB_TEXTS = {
  notGenerated: "Please generate newsletter content first",
  noHistory: "No newsletter has been sent yet.",
} as const;

/** An article as the newsletter prompt lists it: "[n] id: 12", then "Title: ...". */
export interface PromptArticle {
  id: number;
  title: string;
}

export function promptArticles(prompt: string): PromptArticle[] {
  return [...prompt.matchAll(/^\[\d+\] id: (\d+)\nTitle: (.+)$/gm)].map(([, id, title]) => ({ id: Number(id), title: title! }));
}

/** The summary the fake model writes for an article: plain text naming the article, so a reader can tell them apart. */
export function summaryOf(article: PromptArticle): string {
  return `${article.title}: our reporters explain what happened this week, who is affected and why it matters to readers who follow the industry.`;
}

export const DIGEST_INTRO =
  "Welcome back to this week's digest. Chips, clouds and careful security work tied the week together, and here is what you need to know.";

/**
 * The model's reply to the newsletter prompt: the JSON object it asks for, with one summary per article the
 * prompt lists, under the article's id.
 */
export function digestReply(subject: string): (request: ChatCompletionRequest) => ContentReply {
  return (request) => {
    const articles = promptArticles(promptOf(request));
    return {
      content: JSON.stringify({
        subject,
        intro: DIGEST_INTRO,
        summaries: articles.map((article) => ({ id: article.id, summary: summaryOf(article) })),
      }),
    };
  };
}

/**
 * Signs readers up as the site's form does, each batch of ten from its own client address (one address may
 * sign up 10 times per quarter hour). `address(i)` names the address of the i-th batch.
 */
export async function signUpReaders(
  request: APIRequestContext,
  serverUrl: string,
  emails: readonly string[],
  address: (batch: number) => string,
): Promise<void> {
  const batches = Array.from({ length: Math.ceil(emails.length / 10) }, (_, batch) => emails.slice(batch * 10, batch * 10 + 10));
  await Promise.all(
    batches.map(async (batch, index) => {
      for (const email of batch) {
        const response = await request.post(`${serverUrl}/newsletter`, {
          form: { email },
          maxRedirects: 0,
          headers: { ...sameOriginHeaders(serverUrl), "X-Forwarded-For": address(index) },
        });
        expect(response.ok(), `the sign-up of ${email} succeeds`).toBe(true);
      }
    }),
  );
}

/** The Newsletter Management tab's parts. */
export function newsletterTab(page: Page) {
  const composer = page.getByRole("region", { name: "Weekly digest" });
  return {
    cards: page.getByLabel("Subscriber statistics").getByRole("definition"),
    composer,
    model: composer.getByLabel("AI model", { exact: true }),
    openaiKey: composer.getByLabel("OpenAI API key", { exact: true }),
    generate: composer.getByRole("button", { name: "Generate Newsletter", exact: true }),
    notice: composer.getByRole("status").filter({ hasText: /\S/ }),
    alert: composer.getByRole("alert"),
    subject: composer.getByRole("paragraph").filter({ hasText: /^Subject:/ }),
    preview: composer.getByRole("button", { name: "Preview", exact: true }),
    hidePreview: composer.getByRole("button", { name: "Hide Preview", exact: true }),
    htmlFrame: composer.getByTitle("HTML version of the newsletter", { exact: true }),
    textVersion: composer.getByRole("region", { name: "Text version" }),
    send: composer.getByRole("button", { name: "Send Newsletter", exact: true }),
    dialog: page.getByRole("dialog", { name: "Send Newsletter" }),
    progress: page.getByRole("region", { name: /^(Preparing the weekly digest|Sending the newsletter|Newsletter sent)$/ }),
    progressBar: page.getByRole("progressbar", { name: "Newsletter delivery progress" }),
    history: page.getByRole("table", { name: "Newsletter history" }),
    recent: page.getByRole("table", { name: "Recent Subscribers" }),
  };
}

/** The progress section's line, as the tab words it: "4 sent, 0 failed, 0 pending of 4 recipients." */
export function progressLine({
  sent,
  failed = 0,
  pending = 0,
  total,
}: {
  sent: number;
  failed?: number;
  pending?: number;
  total: number;
}) {
  const count = (value: number) => value.toLocaleString("en-US");
  return `${count(sent)} sent, ${count(failed)} failed, ${count(pending)} pending of ${count(total)} ${total === 1 ? "recipient" : "recipients"}.`;
}

/** The cards' numbers in the order Total, Active, Pending, Unsubscribed. */
export function cardValues(total: number, active: number, pending = 0): string[] {
  return [total, active, pending, total - active - pending].map((value) => value.toLocaleString("en-US"));
}

/** Signs in to the server at `serverUrl` and opens the tab, hydrated, so clicks reach their handlers. */
export async function openNewsletterTab(page: Page, serverUrl: string, admin: AdminAccount): Promise<void> {
  await signInTo(page, serverUrl, admin);
  const response = await page.goto(`${serverUrl}/admin/newsletter`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Newsletter Management" })).toBeVisible();
  await waitForHydrated(newsletterTab(page).send);
}

/** The history row of an issue, by its subject, as its cells' texts without the start time. */
export async function historyRow(page: Page, subject: string): Promise<string[]> {
  const row: Locator = newsletterTab(page)
    .history.getByRole("row")
    .filter({ has: page.getByRole("cell").filter({ hasText: subject }) });
  const cells = await row.getByRole("cell").allInnerTexts();
  return cells.slice(0, 5).map((text) => text.trim());
}
