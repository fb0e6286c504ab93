import { beforeEach, describe, expect, it } from "vitest";
import { insertArticles, publishedOn, type ArticleValues } from "../../../tests/support/article-factory";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { openDatabase, type Database } from "../../db/client.server";
import { articleKeywords, findSimilarArticle, sharedKeywordsIfDuplicate } from "./duplicate-check.server";

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

  it("does not catch a title that differs early on, when the keyword rule does not either", async () => {
    await insertArticles(database.db, {
      title: "Quantum computing breakthrough at MIT labs",
      excerpt: "Qubits held their state for a record time.",
    });

    const similar = await findSimilarArticle(database.db, {
      title: "Quantum computer breakthrough at MIT labs",
      excerpt: "Investors pour money into photonic hardware startups this spring.",
    });

    expect(similar).toBeNull();
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

    expect(similar).toEqual({ id: draft!.id, title: draft!.title, publishedAt: null, reason: "title" });
  });
});

describe("findSimilarArticle: the keyword rule", () => {
  it("finds the same story retold with another title", async () => {
    const [original] = await insertArticles(database.db, { ...GPT5_STORY, publishedAt: publishedOn(2) });

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toEqual({
      id: original!.id,
      title: GPT5_STORY.title,
      publishedAt: publishedOn(2),
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
      reason: "keywords",
    });
  });

  it("compares only the 10 newest matching articles: an older retelling behind 10 newer other stories is not found", async () => {
    await insertArticles(database.db, { ...GPT5_STORY, createdAt: publishedOn(1) }, ...otherOpenAiStories(10, 2));

    expect(await findSimilarArticle(database.db, GPT5_RETOLD)).toBeNull();
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
