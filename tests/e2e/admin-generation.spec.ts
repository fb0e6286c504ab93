import type { Locator, Page } from "@playwright/test";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startChatCompletionsServer, type ChatCompletionsServer, type ChatReply } from "../fakes/chat-completions-server";
import type { Category } from "../../app/domain/sections";
import { escapeXml } from "../fakes/feed-server";
import { newDataDir } from "../support/pglite-template";
import { startNewsFixtures, type NewsFixtureItem, type NewsFixtures } from "../support/news-fixtures";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { fromOwnClientAddress } from "./admin-support";
import { signInTo, waitForHydrated, waitForModal, type AdminAccount } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import {
  articleReply,
  completionRequests,
  FORM_KEY,
  PROVIDER_ERRORS,
  promptItems,
  promptOf,
  SERVER_KEY,
  type PromptItem,
  type Story,
} from "./generation-support";
import { exactly, notice } from "./support";

/**
 * The Article Generation tab on a server of this file's own, grounded in the fixture feeds and
 * talking to the fake chat-completions server: one and three drafts with their progress, every failure class
 * of spec section 8 with its text, the key rules in the browser, a server-held key, markup in a reply, and a
 * job followed across a reload. The generated drafts are published and read on the article page, where they
 * cite the fixture news items with their links.
 */

/** The spec's texts (sections 5 and 8), written out so a changed text in the app fails a test. */
const TEXTS = {
  invalidFormatOpenAi: 'Invalid format. OpenAI API keys should start with "sk-" and be at least 20 characters long.',
  invalidFormatPerplexity: 'Invalid format. Perplexity API keys should start with "pplx-" and be at least 20 characters long.',
  missingOpenAiKey: "Please enter your OpenAI API key.",
  duplicate:
    "A similar article already exists in the database. The AI detected potential duplicate content based on title and keywords. Please try generating a different topic or wait for new developments in the tech industry.",
  invalidKey: "Invalid API key. Please verify your OpenAI API key is correct and has sufficient credits.",
  quota: "API quota exceeded or billing issue. Please check your OpenAI account usage and billing status.",
  rateLimit: "Rate limit exceeded. Please wait a moment and try again.",
  modelNotAvailable: "Model gpt-4o not available. Please try a different model or check your API access.",
  invalidJson: "Unable to parse AI response as JSON. The AI returned malformed JSON. Please try again or use a different model.",
  invalidStructure: "Invalid response structure: missing required fields (title, excerpt, or content)",
} as const;

/** The status box's titles: the spec's where it names them, the tab's own for the other classes. */
const TITLES = {
  generated: "Article Generated",
  generatedMany: "Articles Generated",
  partial: "Partial Success",
  noNews: "No Recent News Found",
  noNewsMany: "Insufficient Recent News Found",
  duplicate: "Content Uniqueness Protection Active",
  invalidKey: "Invalid API Key",
  quota: "Quota Exceeded",
  rateLimit: "Rate Limit Exceeded",
  model: "Model Not Available",
  failed: "Generation Failed",
} as const;

const GENERATED_ONE = "Your AI article was saved as a draft. Review it in Article Management before you publish it.";
const CATEGORIES = ["AI", "Mobile", "Startups", "Cloud", "Gadgets", "Software", "Security"];
const SERVER_KEY_NOTE = "A server key for OpenAI is configured: no API key is needed here.";
const JOB_RUNNING = "A generation job is running; wait for it to finish.";
const PERPLEXITY_MODEL = "llama-3.1-sonar-large-128k-online";

/** How long a job may take: the fake answers in well under a second, plus the delays some replies ask for. */
const JOB_TIMEOUT = 20_000;

/** Headlines for the drafts this file generates; distinct, so the duplicate check never refuses one of them. */
const STORIES = {
  single: {
    title: "Accelerator Roadmaps and Enterprise Funding Shape a Busy Week",
    excerpt:
      "A chipmaker sketched next year's data-centre hardware while a data company closed a billion-dollar round, two reports say.",
  },
  batchFirst: {
    title: "Cheaper Compact Models Arrive for Support-Desk Builders",
    excerpt: "Lower prices for a small language model aim squarely at companies automating their customer service queues.",
  },
  batchThird: {
    title: "Olympiad Geometry Falls to a Research Lab's Reasoning System",
    excerpt:
      "Researchers report that their newest system solved competition geometry problems, a milestone for machine mathematics.",
  },
  original: {
    title: "Vera Processors Pair With Rubin GPUs in Nvidia's Next Platform",
    excerpt: "Jensen Huang promised triple training throughput over Blackwell systems when the Rubin platform ships next year.",
  },
  serverKey: {
    title: "Investors Keep Betting on Enterprise Data Tooling This Quarter",
    excerpt:
      "Databricks raised one billion dollars as backers wager that businesses will keep paying for machine-learning pipelines.",
  },
  markup: {
    title: "Markup Stays Inert <img src=x onerror=\"alert('title')\"> on Reader Pages",
    excerpt:
      "A reply stuffed with scripts and event handlers still becomes a plain, harmless article once an editor publishes it.",
  },
  interrupted: {
    title: "Batch Jobs Resume Honestly After a Newsroom Server Crash",
    excerpt:
      "When the process running a batch dies, the newsroom keeps the draft already written and says plainly what was lost.",
  },
  slow: {
    title: "Slow Replies Still Land Safely While Editors Reload the Tab",
    excerpt:
      "A draft that took its time to arrive shows that progress is kept on the server, whatever the browser does meanwhile.",
  },
} as const satisfies Record<string, Story>;

