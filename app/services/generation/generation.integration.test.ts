import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  startChatCompletionsServer,
  startFeedServer,
  rssFeed,
  type ChatCompletionsServer,
  type FeedServer,
} from "../../../tests/fakes";
import { insertArticles, insertAuthor } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { allowErrorLogs } from "../../../tests/setup/fail-on-error-log";
import { createTestLogger } from "../../../tests/setup/test-logger";
import type { Database } from "../../db/client.server";
import { admins, articleRevisions, articles, authors, generationJobs, relatedArticles } from "../../db/schema";
import { renderArticleHtml } from "../articles/markdown.server";
import { createAiProviders } from "./ai-provider.server";
import { DEFAULT_SITE_INFO } from "../../validation/site-settings";
import { createArticleGenerator } from "./article-generator.server";
import { createGenerationJobService, type StartJobInput } from "./generation-jobs.server";
import { createNewsFeedReader } from "./news-feeds/feed-reader.server";
import type { NewsOutlet } from "./news-feeds/outlets.server";

/**
 * The generation flow end to end inside one process: real feeds served over a socket, the real
 * OpenAI SDK talking to the fake chat-completions server, the real database. Each case asserts the
 * draft saved (or not) and the exact text the tab shows.
 */

const database = withTestDatabase();
const NOW = "2026-11-20T12:00:00.000Z";
const DAY = 86_400_000;
const OPENAI_KEY = "sk-test-0123456789abcdefghijkl";
const PERPLEXITY_KEY = "pplx-test-0123456789abcdefghij";

const ITEMS = [
  {
    outlet: "Wire One",
    title: "OpenAI opens its reasoning model to every developer tier",
    link: "https://wire-one.example/openai-reasoning-model",
    description: "OpenAI said on Tuesday that its reasoning model is now available to all paying API developers.",
    daysAgo: 1,
  },
  {
    outlet: "Daily Byte",
    title: "Developers weigh the cost of OpenAI's new reasoning API",
    link: "https://daily-byte.example/reasoning-api-cost",
    description: "Start-ups building on OpenAI's API say the reasoning model doubles their bills.",
    daysAgo: 2,
  },
  {
    outlet: "Daily Byte",
    title: "A week-old story about OpenAI that is too old to use",
    link: "https://daily-byte.example/too-old",
    description: "This OpenAI item is outside the 7-day window.",
    daysAgo: 9,
  },
];

let chat: ChatCompletionsServer;
let feeds: FeedServer;
let outlets: NewsOutlet[];

beforeAll(async () => {
  const now = new Date(NOW).getTime();
  const itemsOf = (outlet: string) =>
    ITEMS.filter((item) => item.outlet === outlet).map((item) => ({
      title: item.title,
      link: item.link,
      description: item.description,
      pubDate: new Date(now - item.daysAgo * DAY),
    }));
  feeds = await startFeedServer({
    "/wire-one.xml": { body: rssFeed({ title: "Wire One AI", link: "https://wire-one.example", items: itemsOf("Wire One") }) },
    "/daily-byte.xml": {
      body: rssFeed({ title: "Daily Byte", link: "https://daily-byte.example", items: itemsOf("Daily Byte") }),
    },
  });
  outlets = [
    {
      outlet: "Wire One",
      homepage: "https://wire-one.example",
      showcase: true,
      feeds: [{ url: `${feeds.url}/wire-one.xml`, categories: ["AI"], allowPrivateAddresses: true }],
    },
    {
      outlet: "Daily Byte",
      homepage: "https://daily-byte.example",
      showcase: true,
      feeds: [{ url: `${feeds.url}/daily-byte.xml`, categories: ["AI"], allowPrivateAddresses: true }],
    },
  ];
});

afterAll(() => feeds?.close());

beforeEach(async () => {
  chat = await startChatCompletionsServer();
});
afterEach(() => chat.close());

let adminId: number;
beforeEach(async () => {
  await resetDatabase(database.db);
  const author = await insertAuthor(database.db, { name: "Editor" });
  const [admin] = await database.db
    .insert(admins)
    .values({ username: "editor", passwordHash: "x", authorId: author.id })
    .returning({ id: admins.id });
  adminId = admin?.id ?? 0;
});

