import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startChatCompletionsServer, type ChatCompletionsServer } from "../../../tests/fakes";
import { insertArticles, publishedOn, type ArticleValues } from "../../../tests/support/article-factory";
import { ORBIT_HALTED, ORBIT_LAUNCH, ORBIT_RETOLD } from "../../../tests/support/story-pairs";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { openDatabase, type Database } from "../../db/client.server";
import { createAiProviders } from "../generation/ai-provider.server";
import { articleKeywords, checkStory, findSimilarArticle, sharedKeywordsIfDuplicate } from "./duplicate-check.server";
import { createStoryJudge } from "./story-judge.server";

const database = withTestDatabase();

beforeEach(() => resetDatabase(database.db));

/** A story about GPT-5 as one outlet wrote it... */
const GPT5_STORY = {
  title: "OpenAI releases GPT-5 with stronger reasoning",
  excerpt: "OpenAI says GPT-5 reasoning beats earlier models on coding benchmarks.",
};
/** ...and the same story retold in other words: 8 of its 11 keywords are the first one's. */
const GPT5_RETOLD = {
  title: "GPT-5 is here: OpenAI ships stronger reasoning",
  excerpt: "Coding benchmarks show GPT-5 reasoning ahead of earlier OpenAI models.",
};
/** A different story that shares 2 keywords (openai, gpt5) with the retold one: a candidate, not a duplicate. */
const GPT5_PRICING = {
  title: "OpenAI prices GPT-5 for enterprise customers",
  excerpt: "Enterprise plans start at a fixed monthly fee per seat.",
};

/** Articles that mention OpenAI, so the keyword query finds them, but tell other stories. */
const otherOpenAiStories = (count: number, firstDay: number): ArticleValues[] =>
  Array.from({ length: count }, (_, index) => ({
    title: `OpenAI story number ${index + 1} about something else`,
    excerpt: `Unrelated coverage, part ${index + 1}.`,
    createdAt: publishedOn(firstDay + index),
  }));

describe("findSimilarArticle: the title rule", () => {
  it("finds an existing title that contains the new title's first 30 characters, whatever their case", async () => {
    const [existing] = await insertArticles(database.db, {
      title: "Breaking: QUANTUM COMPUTING BREAKTHROUGH at MIT stuns physicists",
      excerpt: "Qubits held their state for a record time.",
      publishedAt: publishedOn(3),
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Quantum computing breakthrough announced in Boston",
      excerpt: "A lab reports progress on error correction.",
    });

    expect(similar).toEqual({
      id: existing!.id,
      title: "Breaking: QUANTUM COMPUTING BREAKTHROUGH at MIT stuns physicists",
      publishedAt: publishedOn(3),
      status: "published",
      reason: "title",
    });
  });

  it("does not catch a title that shares only its first 29 characters", async () => {
    // "Apple unveils the new iPhone 1" is the new title's prefix; the existing title has "Apple unveils the new iPhone X".
    await insertArticles(database.db, {
      title: "Apple unveils the new iPhone X",
      excerpt: "A glass back and a notch.",
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Apple unveils the new iPhone 17 Pro today",
      excerpt: "Thinner frame, brighter display, faster chip.",
    });

    expect(similar).toBeNull();
  });

  it("does not catch a title that differs early on by the title rule (the story measure takes it for a retelling)", async () => {
    const [existing] = await insertArticles(database.db, {
      title: "Quantum computing breakthrough at MIT labs",
      excerpt: "Qubits held their state for a record time.",
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Quantum computer breakthrough at MIT labs",
      excerpt: "Investors pour money into photonic hardware startups this spring.",
    });

    // Neither spec rule matches ("Quantum computer b..." is not in the stored title, and only 4 of 12 keywords are
    // shared); the headline's names and words are the same, so departure 10 calls it the same story.
    expect(similar).toEqual({
      id: existing!.id,
      title: existing!.title,
      publishedAt: existing!.publishedAt,
      status: "published",
      reason: "story",
    });
  });

  it("takes % and _ in the new title literally, not as wildcards", async () => {
    // As LIKE wildcards, "Save 50% on cloud_storage plan" would match this title.
    await insertArticles(database.db, {
      title: "Save 50 dollars on cloud-storage plans this spring",
      excerpt: "Providers cut prices for small teams.",
    });
    const draft = {
      title: "Save 50% on cloud_storage plans, vendors say",
      excerpt: "Discounts arrive as competition heats up among hosting companies worldwide.",
    };

    expect(await findSimilarArticle(database.db, draft)).toBeNull();

    const [literal] = await insertArticles(database.db, { title: "Save 50% on cloud_storage plans now" });
    expect(await findSimilarArticle(database.db, draft)).toMatchObject({ id: literal!.id, reason: "title" });
  });

  it("counts drafts as well as published articles", async () => {
    const [draft] = await insertArticles(database.db, {
      title: "Quantum computing breakthrough at MIT labs",
      publishedAt: null,
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Quantum computing breakthrough at MIT labs, again",
      excerpt: "Follow-up.",
    });

    expect(similar).toEqual({ id: draft!.id, title: draft!.title, publishedAt: null, status: "draft", reason: "title" });
  });
});