/** A reply that says nothing a parser can use. */
const UNPARSEABLE_REPLY: ChatReply = { content: "I'm sorry, but I can't write that article today. Maybe next week?" };
/** A JSON reply without the content field. */
const MISSING_FIELDS_REPLY: ChatReply = {
  content: JSON.stringify({
    title: "A Headline Without Any Body Text at All",
    excerpt: "Only a summary came back.",
    used_items: [1],
  }),
};

function repeat<T>(count: number, item: T): T[] {
  return Array.from({ length: count }, () => item);
}

/** The generator form and its fields, by their labels. */
function generatorForm(page: Page) {
  const form = page.getByRole("form", { name: "Generate articles from this week's news" });
  return {
    form,
    category: form.getByLabel("Category", { exact: true }),
    topic: form.getByLabel("Specific topic or keywords (optional)", { exact: true }),
    model: form.getByLabel("AI model", { exact: true }),
    openaiKey: form.getByLabel("OpenAI API key", { exact: true }),
    perplexityKey: form.getByLabel("Perplexity API key", { exact: true }),
    keyProblem: form.getByRole("alert"),
    button: (count: 1 | 3, category = "AI") =>
      form.getByRole("button", {
        name: count === 1 ? `Generate 1 ${category} Article` : `Generate 3 ${category} Articles`,
        exact: true,
      }),
  };
}

/** The status box of the latest job (the only live region with a third-level heading). */
function statusBox(page: Page): Locator {
  return page.getByRole("status").filter({ has: page.getByRole("heading", { level: 3 }) });
}

function statusTitle(page: Page): Locator {
  return statusBox(page).getByRole("heading", { level: 3 });
}

/** The links under "Drafts made". */
function draftLinks(page: Page): Locator {
  return statusBox(page).getByRole("link");
}

/** The entries under "Articles not made". */
function notMade(page: Page): Locator {
  return statusBox(page)
    .getByRole("listitem")
    .filter({ hasText: /^Article \d of \d: / });
}

function historyRows(page: Page): Locator {
  return page.getByRole("region", { name: "Recent generation jobs" }).getByRole("row");
}

/** The latest job's row in the history, as its cells' texts (the request time left out). */
async function latestJob(page: Page): Promise<string[]> {
  const cells = await historyRows(page).nth(1).getByRole("cell").allInnerTexts();
  return cells.slice(1).map((text) => text.trim());
}

/** The theme's red-600, as the browser computes it. */
function themeRed(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    probe.style.color = "var(--color-red-600)";
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  });
}

/** The draft's id, from its link in the status box. */
async function draftId(page: Page, title: string): Promise<number> {
  const href = await draftLinks(page)
    .filter({ hasText: exactly(title) })
    .getAttribute("href");
  const match = /^\/admin\/articles\/(\d+)\/edit$/.exec(href ?? "");
  expect(match, `the link to "${title}" opens its editor`).not.toBeNull();
  return Number(match![1]);
}