/** A body of about 900 words with headings, as a model would write it. */
function body(extra = ""): string {
  const paragraph =
    "OpenAI made its reasoning model available to every paying developer this week, according to Wire One, and start-ups quoted by Daily Byte say the change will reshape their budgets for the rest of the year. ";
  const section = (heading: string) => `## **${heading}**\n\n${paragraph.repeat(6)}\n\n${paragraph.repeat(6)}`;
  return [paragraph.repeat(3), section("What changed"), section("What developers say"), section("What comes next"), extra].join(
    "\n\n",
  );
}

function articleJson(fields: Partial<Record<"title" | "excerpt" | "content", string>> & { used_items?: number[] } = {}): string {
  return JSON.stringify({
    title: "OpenAI opens its reasoning model to all developers as start-ups count the cost",
    excerpt:
      "OpenAI's reasoning model reached every paying developer this week, and start-ups building on it say their API bills could double.",
    content: body(),
    used_items: [1, 2],
    ...fields,
  });
}

function setUp({
  db = database.db,
  spacingMs = 10,
  openaiKey,
  perplexityKey,
  newsOutlets = outlets,
}: { db?: Database; spacingMs?: number; openaiKey?: string; perplexityKey?: string; newsOutlets?: NewsOutlet[] } = {}) {
  const clock = manualClock(NOW);
  const { logger, entries } = createTestLogger();
  const providers = createAiProviders({
    openai: { apiKey: openaiKey, baseUrl: chat.url },
    perplexity: { apiKey: perplexityKey, baseUrl: chat.url.replace(/\/v1$/, "") },
    compatible: undefined,
  });
  const news = createNewsFeedReader({ outlets: newsOutlets, clock, logger, cacheTtlMs: 0 });
  const generator = createArticleGenerator({ db, clock, logger, providers, news, site: DEFAULT_SITE_INFO });
  const jobs = createGenerationJobService({ db, clock, logger, providers, generator, timings: { spacingMs, pollMs: 60_000 } });
  return { clock, logger, entries, providers, jobs };
}

async function runJob(input: Partial<StartJobInput> = {}, setup = setUp()) {
  const id = await setup.jobs.start({ adminId, category: "AI", modelId: "gpt-4o", count: 1, formKey: OPENAI_KEY, ...input });
  await setup.jobs.idle();
  const job = await setup.jobs.find(id);
  if (!job) throw new Error("job not found");
  return { job, setup };
}

async function savedArticles() {
  return database.db
    .select({
      id: articles.id,
      title: articles.title,
      content: articles.content,
      sources: articles.sources,
      sourceLinks: articles.sourceLinks,
      publishedAt: articles.publishedAt,
      isAiGenerated: articles.isAiGenerated,
      readTime: articles.readTime,
      image: articles.image,
      author: authors.name,
    })
    .from(articles)
    .innerJoin(authors, eq(articles.authorId, authors.id));
}

const chatRequests = () => chat.requests.filter((request) => request.path.endsWith("/chat/completions"));