describe("findSimilarArticle: the keyword rule", () => {
  it("finds the same story retold with another title", async () => {
    const [original] = await insertArticles(database.db, { ...GPT5_STORY, publishedAt: publishedOn(2) });

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toEqual({
      id: original!.id,
      title: GPT5_STORY.title,
      publishedAt: publishedOn(2),
      status: "published",
      reason: "keywords",
    });
  });

  it("does not take a different story that shares two keywords for a duplicate", async () => {
    await insertArticles(database.db, GPT5_PRICING);

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toBeNull();
  });

  it("compares each candidate, so a retelling behind a newer different story is found", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...GPT5_STORY, createdAt: publishedOn(1) },
      { ...GPT5_PRICING, createdAt: publishedOn(2) },
    );

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toMatchObject({ id: original!.id, reason: "keywords" });
  });

  it("counts a draft as well", async () => {
    const [draft] = await insertArticles(database.db, { ...GPT5_STORY, publishedAt: null });

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toEqual({
      id: draft!.id,
      title: GPT5_STORY.title,
      publishedAt: null,
      status: "draft",
      reason: "keywords",
    });
  });

  it("compares only the 10 newest matching articles: an older retelling behind 10 newer other stories is left to the story search", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...GPT5_STORY, createdAt: publishedOn(1) },
      ...otherOpenAiStories(10, 2),
    );

    // The keyword rule never sees it; the story search finds it among the newest articles naming "gpt".
    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toMatchObject({ id: original!.id, reason: "story" });
  });

  it("finds the older retelling when only 9 newer matching articles come before it", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...GPT5_STORY, createdAt: publishedOn(1) },
      ...otherOpenAiStories(9, 2),
    );

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toMatchObject({ id: original!.id, reason: "keywords" });
  });

  it("looks for candidates with the first 5 keywords only", async () => {
    // 13 keywords; the existing article has the last 8 of them (8/13 > 0.6) but none of the first 5.
    const draft = {
      title: "alpha bravo charlie delta echo foxtrot golf hotel india juliet",
      excerpt: "kilo lima mike",
    };
    const existing = { title: "foxtrot golf hotel india juliet", excerpt: "kilo lima mike" };
    expect(sharedKeywordsIfDuplicate(articleKeywords(draft), articleKeywords(existing))).not.toBeNull();
    await insertArticles(database.db, existing);

    expect(await findSimilarArticle(database.db, draft)).toBeNull();

    const [withFifth] = await insertArticles(database.db, { ...existing, excerpt: "kilo lima mike echo" });
    expect(await findSimilarArticle(database.db, draft)).toMatchObject({ id: withFifth!.id, reason: "keywords" });
  });

  it("finds a retelling whose first keywords are hyphenated words in the stored text", async () => {
    // All 10 keywords are shared, but the first 5 ("wifi", "realworld", ...) are spelt "Wi-Fi", "Real-world" in the text.
    const existing = {
      title: "Real-world Wi-Fi 7: tri-band e-commerce check-out tested",
      excerpt: "Routers tested at home; latency falls.",
    };
    const draft = {
      title: "Wi-Fi 7's real-world e-commerce tri-band check-out",
      excerpt: "Routers tested at home: latency falls.",
    };
    expect(sharedKeywordsIfDuplicate(articleKeywords(draft), articleKeywords(existing))).toHaveLength(10);
    const [original] = await insertArticles(database.db, existing);

    expect(await findSimilarArticle(database.db, draft)).toMatchObject({ id: original!.id, reason: "keywords" });
  });

  it("finds nothing in an empty newsroom, or for a draft without keywords", async () => {
    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toBeNull();
    await insertArticles(database.db, { title: "An article", excerpt: "It is on a page." });
    expect(await findSimilarArticle(database.db, { title: "", excerpt: "is it on?" })).toBeNull();
  });
});

