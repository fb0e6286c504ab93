import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/domain/sections";
import { countWords } from "~/utils/read-time";
import { CATEGORY_STOCK_IMAGE, stockImageUrl } from "~/utils/stock-images";
import { COMPANIES, RARE_TERMS, SYNTHETIC_SPAN_MS, syntheticArticle, syntheticSearchQueries } from "./synthetic-articles";

const now = new Date("2026-03-01T09:30:00Z");
const options = { seed: 20_260_301, now };
const SAMPLE_SIZE = 2_100;
const sample = Array.from({ length: SAMPLE_SIZE }, (_, index) => syntheticArticle(index, options));
const share = (predicate: (article: (typeof sample)[number]) => boolean) => sample.filter(predicate).length / SAMPLE_SIZE;

describe("syntheticArticle", () => {
  it("gives the same article for the same seed and index, and another for another seed or index", () => {
    expect(syntheticArticle(4_242, options)).toEqual(syntheticArticle(4_242, options));
    expect(syntheticArticle(999_999, options)).toEqual(syntheticArticle(999_999, { ...options }));
    expect(syntheticArticle(4_242, { ...options, seed: options.seed + 1 }).content).not.toBe(
      syntheticArticle(4_242, options).content,
    );
    expect(syntheticArticle(4_243, options).title).not.toBe(syntheticArticle(4_242, options).title);
  });

  it("writes 800 to 1,200 words of markdown and a read time of words / 200", () => {
    for (const article of sample.slice(0, 700)) {
      const words = countWords(article.content);
      expect(words).toBeGreaterThanOrEqual(800);
      expect(words).toBeLessThanOrEqual(1200);
      expect(article.wordCount).toBe(words);
      expect(article.readTime).toBe(Math.ceil(words / 200));
    }
  });

  it("has an intro, 3 to 5 sections and no unfilled template slots", () => {
    for (const article of sample.slice(0, 700)) {
      const headings = article.content.split("\n").filter((line) => line.startsWith("## "));
      expect(headings.length).toBeGreaterThanOrEqual(3);
      expect(headings.length).toBeLessThanOrEqual(5);
      expect(article.content.startsWith("## ")).toBe(false);
      for (const text of [article.title, article.excerpt, article.content]) expect(text).not.toMatch(/[{}]|undefined|NaN/);
      expect(article.title.length).toBeGreaterThan(10);
      expect(article.excerpt.split(/(?<=[.?!])\s+/).length).toBeLessThanOrEqual(2);
    }
    // Some articles carry a list and some a quote, not all.
    expect(share((article) => /^- /m.test(article.content))).toBeGreaterThan(0.2);
    expect(share((article) => /^> /m.test(article.content))).toBeGreaterThan(0.1);
    expect(share((article) => /^> /m.test(article.content))).toBeLessThan(0.5);
  });

  it("covers every category evenly, with the category's stock cover", () => {
    const first700 = sample.slice(0, 700);
    for (const category of CATEGORIES) {
      const inCategory = first700.filter((article) => article.category === category);
      expect(inCategory).toHaveLength(100);
      for (const article of inCategory) expect(article.image).toBe(stockImageUrl(CATEGORY_STOCK_IMAGE[category]));
    }
  });

  it("publishes about 90%, features about 2% and marks about 5% popular", () => {
    expect(share((article) => article.publishedAt !== null)).toBeGreaterThan(0.87);
    expect(share((article) => article.publishedAt !== null)).toBeLessThan(0.93);
    expect(share((article) => article.isFeatured)).toBeGreaterThan(0.005);
    expect(share((article) => article.isFeatured)).toBeLessThan(0.04);
    expect(share((article) => article.isPopular)).toBeGreaterThan(0.025);
    expect(share((article) => article.isPopular)).toBeLessThan(0.08);
  });

  it("dates articles within the 3 years before now, more of them recent", () => {
    const earliest = now.getTime() - SYNTHETIC_SPAN_MS;
    for (const article of sample) {
      expect(article.createdAt.getTime()).toBeGreaterThanOrEqual(earliest);
      expect(article.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (article.publishedAt) {
        expect(article.publishedAt.getTime()).toBeGreaterThanOrEqual(article.createdAt.getTime());
        expect(article.publishedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    const lastYear = share((article) => article.createdAt.getTime() > now.getTime() - SYNTHETIC_SPAN_MS / 3);
    expect(lastYear).toBeGreaterThan(0.4);
    expect(share((article) => article.createdAt.getTime() < earliest + SYNTHETIC_SPAN_MS / 3)).toBeGreaterThan(0.05);
  });

  it("uses a large vocabulary in which rare terms stay rare", () => {
    const documentFrequency = new Map<string, number>();
    for (const article of sample) {
      const tokens = new Set(`${article.title} ${article.excerpt} ${article.content}`.toLowerCase().match(/[a-z][a-z-]+/g));
      for (const token of tokens) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    }
    expect(documentFrequency.size).toBeGreaterThan(3_000);
    const rareShares = RARE_TERMS.filter((term) => /^[a-z-]+$/.test(term)).map(
      (term) => (documentFrequency.get(term) ?? 0) / SAMPLE_SIZE,
    );
    expect(Math.max(...rareShares)).toBeLessThan(0.02);
    // In 2,100 articles most rare terms appear at least once, none in many.
    expect(rareShares.filter((value) => value > 0).length).toBeGreaterThan(rareShares.length * 0.8);
  });
});

describe("syntheticSearchQueries", () => {
  const queries = syntheticSearchQueries(200, 7);

  it("is deterministic and differs between seeds", () => {
    expect(syntheticSearchQueries(200, 7)).toEqual(queries);
    expect(syntheticSearchQueries(200, 8)).not.toEqual(queries);
  });

  it("gives 200 distinct, varied queries", () => {
    expect(queries).toHaveLength(200);
    expect(new Set(queries).size).toBe(200);
    for (const query of queries) expect(query).toMatch(/^\S(.*\S)?$/);
    const rare = new Set(RARE_TERMS);
    const companies = new Set(COMPANIES);
    expect(queries.filter((query) => query.includes(" ")).length).toBeGreaterThan(20);
    expect(queries.filter((query) => rare.has(query)).length).toBeGreaterThan(10);
    expect(queries.filter((query) => companies.has(query)).length).toBeGreaterThan(10);
    expect(queries.filter((query) => /^[a-z]{3,5}$/.test(query)).length).toBeGreaterThan(20);
  });
});