describe("one article", () => {
  it("saves a clean reply as an unpublished AI draft by Correspondent that cites the items it used", async () => {
    chat.script({ content: articleJson() });
    const { job } = await runJob();

    expect(job.status).toBe("succeeded");
    expect(job.outcome).toMatchObject({ tone: "success", title: "Article Generated" });
    const [saved] = await savedArticles();
    expect(saved).toMatchObject({
      title: "OpenAI opens its reasoning model to all developers as start-ups count the cost",
      publishedAt: null,
      isAiGenerated: true,
      author: "Correspondent",
      sources: "Wire One, Daily Byte",
      // "OpenAI" counts for the spec's first keyword, AI.
      image: "/images/stock/ai-technology.svg",
    });
    expect(job.articleIds).toEqual([saved?.id]);
    // The model's text is the article's first revision, by no one.
    const revisions = await database.db
      .select({ kind: articleRevisions.kind, editorId: articleRevisions.editorId, title: articleRevisions.title })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, saved!.id));
    expect(revisions).toEqual([{ kind: "ai_original", editorId: null, title: saved?.title }]);
    expect(saved?.readTime).toBeGreaterThanOrEqual(3);
    expect(saved?.readTime).toBeLessThanOrEqual(6);
    expect(saved?.sourceLinks.map((link) => link.url)).toEqual([ITEMS[0]?.link, ITEMS[1]?.link]);

    const [request] = chatRequests();
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request?.body).toMatchObject({
      model: "gpt-4o",
      temperature: 0.9,
      max_tokens: 3500,
      response_format: { type: "json_object" },
    });
    const prompt = JSON.stringify(request?.body);
    expect(prompt).toContain(ITEMS[0]?.title);
    expect(prompt).toContain(ITEMS[1]?.link);
    expect(prompt).not.toContain("too old to use");
  });

  it("reads a reply wrapped in a code fence", async () => {
    chat.script({ content: "```json\n" + articleJson() + "\n```" });
    const { job } = await runJob();
    expect(job.status).toBe("succeeded");
    expect(await savedArticles()).toHaveLength(1);
  });

  it("repairs a reply whose content holds raw line breaks and text around the object", async () => {
    const broken = articleJson().replace(/\\n/g, "\n");
    chat.script({ content: `Here is your article:\n${broken}\nI hope it helps.` });
    const { job } = await runJob();
    expect(job.status).toBe("succeeded");
    const [saved] = await savedArticles();
    expect(saved?.content).toContain("## **What changed**");
  });

  it("saves a reply cut off mid-content from its title and excerpt, and says so", async () => {
    const cut = articleJson().slice(0, articleJson().indexOf("What developers say"));
    chat.script({ content: cut });
    const { job } = await runJob();
    expect(job.status).toBe("succeeded");
    expect(job.outcome?.tips[0]).toMatch(/^The AI reply was incomplete/);
    const [saved] = await savedArticles();
    expect(saved?.title).toBe("OpenAI opens its reasoning model to all developers as start-ups count the cost");
  });

  it("never signs an AI draft with a staff member's profile renamed Correspondent", async () => {
    allowErrorLogs();
    const [editor] = await database.db.select({ authorId: admins.authorId }).from(admins).where(eq(admins.id, adminId));
    await database.db.update(authors).set({ name: "Correspondent" }).where(eq(authors.id, editor!.authorId));
    chat.script({ content: articleJson() });

    const { job } = await runJob();

    expect(job.status).toBe("failed");
    expect(await database.db.select({ id: articles.id }).from(articles).where(eq(articles.authorId, editor!.authorId))).toEqual(
      [],
    );
  });

  it("signs an AI draft with the automated author when a staff member's name only resembles it", async () => {
    const [editor] = await database.db.select({ authorId: admins.authorId }).from(admins).where(eq(admins.id, adminId));
    await database.db.update(authors).set({ name: "Tech Correspondent" }).where(eq(authors.id, editor!.authorId));
    chat.script({ content: articleJson() });

    await runJob();

    const [saved] = await savedArticles();
    expect(saved?.author).toBe("Correspondent");
  });

  it("refuses an unparseable reply with the spec's text and saves nothing", async () => {
    chat.script({ content: "I am sorry, I cannot write that article today." });
    const { job } = await runJob();
    expect(job.status).toBe("failed");
    expect(job.outcome?.message).toBe(
      "Unable to parse AI response as JSON. The AI returned malformed JSON. Please try again or use a different model.",
    );
    expect(await savedArticles()).toEqual([]);
  });

  it("refuses a reply without a content field", async () => {
    chat.script({ content: JSON.stringify({ title: "A title without a body at all", excerpt: "An excerpt." }) });
    const { job } = await runJob();
    expect(job.outcome?.message).toBe("Invalid response structure: missing required fields (title, excerpt, or content)");
    expect(await savedArticles()).toEqual([]);
  });

  it("passes on the model's NO_RECENT_NEWS_FOUND answer as the no-recent-news warning", async () => {
    chat.script({
      content: JSON.stringify({
        error: "NO_RECENT_NEWS_FOUND",
        message: "Nothing new about this topic.",
        suggestions: ["Try a broader topic"],
      }),
    });
    const { job } = await runJob();
    expect(job.outcome).toMatchObject({ tone: "warning", title: "No Recent News Found" });
    expect(await savedArticles()).toEqual([]);
  });

  it("does not ask the model when no item of the past 7 days matches the topic", async () => {
    const { job } = await runJob({ topic: "quantum toaster" });
    expect(job.status).toBe("failed");
    expect(job.outcome).toMatchObject({ tone: "warning", title: "No Recent News Found" });
    expect(chatRequests()).toEqual([]);
  });

  it("says the feeds could not be read, not that there is no news, when every feed fails, and asks no model", async () => {
    const down = outlets.map((outlet) => ({
      ...outlet,
      feeds: outlet.feeds.map((feed) => ({ ...feed, url: `${feeds.url}/missing.xml` })),
    }));
    const { job } = await runJob({}, setUp({ newsOutlets: down }));
    expect(job.status).toBe("failed");
    expect(job.outcome).toMatchObject({
      tone: "error",
      message: "None of the trusted news feeds for AI could be read just now. Please try again in a few minutes.",
    });
    expect(chatRequests()).toEqual([]);
  });

  it("reports a rejected key with the spec's text and logs no key", async () => {
    chat.script({ status: 401, error: { message: `Incorrect API key provided: sk-tes*****ijkl.`, code: "invalid_api_key" } });
    const { job, setup } = await runJob();
    expect(job.outcome?.message).toBe(
      "Invalid API key. Please verify your OpenAI API key is correct and has sufficient credits.",
    );
    expect(JSON.stringify(setup.entries)).not.toContain(OPENAI_KEY);
    expect(JSON.stringify(await setup.jobs.recent())).not.toContain(OPENAI_KEY);
    expect(chatRequests()).toHaveLength(1);
  });

  it("retries a 429 and then succeeds", async () => {
    chat.script([
      { status: 429, error: { message: "Rate limit reached", code: "rate_limit_exceeded" }, headers: { "retry-after-ms": "10" } },
      { content: articleJson() },
    ]);
    const { job } = await runJob();
    expect(job.status).toBe("succeeded");
    expect(chatRequests()).toHaveLength(2);
  });

  it("refuses a duplicate of an existing article with the spec's full text", async () => {
    const author = await insertAuthor(database.db, { name: "Reporter" });
    await insertArticles(database.db, {
      title: "OpenAI opens its reasoning model to all developers as start-ups count the cost",
      excerpt: "Already covered.",
      content: "Body",
      category: "AI",
      authorId: author.id,
    });
    chat.script({ content: articleJson() });
    const { job } = await runJob();
    expect(job.outcome).toMatchObject({
      tone: "warning",
      title: "Content Uniqueness Protection Active",
      message:
        "A similar article already exists in the database. The AI detected potential duplicate content based on title and keywords. Please try generating a different topic or wait for new developments in the tech industry.",
    });
    expect(await savedArticles()).toHaveLength(1);
  });

  it("writes a follow-up of an earlier story: the story is in the prompt, and the draft is saved related to it", async () => {
    const author = await insertAuthor(database.db, { name: "Reporter" });
    const [earlier] = await insertArticles(database.db, {
      title: "OpenAI sued by authors who say its reasoning model was trained on their books",
      excerpt: "A group of novelists alleges that OpenAI copied their work without permission to train the reasoning model.",
      content: "Body",
      category: "AI",
      authorId: author.id,
      publishedAt: new Date(Date.parse(NOW) - 3 * DAY),
    });
    chat.script({ content: articleJson() });
    const { job } = await runJob();

    expect(job.status).toBe("succeeded");
    const prompt = JSON.stringify(chatRequests()[0]?.body);
    expect(prompt).toContain("EARLIER COVERAGE ON THIS SITE");
    expect(prompt).toContain("OpenAI sued by authors who say its reasoning model was trained on their books");
    const draft = (await savedArticles()).find((article) => article.isAiGenerated);
    expect(draft?.title).toBe("OpenAI opens its reasoning model to all developers as start-ups count the cost");
    expect(
      await database.db
        .select({ articleId: relatedArticles.articleId, relatedId: relatedArticles.relatedId })
        .from(relatedArticles),
    ).toEqual([{ articleId: draft!.id, relatedId: earlier!.id }]);
  });

  it("gives the model no earlier coverage when the site has none", async () => {
    chat.script({ content: articleJson() });
    await runJob();
    expect(JSON.stringify(chatRequests()[0]?.body)).not.toContain("EARLIER COVERAGE");
    expect(await database.db.select().from(relatedArticles)).toEqual([]);
  });

  it("removes Perplexity's citation markers and uses its temperature", async () => {
    chat.script({
      content: articleJson({ content: body("OpenAI confirmed the price [1][2] and developers reacted (Source: Wire One).") }),
    });
    const { job } = await runJob({ modelId: "sonar-deep-research", formKey: PERPLEXITY_KEY });
    expect(job.status).toBe("succeeded");
    const [saved] = await savedArticles();
    expect(saved?.content).toContain("OpenAI confirmed the price and developers reacted");
    expect(saved?.content).not.toMatch(/\[\d\]|Source: Wire One/);
    const [request] = chatRequests();
    expect(request?.path).toBe("/chat/completions");
    expect(request?.body).toMatchObject({ model: "sonar-deep-research", temperature: 0.7, max_tokens: 3500 });
    expect(request?.body).not.toHaveProperty("response_format");
  });

  it("never lets a script or an event handler from the reply reach the page", async () => {
    const hostile = '<script>alert("x")</script>\n\n<img src="x" onerror="alert(1)">\n\nClosing words.';
    chat.script({ content: articleJson({ content: body(hostile) }) });
    await runJob();
    const [saved] = await savedArticles();
    expect(saved?.content).not.toMatch(/<script|onerror/i);
    const html = await renderArticleHtml(saved?.content ?? "");
    expect(html).not.toMatch(/<script|onerror|alert\(/i);
    expect(html).toContain("Closing words.");
  });
});