/** The same layoffs as two outlets told them: no spec rule matches (1 of 17 keywords shared), the story measure does. */
const LAYOFFS = {
  title: "Microsoft to cut about 6,000 jobs, roughly 3% of its global workforce",
  excerpt:
    "The layoffs hit every level and region, with engineering and product roles in Redmond among the hardest hit, according to state filings.",
};
const LAYOFFS_RETOLD = {
  title: "Microsoft lays off 3 percent of staff as it trims management layers",
  excerpt:
    "Some six thousand employees are affected as the software maker reduces the number of managers, a spokesperson said, citing a changing market.",
};

/** Other Microsoft stories, naming the company in title and excerpt. */
const otherMicrosoftStories = (count: number, firstDay: number): ArticleValues[] =>
  Array.from({ length: count }, (_, index) => ({
    title: `Microsoft ships Windows update number ${index + 1}`,
    excerpt: `Microsoft release notes for build ${index + 1} of the operating system.`,
    createdAt: publishedOn(firstDay + index),
  }));

describe("findSimilarArticle: the story measure (departure 10)", () => {
  it("finds the same story retold in other words, among other stories about the company", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...LAYOFFS, publishedAt: publishedOn(2), createdAt: publishedOn(2) },
      {
        title: "Microsoft Azure outage knocks out Office 365 and Xbox for hours",
        excerpt: "A faulty configuration change in Azure Front Door took websites and Microsoft's own services offline.",
        createdAt: publishedOn(3),
      },
      ...otherMicrosoftStories(3, 4),
    );
    expect(sharedKeywordsIfDuplicate(articleKeywords(LAYOFFS_RETOLD), articleKeywords(LAYOFFS))).toBeNull();

    expect(await findSimilarArticle(database.db, LAYOFFS_RETOLD)).toEqual({
      id: original!.id,
      title: LAYOFFS.title,
      publishedAt: publishedOn(2),
      status: "published",
      reason: "story",
    });
  });

  it("allows a different story about the same company and deal", async () => {
    await insertArticles(database.db, {
      title: "Adobe agrees to buy Figma for $20 billion in cash and stock deal",
      excerpt:
        "The design software giant will pay about half in cash for the collaborative design startup, pending regulatory approval.",
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Adobe and Figma abandon $20 billion merger citing regulatory hurdles",
      excerpt:
        "The companies ended the deal after EU and UK competition authorities raised concerns; Adobe will pay Figma a $1 billion fee.",
    });

    expect(similar).toBeNull();
  });

  it("allows the same product's delay after its announcement", async () => {
    await insertArticles(database.db, {
      title: "Apple previews a more personal Siri that can act inside apps at WWDC",
      excerpt:
        "Apple Intelligence will let the assistant understand what is on screen and draw on personal context, Apple said, with features coming over the year.",
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Apple delays its smarter Siri features until next year, citing quality",
      excerpt:
        "The personalised assistant promised with Apple Intelligence needs more time, the company said, pushing parts of the upgrade beyond iOS 18.",
    });

    expect(similar).toBeNull();
  });

  it("compares the newest articles naming the same names: an old retelling behind 10 newer ones is not found", async () => {
    await insertArticles(database.db, { ...LAYOFFS, createdAt: publishedOn(1) }, ...otherMicrosoftStories(10, 2));

    expect(await findSimilarArticle(database.db, LAYOFFS_RETOLD)).toBeNull();
  });

  it("finds the old retelling behind 9 newer articles naming the company", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...LAYOFFS, createdAt: publishedOn(1) },
      ...otherMicrosoftStories(9, 2),
    );

    expect(await findSimilarArticle(database.db, LAYOFFS_RETOLD)).toMatchObject({ id: original!.id, reason: "story" });
  });

  it("keeps the spec's reasons for what the spec's rules catch", async () => {
    const [original] = await insertArticles(
      database.db,
      { ...GPT5_STORY, createdAt: publishedOn(1) },
      { ...LAYOFFS, createdAt: publishedOn(2) },
    );

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toMatchObject({ id: original!.id, reason: "keywords" });
  });
});