test.describe("Article Generation", () => {
  fromOwnClientAddress();

  const admin: AdminAccount = {
    username: `generation-editor-${process.pid}`,
    password: "generation editor correct horse battery",
  };
  let dir: string;
  let chat: ChatCompletionsServer;
  let news: NewsFixtures;
  let server: ServerProcess;

  /** The environment of a server on the fakes; each gets its own data directory. */
  function serverEnv(name: string, extra: Record<string, string> = {}): Record<string, string> {
    const dataDir = path.join(dir, name);
    newDataDir(dataDir);
    return {
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      NEWS_FEEDS_FILE: news.feedsFile,
      OPENAI_BASE_URL: chat.url,
      PERPLEXITY_BASE_URL: chat.url.replace(/\/v1$/, ""),
      GENERATION_SPACING_MS: "300",
      ...extra,
    };
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = path.join(PROJECT_ROOT, "tests", ".tmp", `admin-generation-${process.pid}-${Date.now().toString(36)}`);
    rmSync(dir, { recursive: true, force: true });
    chat = await startChatCompletionsServer();
    news = await startNewsFixtures({ now: new Date() });
    server = await startServer(serverEnv("main"));
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    await chat?.close();
    await news?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  test.afterEach(() => {
    expect(chat.pendingReplies(), "every scripted reply was used").toBe(0);
  });

  /** Signs in and opens the tab, ready for typing and clicks. */
  async function openTab(page: Page, target: ServerProcess = server): Promise<void> {
    await signInTo(page, target.url, admin);
    const response = await page.goto(`${target.url}/admin/generate`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Article Generation" })).toBeVisible();
    await waitForHydrated(generatorForm(page).button(1));
  }

  /** Types the form key, chooses the category and presses a generate button. */
  async function generate(page: Page, { count = 1, category = "AI" }: { count?: 1 | 3; category?: string } = {}) {
    const form = generatorForm(page);
    await form.category.selectOption(category);
    await form.openaiKey.fill(FORM_KEY);
    await form.button(count, category).click();
  }

  /** Closes the status box of the last job and waits until it is gone. */
  async function dismissStatus(page: Page): Promise<void> {
    await statusBox(page).getByRole("button", { name: "Dismiss status", exact: true }).click();
    await expect(statusBox(page)).toHaveCount(0);
  }

  /** Publishes a draft from Article Management's row action, as an editor does after reviewing it (AI drafts wait in review). */
  async function publish(page: Page, title: string, target: ServerProcess = server): Promise<void> {
    await page.goto(`${target.url}/admin/articles`);
    const table = page.getByRole("table", { name: "Articles, newest first" });
    const row = table.getByRole("row").filter({ has: page.getByRole("link", { name: `Edit ${title}`, exact: true }) });
    const button = row.getByRole("button", { name: `Approve and publish ${title}`, exact: true });
    await waitForHydrated(button);
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await waitForModal(dialog);
    await dialog.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(notice(page, "Article published successfully")).toBeVisible();
  }

  /** The fixture items of the past 7 days in a category, as the prompt lists them: newest first. */
  function recentItems(category: Category, matches: (item: NewsFixtureItem) => boolean = () => true): NewsFixtureItem[] {
    return news.items.filter((item) => item.recent && item.categories.includes(category) && matches(item));
  }

  test("the tab shows the form, the info and the nine trusted sources; the key rules act as one types", async ({ page }) => {
    await openTab(page);
    const form = generatorForm(page);

    // The form's defaults: category AI, model GPT-4o, and a password field for the OpenAI key.
    await expect(form.category.getByRole("option")).toHaveText(CATEGORIES);
    await expect(form.category).toHaveValue("AI");
    await expect(form.model).toHaveValue("gpt-4o");
    await expect(form.model.getByRole("option").first()).toHaveText(/^GPT-4o \(OpenAI\): \S/);
    await expect(form.model.getByRole("option")).toHaveCount(6);
    await expect(form.topic).toHaveValue("");
    await expect(form.openaiKey).toHaveAttribute("type", "password");
    await expect(form.button(1)).toBeEnabled();
    await expect(form.button(3)).toBeEnabled();
    // No job yet: no status box and no history.
    await expect(statusBox(page)).toHaveCount(0);
    await expect(historyRows(page)).toHaveCount(0);

    // Three info cards, the real-news guarantee, and the nine outlets on show, linked to their pages.
    await expect(page.getByRole("list", { name: "How generation works" }).getByRole("heading", { level: 3 })).toHaveText([
      "Database",
      "AI generation",
      "Deployment",
    ]);
    await expect(page.getByRole("region", { name: "Real-news guarantee" })).toContainText("past 7 days");
    const outlets = (
      JSON.parse(readFileSync(news.feedsFile, "utf8")) as { outlet: string; homepage: string; showcase: boolean }[]
    ).filter((outlet) => outlet.showcase);
    expect(outlets).toHaveLength(9);
    const sources = page.getByRole("region", { name: "Trusted news sources" }).getByRole("link");
    await expect(sources).toHaveCount(9);
    for (const [index, outlet] of outlets.entries()) {
      await expect(sources.nth(index)).toHaveAccessibleName(`${outlet.outlet} (opens in a new tab)`);
      await expect(sources.nth(index)).toHaveAttribute("href", outlet.homepage);
      await expect(sources.nth(index)).toHaveAttribute("target", "_blank");
    }
    expect(await accessibilityViolations(page), "axe on the idle tab").toEqual([]);

    // A key of the wrong format: red border, the spec's inline text, both buttons disabled.
    await form.openaiKey.fill("sk-short");
    await expect(form.openaiKey).toHaveAttribute("aria-invalid", "true");
    await expect(form.keyProblem).toHaveText(TEXTS.invalidFormatOpenAi);
    await expect(form.openaiKey).toHaveAccessibleDescription(TEXTS.invalidFormatOpenAi);
    await expect(form.openaiKey).toHaveCSS("border-top-color", await themeRed(page));
    await expect(form.button(1)).toBeDisabled();
    await expect(form.button(3)).toBeDisabled();
    expect(await accessibilityViolations(page), "axe with an invalid key").toEqual([]);

    // Long enough and with the prefix, but an address pasted instead of a key.
    await form.openaiKey.fill("sk-https://platform.example/keys/123");
    await expect(form.keyProblem).toHaveText(TEXTS.invalidFormatOpenAi);
    await expect(form.button(1)).toBeDisabled();

    // A valid key: no message, the buttons are back.
    await form.openaiKey.fill(FORM_KEY);
    await expect(form.keyProblem).toHaveCount(0);
    await expect(form.openaiKey).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.button(1)).toBeEnabled();
    await expect(form.button(3)).toBeEnabled();

    // An empty key is only refused on submit, with the spec's text; no job starts and the model is not asked.
    const asked = completionRequests(chat).length;
    await form.openaiKey.fill("");
    await expect(form.keyProblem).toHaveCount(0);
    await form.button(1).click();
    await expect(form.keyProblem).toHaveText(TEXTS.missingOpenAiKey);
    await expect(form.openaiKey).toHaveAttribute("aria-invalid", "true");
    await expect(statusBox(page)).toHaveCount(0);
    await page.reload();
    await expect(historyRows(page), "no job was stored").toHaveCount(0);
    expect(completionRequests(chat)).toHaveLength(asked);
    await waitForHydrated(form.button(1));

    // The category names the buttons.
    await form.category.selectOption("Security");
    await expect(form.button(1, "Security")).toBeVisible();
    await expect(form.button(3, "Security")).toBeVisible();

    // A Perplexity model asks for a Perplexity key, with its own prefix.
    await form.model.selectOption(PERPLEXITY_MODEL);
    await expect(form.openaiKey).toHaveCount(0);
    await expect(form.perplexityKey).toHaveAttribute("type", "password");
    await expect(form.perplexityKey).toHaveAttribute("placeholder", "pplx-...");
    await form.perplexityKey.fill(FORM_KEY);
    await expect(form.keyProblem).toHaveText(TEXTS.invalidFormatPerplexity);
    await expect(form.perplexityKey).toHaveAttribute("aria-invalid", "true");
    await expect(form.button(1, "Security")).toBeDisabled();
    await form.perplexityKey.fill("pplx-e2e-0123456789abcdef");
    await expect(form.keyProblem).toHaveCount(0);
    await expect(form.button(1, "Security")).toBeEnabled();
  });

  test("one AI draft: progress, then the draft in the editor; published, it cites the fixture items with their links", async ({
    page,
  }) => {
    await openTab(page);
    const form = generatorForm(page);
    const before = completionRequests(chat).length;
    chat.script(articleReply(STORIES.single, { usedItems: [1, 2], delayMs: 3000 }));

    await form.topic.fill("AI");
    await generate(page);
    await expect(statusTitle(page)).toHaveText("Generating 1 AI article");
    await expect(statusBox(page)).toContainText(/Reading the trusted outlets' news of the past 7 days|Writing with GPT-4o/);
    await expect(form.button(1)).toBeDisabled();
    await expect(form.button(3)).toBeDisabled();
    await expect(page.getByText(JOB_RUNNING, { exact: true })).toBeVisible();

    await expect(statusTitle(page)).toHaveText(TITLES.generated, { timeout: JOB_TIMEOUT });
    await expect(statusBox(page).getByText(GENERATED_ONE, { exact: true })).toBeVisible();
    await expect(draftLinks(page)).toHaveText([STORIES.single.title]);
    await expect(statusBox(page).getByRole("listitem")).toHaveText([`${STORIES.single.title} (in review)`]);
    await expect(form.topic, "the topic is cleared after a success").toHaveValue("");
    await expect(form.button(1)).toBeEnabled();
    expect(await latestJob(page)).toEqual(["AI: AI", "GPT-4o", "Succeeded (1 of 1)", STORIES.single.title]);
    expect(await accessibilityViolations(page), "axe with a success box").toEqual([]);

    // What the model was sent: the typed key, and a prompt listing the recent AI fixture items about the topic.
    const requests = completionRequests(chat).slice(before);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.headers.authorization).toBe(`Bearer ${FORM_KEY}`);
    expect(request.body).toMatchObject({ model: "gpt-4o", response_format: { type: "json_object" } });
    const prompt = promptOf(request);
    expect(prompt).toContain('real AI news about "AI" of the past 7 days');
    const listed = promptItems(prompt);
    const expected = recentItems("AI", (item) => /\bAI\b/.test(`${item.title} ${item.summary}`));
    expect(expected.length, "the fixtures have recent AI news about AI").toBeGreaterThanOrEqual(2);
    expect(listed).toEqual(
      expected.map((item, index): PromptItem => ({ number: index + 1, outlet: item.outlet, title: item.title, url: item.url })),
    );
    for (const old of news.items.filter((item) => !item.recent)) expect(prompt).not.toContain(old.title);
    const cited = expected.slice(0, 2);

    // The draft link opens the editor on the generated draft.
    const id = await draftId(page, STORIES.single.title);
    await draftLinks(page)
      .filter({ hasText: exactly(STORIES.single.title) })
      .click();
    await expect(page).toHaveURL(`${server.url}/admin/articles/${id}/edit`);
    const dialog = page.getByRole("dialog", { name: "Edit article" });
    await waitForModal(dialog);
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(STORIES.single.title);
    await expect(dialog.getByLabel("Excerpt", { exact: true })).toHaveValue(STORIES.single.excerpt);
    await expect(dialog.getByLabel("Category", { exact: true })).toHaveValue("AI");
    const outlets = [...new Set(cited.map((item) => item.outlet))].join(", ");
    await expect(dialog.getByLabel("Sources", { exact: true })).toHaveValue(outlets);
    await expect(dialog.getByLabel("Content", { exact: true })).toHaveValue(/## \*\*What happened\*\*/);
    const words = (await dialog.getByLabel("Content", { exact: true }).inputValue()).split(/\s+/).length;
    expect(words, "the body has the prompt's length").toBeGreaterThanOrEqual(800);

    // Published, the article page names the outlets and links each cited item.
    await publish(page, STORIES.single.title);
    const response = await page.goto(`${server.url}/article/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(STORIES.single.title);
    await expect(page.getByText("AI-assisted", { exact: true })).toBeVisible();
    await expect(page.getByText("Correspondent", { exact: true })).toBeVisible();
    const sources = page.getByRole("complementary", { name: "Sources" });
    await expect(sources.getByText(`This article is based on information from: ${outlets}`)).toBeVisible();
    await expect(sources.getByRole("link")).toHaveText(cited.map((item) => item.title));
    for (const [index, item] of cited.entries()) {
      await expect(sources.getByRole("link").nth(index)).toHaveAttribute("href", item.url);
      await expect(sources.getByRole("listitem").nth(index)).toHaveText(
        new RegExp(`^${exactly(item.title).source.slice(1, -1)} \\(${item.outlet}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\)$`),
      );
      // The link leads to the item on the outlet's (fixture) site.
      const itemPage = await page.request.get(item.url);
      expect(itemPage.status()).toBe(200);
      expect(await itemPage.text()).toContain(`<h1>${escapeXml(item.title)}</h1>`);
    }
  });

  test("three drafts with one failure: progress article by article, then partial success listing what was not made", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await openTab(page);
    const before = completionRequests(chat).length;
    chat.script([
      articleReply(STORIES.batchFirst, { delayMs: 2500 }),
      { ...PROVIDER_ERRORS.invalidKey, delayMs: 2500 },
      articleReply(STORIES.batchThird, { usedItems: [2], delayMs: 2500 }),
    ]);

    await generate(page, { count: 3 });
    await expect(statusTitle(page)).toHaveText("Generating article 1 of 3", { timeout: JOB_TIMEOUT });
    await expect(statusBox(page)).toContainText("(0 made so far)");
    await expect(statusTitle(page)).toHaveText("Generating article 2 of 3", { timeout: JOB_TIMEOUT });
    await expect(statusBox(page)).toContainText("(1 made so far)");
    await expect(draftLinks(page), "the drafts show as they are made").toHaveText([STORIES.batchFirst.title]);
    await expect(statusTitle(page)).toHaveText("Generating article 3 of 3", { timeout: JOB_TIMEOUT });
    await expect(notMade(page), "a failure shows while the job goes on").toHaveText([
      `Article 2 of 3: ${TITLES.invalidKey}. ${TEXTS.invalidKey}`,
    ]);

    await expect(statusTitle(page)).toHaveText(TITLES.partial, { timeout: JOB_TIMEOUT });
    await expect(
      statusBox(page).getByText("2 of 3 AI articles were saved as drafts; 1 could not be made (see below).", { exact: true }),
    ).toBeVisible();
    await expect(draftLinks(page)).toHaveText([STORIES.batchFirst.title, STORIES.batchThird.title]);
    await expect(statusBox(page).getByRole("heading", { level: 4 })).toHaveText(["Drafts made", "Articles not made"]);
    await expect(notMade(page)).toHaveText([`Article 2 of 3: ${TITLES.invalidKey}. ${TEXTS.invalidKey}`]);
    await expect(statusBox(page), "the provider's message, with part of the key, is not shown").not.toContainText("sk-e2e");
    expect(await latestJob(page)).toEqual([
      "AI",
      "GPT-4o",
      "Partial success (2 of 3)",
      `${STORIES.batchFirst.title}\n${STORIES.batchThird.title}`,
    ]);
    expect(await accessibilityViolations(page), "axe with a partial success").toEqual([]);

    const requests = completionRequests(chat).slice(before);
    expect(requests, "one request per article; a 401 is not retried").toHaveLength(3);
    for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${FORM_KEY}`);

    // Each draft opens in the editor.
    await draftLinks(page)
      .filter({ hasText: exactly(STORIES.batchThird.title) })
      .click();
    const dialog = page.getByRole("dialog", { name: "Edit article" });
    await waitForModal(dialog);
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(STORIES.batchThird.title);
    await expect(dialog.getByLabel("Sources", { exact: true })).toHaveValue(recentItems("AI")[1]!.outlet);
  });

  test("each failure class of a single article shows its title and the spec's text", async ({ page }) => {
    test.setTimeout(120_000);
    await openTab(page);
    const form = generatorForm(page);

    await test.step("no recent news (Cloud): the model is not asked", async () => {
      const before = completionRequests(chat).length;
      await generate(page, { category: "Cloud" });
      await expect(statusTitle(page)).toHaveText(TITLES.noNews, { timeout: JOB_TIMEOUT });
      await expect(statusBox(page)).toContainText(
        "No recent Cloud news was found from trusted sources in the past 7 days. This is quality control working",
      );
      await expect(statusBox(page).getByRole("heading", { level: 4 })).toHaveText(["Suggestions", "Tips"]);
      await expect(statusBox(page).getByRole("list").first().getByRole("listitem")).not.toHaveCount(0);
      expect(completionRequests(chat)).toHaveLength(before);
      expect(await latestJob(page)).toEqual(["Cloud", "GPT-4o", "Failed (0 of 1)", "None"]);
      expect(await accessibilityViolations(page), "axe with a warning box").toEqual([]);
      await dismissStatus(page);
      await form.category.selectOption("AI");
    });

    await test.step("duplicate: a reply with the title of an existing article", async () => {
      chat.script(articleReply(STORIES.original));
      await generate(page);
      await expect(statusTitle(page)).toHaveText(TITLES.generated, { timeout: JOB_TIMEOUT });
      await dismissStatus(page);
      chat.script(
        articleReply({
          title: STORIES.original.title,
          excerpt: "A second take on the same platform announcement, written a few minutes after the first one.",
        }),
      );
      await generate(page);
      await expect(statusTitle(page)).toHaveText(TITLES.duplicate, { timeout: JOB_TIMEOUT });
      await expect(statusBox(page).getByText(TEXTS.duplicate, { exact: true })).toBeVisible();
      await expect(draftLinks(page)).toHaveCount(0);
      expect(await latestJob(page)).toEqual(["AI", "GPT-4o", "Failed (0 of 1)", "None"]);
      await dismissStatus(page);
    });

    const failures: { name: string; replies: ChatReply[]; title: string; text: string }[] = [
      { name: "an invalid key (401)", replies: [PROVIDER_ERRORS.invalidKey], title: TITLES.invalidKey, text: TEXTS.invalidKey },
      // The SDK retries every 429 twice, so each 429 case is answered three times.
      {
        name: "no quota left (429 insufficient_quota)",
        replies: repeat(3, PROVIDER_ERRORS.quota),
        title: TITLES.quota,
        text: TEXTS.quota,
      },
      {
        name: "a rate limit, after the retries (429)",
        replies: repeat(3, PROVIDER_ERRORS.rateLimit),
        title: TITLES.rateLimit,
        text: TEXTS.rateLimit,
      },
      {
        name: "an unknown model (404 model_not_found)",
        replies: [PROVIDER_ERRORS.modelNotFound],
        title: TITLES.model,
        text: TEXTS.modelNotAvailable,
      },
      { name: "an unparseable reply", replies: [UNPARSEABLE_REPLY], title: TITLES.failed, text: TEXTS.invalidJson },
      { name: "a reply without content", replies: [MISSING_FIELDS_REPLY], title: TITLES.failed, text: TEXTS.invalidStructure },
    ];
    for (const failure of failures) {
      await test.step(failure.name, async () => {
        const before = completionRequests(chat).length;
        chat.script(failure.replies);
        await generate(page);
        await expect(statusTitle(page)).toHaveText(failure.title, { timeout: JOB_TIMEOUT });
        await expect(statusBox(page).getByText(failure.text, { exact: true })).toBeVisible();
        await expect(statusBox(page)).not.toContainText("sk-e2e");
        await expect(draftLinks(page)).toHaveCount(0);
        expect(completionRequests(chat)).toHaveLength(before + failure.replies.length);
        expect(await latestJob(page)).toEqual(["AI", "GPT-4o", "Failed (0 of 1)", "None"]);
        await dismissStatus(page);
      });
    }

    // The history keeps the latest five jobs.
    await expect(historyRows(page)).toHaveCount(6);
  });

  test("three articles in a category without recent news: Insufficient Recent News Found, and no model call", async ({
    page,
  }) => {
    await openTab(page);
    const before = completionRequests(chat).length;
    await generate(page, { count: 3, category: "Cloud" });
    await expect(statusTitle(page)).toHaveText(TITLES.noNewsMany, { timeout: JOB_TIMEOUT });
    await expect(statusBox(page)).toContainText(
      "Could not find enough recent Cloud news from trusted sources in the past 7 days to generate 3 articles.",
    );
    // The spec cuts the suggestions of a multi-article message to 4.
    const suggestions = statusBox(page).getByRole("list").first().getByRole("listitem");
    await expect(suggestions).toHaveCount(4);
    await expect(notMade(page)).toHaveCount(3);
    for (const [index, entry] of (await notMade(page).all()).entries()) {
      await expect(entry).toHaveText(
        new RegExp(`^Article ${index + 1} of 3: ${TITLES.noNews}\\. No recent Cloud news was found`),
      );
    }
    expect(completionRequests(chat)).toHaveLength(before);
    expect(await latestJob(page)).toEqual(["Cloud", "GPT-4o", "Failed (0 of 3)", "None"]);
  });

  test("with OPENAI_API_KEY on the server the form asks for no key and the server's key is used", async ({ page }) => {
    test.setTimeout(90_000);
    const keyed = await startServer(serverEnv("server-key", { OPENAI_API_KEY: SERVER_KEY }));
    try {
      await openTab(page, keyed);
      const form = generatorForm(page);
      await expect(form.form.getByText(SERVER_KEY_NOTE, { exact: true })).toBeVisible();
      await expect(form.openaiKey).toHaveCount(0);
      await expect(form.form.getByLabel(/API key/)).toHaveCount(0);
      expect(await page.content(), "the server's key never reaches the browser").not.toContain(SERVER_KEY);

      const before = completionRequests(chat).length;
      chat.script(articleReply(STORIES.serverKey, { usedItems: [3] }));
      await form.button(1).click();
      await expect(statusTitle(page)).toHaveText(TITLES.generated, { timeout: JOB_TIMEOUT });
      await expect(draftLinks(page)).toHaveText([STORIES.serverKey.title]);
      const requests = completionRequests(chat).slice(before);
      expect(requests).toHaveLength(1);
      expect(requests[0]!.headers.authorization).toBe(`Bearer ${SERVER_KEY}`);

      // Perplexity has no server key: its models still ask for one.
      await form.model.selectOption(PERPLEXITY_MODEL);
      await expect(form.perplexityKey).toBeVisible();
      await expect(form.form.getByText(SERVER_KEY_NOTE, { exact: true })).toHaveCount(0);
      await page.goto("about:blank");
    } finally {
      expect(await keyed.stop()).toBe(0);
    }
    expect(errorLogLines(keyed.output())).toEqual([]);
  });

  test("markup in a reply never runs: the published article has no script and no event handler from it", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openTab(page);
    const markup = [
      'Before the markup. <script>window.__xss = "script"; alert("script")</script> Between the tags.',
      "<img src=x onerror=\"window.__xss = 'img'; alert('img')\"> After the markup.",
      "<iframe src=\"javascript:alert('frame')\"></iframe>",
      "[A link that runs code](javascript:alert('link'))",
    ].join("\n\n");
    chat.script(articleReply(STORIES.markup, { extraContent: markup }));
    await generate(page);
    await expect(statusTitle(page)).toHaveText(TITLES.generated, { timeout: JOB_TIMEOUT });
    await expect(draftLinks(page)).toHaveText([STORIES.markup.title]);
    const id = await draftId(page, STORIES.markup.title);

    await publish(page, STORIES.markup.title);
    await page.goto(`${server.url}/article/${id}`);
    const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
    // The title's markup is shown as text.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(STORIES.markup.title);
    await expect(article).toContainText("Before the markup.");
    await expect(article).toContainText("After the markup.");
    const found = await page.evaluate(() => ({
      handlers: [...document.querySelectorAll("*")].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith("on")),
      ).length,
      // The page's own scripts carry the title as data; the article itself holds none.
      scripts: document.querySelectorAll("article script").length,
      frames: document.querySelectorAll("iframe").length,
      codeLinks: [...document.querySelectorAll("a[href]")].filter((link) =>
        /^\s*javascript:/i.test(link.getAttribute("href") ?? ""),
      ).length,
      ran: (window as unknown as { __xss?: unknown }).__xss ?? null,
    }));
    expect(found).toEqual({ handlers: 0, scripts: 0, frames: 0, codeLinks: 0, ran: null });
    expect(dialogs, "no alert fired").toEqual([]);
  });

  test("a running job survives a reload; Dismiss hides its box for good while the history keeps it", async ({ page }) => {
    await openTab(page);
    const form = generatorForm(page);
    chat.script(articleReply(STORIES.slow, { delayMs: 5000 }));
    await generate(page);
    await expect(statusTitle(page)).toHaveText("Generating 1 AI article");

    await page.reload();
    await expect(statusTitle(page), "the server still shows the job").toHaveText("Generating 1 AI article");
    await expect(page.getByText(JOB_RUNNING, { exact: true })).toBeVisible();
    await waitForHydrated(form.button(1));
    await expect(form.button(1)).toBeDisabled();
    await expect(form.button(3)).toBeDisabled();
    expect(await latestJob(page)).toEqual(["AI", "GPT-4o", "Running (0 of 1)", "None"]);
    expect(await accessibilityViolations(page), "axe while a job runs").toEqual([]);

    await expect(statusTitle(page)).toHaveText(TITLES.generated, { timeout: JOB_TIMEOUT });
    await expect(draftLinks(page)).toHaveText([STORIES.slow.title]);
    await expect(form.button(1)).toBeEnabled();
    await expect(page.getByText(JOB_RUNNING, { exact: true })).toHaveCount(0);

    await dismissStatus(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Article Generation" })).toBeVisible();
    await expect(statusBox(page)).toHaveCount(0);
    expect(await latestJob(page)).toEqual(["AI", "GPT-4o", "Succeeded (1 of 1)", STORIES.slow.title]);
    await expect(historyRows(page).nth(1).getByRole("link", { name: STORIES.slow.title, exact: true })).toHaveAttribute(
      "href",
      /^\/admin\/articles\/\d+\/edit$/,
    );
    expect(await accessibilityViolations(page), "axe on the tab after Dismiss").toEqual([]);
  });

  test("a batch whose server is killed is marked interrupted, with the draft it made, as soon as the server is back", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A long pause after the first draft, so the kill lands while the job is running.
    const env = serverEnv("killed", { GENERATION_SPACING_MS: "600000" });
    let killed = await startServer(env);
    try {
      await openTab(page, killed);
      chat.script(articleReply(STORIES.interrupted));
      await generate(page, { count: 3 });
      await expect(statusBox(page)).toContainText("(1 made so far)", { timeout: JOB_TIMEOUT });

      // Leave the tab first: its progress polling would meet the dead server.
      await page.goto("about:blank");
      killed.child.kill("SIGKILL");
      await new Promise((resolve) => killed.child.once("exit", resolve));
      killed = await startServer(env);
      await openTab(page, killed);
      await expect(statusTitle(page)).toHaveText("Generation Interrupted");
      await expect(statusBox(page)).toContainText(
        "The server stopped while this job was running. 1 of 3 articles were made before it stopped; start a new job for the rest.",
      );
      await expect(draftLinks(page)).toHaveText([STORIES.interrupted.title]);
      expect(await latestJob(page)).toEqual(["AI", "GPT-4o", "Interrupted (1 of 3)", STORIES.interrupted.title]);
      await expect(generatorForm(page).button(3)).toBeEnabled();
    } finally {
      await killed.stop();
    }
  });
});