describe("starting a job", () => {
  it("checks the model and the key before anything is stored", async () => {
    const { jobs } = setUp();
    await expect(jobs.start({ adminId, category: "AI", modelId: "gpt-9", count: 1, formKey: OPENAI_KEY })).rejects.toThrow(
      "Unknown model: gpt-9",
    );
    await expect(jobs.start({ adminId, category: "AI", modelId: "gpt-4o", count: 1 })).rejects.toThrow(
      "OpenAI API key is required for model gpt-4o",
    );
    await expect(
      jobs.start({ adminId, category: "AI", modelId: "gpt-4o", count: 1, formKey: "https://www.example.com/sk-key" }),
    ).rejects.toMatchObject({ code: "INVALID_KEY_FORMAT" });
    expect(await database.db.select().from(generationJobs)).toEqual([]);
  });

  it("uses the server's key when one is configured, whatever the form sends", async () => {
    chat.script({ content: articleJson() });
    const { job } = await runJob({ formKey: undefined }, setUp({ openaiKey: "sk-server-key-0123456789abcdef" }));
    expect(job.status).toBe("succeeded");
    expect(chatRequests()[0]?.headers.authorization).toBe("Bearer sk-server-key-0123456789abcdef");
  });
});

describe("a batch of three", () => {
  it("ends in partial success with the ids made and the failure classified", async () => {
    chat.script([
      { content: articleJson() },
      { status: 401, error: { message: "Incorrect API key provided", code: "invalid_api_key" } },
      {
        content: articleJson({
          title: "Start-ups rework their budgets around the price of reasoning models",
          excerpt:
            "Founders say paying for reasoning tokens forces hard choices between product features and runway in the coming year.",
        }),
      },
    ]);
    const { job } = await runJob({ count: 3 });
    expect(job.status).toBe("partial");
    expect(job.articleIds).toHaveLength(2);
    expect(job.outcome).toMatchObject({ title: "Partial Success" });
    expect(job.errors).toEqual([
      {
        article: 2,
        notice: expect.objectContaining({
          message: "Invalid API key. Please verify your OpenAI API key is correct and has sufficient credits.",
        }),
      },
    ]);
    expect(await savedArticles()).toHaveLength(2);
  });

  it("says there is not enough recent news when every article found none", async () => {
    const { job } = await runJob({ count: 3, topic: "quantum toaster" });
    expect(job.status).toBe("failed");
    expect(job.outcome).toMatchObject({
      tone: "warning",
      title: "Insufficient Recent News Found",
    });
    expect(job.outcome?.message).toContain('Could not find enough recent AI news about "quantum toaster" from trusted sources');
    expect(job.outcome?.suggestions.length).toBeLessThanOrEqual(4);
  });

  it("names the model when no article could be made for other reasons", async () => {
    chat.script([{ content: "not json" }, { content: "still not json" }, { content: "never json" }]);
    const { job } = await runJob({ count: 3 });
    expect(job.outcome?.message).toMatch(/^Failed to generate any verified articles with gpt-4o/);
  });
});