describe("checkStory: the same story or a follow-up", () => {
  it("offers the newest earlier story with the same subject and another event as a follow-up, not a duplicate", async () => {
    const [, launch] = await insertArticles(
      database.db,
      {
        title: "Brightvale opens a repair shop for its older e-readers",
        excerpt: "Owners can send in devices for new batteries and screens.",
        createdAt: publishedOn(1),
      },
      { ...ORBIT_LAUNCH, publishedAt: publishedOn(5), createdAt: publishedOn(5) },
    );

    const check = await checkStory(database.db, ORBIT_HALTED);

    expect(check).toEqual({
      same: null,
      followUp: {
        id: launch!.id,
        title: ORBIT_LAUNCH.title,
        excerpt: ORBIT_LAUNCH.excerpt,
        publishedAt: publishedOn(5),
        status: "published",
      },
    });
    expect(await findSimilarArticle(database.db, ORBIT_HALTED)).toBeNull();
  });

  it("reports the same story retold as a duplicate, with no follow-up", async () => {
    const [launch] = await insertArticles(
      database.db,
      { ...ORBIT_LAUNCH, createdAt: publishedOn(2) },
      { ...ORBIT_HALTED, createdAt: publishedOn(3) },
    );

    const check = await checkStory(database.db, ORBIT_RETOLD);

    expect(check.same).toMatchObject({ id: launch!.id, reason: "story" });
    expect(check.followUp).toBeNull();
  });

  it("finds nothing for a story about someone else", async () => {
    await insertArticles(database.db, ORBIT_LAUNCH);
    expect(
      await checkStory(database.db, {
        title: "Kobo cuts the price of its Libra colour e-reader to $199 in the US",
        excerpt: "The Rakuten-owned e-reader maker lowered the price of its colour model ahead of the holiday season.",
      }),
    ).toEqual({ same: null, followUp: null });
  });
});

describe("checkStory with a model's judgement of close calls", () => {
  // A retelling the local measure misses (the verbs differ and the score stays under the threshold) and offers as a
  // possible follow-up: a close call, the kind of pair the model is asked about.
  const JUDGE_SIDES_WITH_META = {
    title: "Judge sides with Meta in authors' AI copyright case over Llama training",
    excerpt:
      "A federal judge in San Francisco ruled the authors failed to show that Meta's use of their books harmed the market for their work.",
  };
  const META_WINS = {
    title: "Meta wins copyright case brought by authors including Sarah Silverman",
    excerpt:
      "The court found the writers had not proved that training Llama on their books hurt sales, handing the Facebook owner a victory.",
  };
  let chat: ChatCompletionsServer;
  beforeAll(async () => {
    chat = await startChatCompletionsServer({ models: ["local-judge"] });
  });
  afterAll(() => chat.close());

  const judge = (timeoutMs?: number) =>
    createStoryJudge({
      providers: createAiProviders({
        openai: { apiKey: undefined, baseUrl: undefined },
        perplexity: { apiKey: undefined, baseUrl: undefined },
        compatible: { name: "Local", baseUrl: chat.url, models: ["local-judge"], apiKey: undefined },
      }),
      timeoutMs,
      logger: createTestLogger().logger,
    });

  it("without a model, a close call keeps the local decision (here: a follow-up)", async () => {
    const [ruling] = await insertArticles(database.db, JUDGE_SIDES_WITH_META);
    expect(await checkStory(database.db, META_WINS, undefined, null)).toMatchObject({
      same: null,
      followUp: { id: ruling!.id },
    });
  });

  it("takes the model's verdict on a close call, with its reason for the editor", async () => {
    const [ruling] = await insertArticles(database.db, JUDGE_SIDES_WITH_META);
    chat.script({
      content: JSON.stringify({ verdict: "same", reason: "Both report the ruling for Meta in the authors' copyright case." }),
    });
    expect(await checkStory(database.db, META_WINS, undefined, judge())).toEqual({
      same: {
        id: ruling!.id,
        title: JUDGE_SIDES_WITH_META.title,
        publishedAt: expect.any(Date),
        status: "published",
        reason: "model",
        judgement: "Both report the ruling for Meta in the authors' copyright case.",
      },
      followUp: null,
    });
  });

  it("asks the model once per check, about the newest close call, and keeps its reason on the follow-up it names", async () => {
    chat.requests.length = 0;
    chat.clearScript();
    const [older, newer] = await insertArticles(
      database.db,
      { ...JUDGE_SIDES_WITH_META, createdAt: publishedOn(3) },
      { ...JUDGE_SIDES_WITH_META, createdAt: publishedOn(4) },
    );
    chat.script({ content: JSON.stringify({ verdict: "follow-up", reason: "A later report on the same ruling." }) });

    expect(await checkStory(database.db, META_WINS, undefined, judge())).toEqual({
      same: null,
      followUp: {
        id: newer!.id,
        title: JUDGE_SIDES_WITH_META.title,
        excerpt: JUDGE_SIDES_WITH_META.excerpt,
        publishedAt: expect.any(Date),
        status: "published",
        judgement: "A later report on the same ruling.",
      },
    });
    expect(older!.id).toBeLessThan(newer!.id);
    // Both earlier articles are close calls; only the newest was put to the model.
    const asked = chat.requests.filter((request) => request.path.endsWith("/chat/completions"));
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0]!.body)).toContain(JUDGE_SIDES_WITH_META.title);
  });

  it("names the newest of two earlier retellings, and the one added last of two from the same moment", async () => {
    const [, newest] = await insertArticles(
      database.db,
      { ...ORBIT_LAUNCH, createdAt: publishedOn(2) },
      { ...ORBIT_LAUNCH, createdAt: publishedOn(6) },
    );
    expect((await checkStory(database.db, ORBIT_RETOLD)).same).toMatchObject({ id: newest!.id, reason: "story" });

    await resetDatabase(database.db);
    const [, addedLast] = await insertArticles(
      database.db,
      { ...ORBIT_LAUNCH, createdAt: publishedOn(6) },
      { ...ORBIT_LAUNCH, createdAt: publishedOn(6) },
    );
    expect((await checkStory(database.db, ORBIT_RETOLD)).same).toMatchObject({ id: addedLast!.id, reason: "story" });
  });

  it("keeps the local decision when the model does not answer within its time limit", async () => {
    const [ruling] = await insertArticles(database.db, JUDGE_SIDES_WITH_META);
    chat.script({ content: JSON.stringify({ verdict: "same", reason: "Too late." }), delayMs: 3_000 });
    expect(await checkStory(database.db, META_WINS, undefined, judge(200))).toMatchObject({
      same: null,
      followUp: { id: ruling!.id },
    });
  });
});

describe("findSimilarArticle when the check itself fails", () => {
  it("allows creation and logs a warning when the database is closed", async () => {
    // A handle of the kind under test, closed before the check runs.
    const closed =
      testDriver() === "postgres" ? await openSecondHandle(database.handle) : await openDatabase({ driver: "pglite" });
    await closed.close();
    const { logger, entries } = createTestLogger();

    expect(await findSimilarArticle(closed.db, GPT5_RETOLD, logger)).toBeNull();

    expect(entries).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringContaining("duplicate check failed"), err: expect.any(Object) }),
    ]);
  });

  it("allows creation and logs the cause when a query throws", async () => {
    const failing = {
      select: () => {
        throw new Error("connection reset by peer");
      },
    } as unknown as Database;
    const { logger, entries } = createTestLogger();

    expect(await findSimilarArticle(failing, GPT5_RETOLD, logger)).toBeNull();

    expect(entries).toEqual([
      expect.objectContaining({ level: 40, err: expect.objectContaining({ message: "connection reset by peer" }) }),
    ]);
  });

  it("allows creation when no logger is given", async () => {
    const failing = {
      select: () => {
        throw new Error("connection reset by peer");
      },
    } as unknown as Database;

    expect(await findSimilarArticle(failing, GPT5_RETOLD)).toBeNull();
  });
});