describe("durability", () => {
  it("marks a job interrupted, with what it made, when its process stops", async () => {
    const setup = setUp({ spacingMs: 60_000 });
    chat.script({ content: articleJson() });
    const id = await setup.jobs.start({ adminId, category: "AI", modelId: "gpt-4o", count: 3, formKey: OPENAI_KEY });
    await expect.poll(async () => (await setup.jobs.find(id))?.step, { timeout: 10_000 }).toBe("waiting");
    await setup.jobs.stop();
    const job = await setup.jobs.find(id);
    expect(job?.status).toBe("interrupted");
    expect(job?.articleIds).toHaveLength(1);
    expect(job?.outcome?.message).toContain("1 of 3 articles were made before it stopped");
  });

  it("marks a running job whose heartbeat went quiet interrupted", async () => {
    const setup = setUp();
    const [row] = await database.db
      .insert(generationJobs)
      .values({
        category: "AI",
        model: "gpt-4o",
        count: 3,
        status: "running",
        runner: "gone",
        heartbeatAt: new Date(Date.parse(NOW) - 5 * 60_000),
        articleIds: [7],
      })
      .returning({ id: generationJobs.id });
    expect(await setup.jobs.sweepOrphans()).toBe(1);
    const job = await setup.jobs.find(row?.id ?? 0);
    expect(job?.status).toBe("interrupted");
    expect(job?.outcome?.message).toContain("1 of 3 articles were made");
  });

  it("leaves a running job alone until its heartbeat has been quiet for the default minute", async () => {
    const setup = setUp();
    const quietFor = (ms: number) => new Date(Date.parse(NOW) - ms);
    const job = (heartbeatAt: Date) =>
      ({ category: "AI", model: "gpt-4o", count: 1, status: "running", runner: "elsewhere", heartbeatAt }) as const;
    const [minute, longer] = await database.db
      .insert(generationJobs)
      .values([job(quietFor(60_000)), job(quietFor(60_001))])
      .returning({ id: generationJobs.id });
    expect(await setup.jobs.sweepOrphans()).toBe(1);
    expect((await setup.jobs.find(minute?.id ?? 0))?.status, "quiet for exactly a minute").toBe("running");
    expect((await setup.jobs.find(longer?.id ?? 0))?.status, "quiet for a minute and a millisecond").toBe("interrupted");
  });

  it("at start-up on a database of its own, interrupts every job left running at once", async () => {
    const setup = setUp();
    const recent = new Date(Date.parse(NOW) - 1000);
    await database.db.insert(generationJobs).values([
      { category: "AI", model: "gpt-4o", count: 1, status: "running", runner: "gone", heartbeatAt: recent },
      { category: "AI", model: "gpt-4o", count: 3, status: "queued", usesFormKey: true, createdAt: recent },
    ]);
    expect(await setup.jobs.sweepOrphans(), "a fresh heartbeat is trusted on a shared database").toBe(0);
    expect(await setup.jobs.sweepOrphans({ everyRunning: true })).toBe(2);
    expect((await setup.jobs.recent()).map((job) => job.status)).toEqual(["interrupted", "interrupted"]);
  });

  it.runIf(testDriver() === "postgres")("lets only one of two instances claim a queued job", async () => {
    const second = await openSecondHandle(database.handle);
    try {
      const one = setUp({ openaiKey: "sk-server-key-0123456789abcdef" });
      const two = setUp({ db: second.db, openaiKey: "sk-server-key-0123456789abcdef" });
      await database.db
        .insert(generationJobs)
        .values({ category: "AI", model: "gpt-4o", count: 1, createdAt: new Date(Date.parse(NOW) - 5 * 60_000) });
      chat.script({ content: articleJson() });
      const claimed = await Promise.all([one.jobs.claimQueued(), two.jobs.claimQueued()]);
      expect(claimed.filter(Boolean)).toHaveLength(1);
      await Promise.all([one.jobs.idle(), two.jobs.idle()]);
      expect(chatRequests()).toHaveLength(1);
      expect(await savedArticles()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
